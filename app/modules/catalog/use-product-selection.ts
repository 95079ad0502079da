import { useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
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
      if (part.configuration)
        initial[part.id] = readSelection(part.configuration, params, partPrefix(part.id), prefill.bundleOptions[part.id]);
    }
    return initial;
  });

  // The choosers keep their identity from render to render (they are props of serverFirst
  // sections, which a new function would make render anew while hydrating: React #421), so
  // they read the current selection from a ref.
  const latest = useRef({ main, parts });
  latest.current = { main, parts };
  const syncUrl = useCallback(
    (config: Configuration, selection: Selection, prefix: string) => {
      // Read the live URL: several changes can happen before the router commits the first.
      const current = new URLSearchParams(window.location.search);
      navigate({ search: `?${selectionSearch(config, selection, current, prefix)}` }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
  const chooseMain = useCallback(
    (code: string, valueId: number) => {
      const current = latest.current.main;
      if (!product.configuration || !current) return;
      const next = { ...current, [code]: valueId };
      latest.current.main = next;
      setMain(next);
      syncUrl(product.configuration, next, "");
    },
    [product, syncUrl],
  );
  const choosePart = useCallback(
    (partId: number, code: string, valueId: number) => {
      const config = product.bundle?.parts.find((p) => p.id === partId)?.configuration;
      if (!config) return;
      const next = { ...latest.current.parts[partId], [code]: valueId };
      latest.current.parts = { ...latest.current.parts, [partId]: next };
      setParts((all) => ({ ...all, [partId]: next }));
      syncUrl(config, next, partPrefix(partId));
    },
    [product, syncUrl],
  );

  return { main, parts, chooseMain, choosePart };
}
