import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { partPrefix, readSelection, selectionSearch, type Configuration, type ProductDetail, type Selection } from "./product-view";

type Prefill = { variantId: number | null; bundleOptions: Record<number, number> };

/**
 * The chosen values of a configurable product and of a bundle's configurable parts.
 * The server renders them from the URL (?boja=ral-8017&debljina=0.7, ?p12.boja=...), so the
 * no-JS GET form works; with JavaScript a change shows at once from local state and the
 * URL follows with a replace navigation (the route's shouldRevalidate skips its loader:
 * every variant is already in the page's data). The page is keyed by product id, so the
 * state starts afresh on another product.
 */
export function useProductSelection(product: ProductDetail, prefill: Prefill) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [main, setMain] = useState<Selection | null>(() =>
    product.configuration ? readSelection(product.configuration, params, "", prefill.variantId) : null,
  );
  const [parts, setParts] = useState<Record<number, Selection>>(() => {
    const initial: Record<number, Selection> = {};
    for (const part of product.bundle?.parts ?? []) {
      if (part.configuration) initial[part.id] = readSelection(part.configuration, params, partPrefix(part.id), prefill.bundleOptions[part.id]);
    }
    return initial;
  });

  const syncUrl = (config: Configuration, selection: Selection, prefix: string) => {
    // Read the live URL: several changes can happen before the router commits the first.
    const current = new URLSearchParams(window.location.search);
    navigate({ search: `?${selectionSearch(config, selection, current, prefix)}` }, { replace: true, preventScrollReset: true });
  };

  return {
    main,
    parts,
    chooseMain(code: string, valueId: number) {
      if (!product.configuration || !main) return;
      const next = { ...main, [code]: valueId };
      setMain(next);
      syncUrl(product.configuration, next, "");
    },
    choosePart(partId: number, code: string, valueId: number) {
      const config = product.bundle?.parts.find((p) => p.id === partId)?.configuration;
      if (!config) return;
      const next = { ...parts[partId], [code]: valueId };
      setParts((all) => ({ ...all, [partId]: next }));
      syncUrl(config, next, partPrefix(partId));
    },
  };
}
