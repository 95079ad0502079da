import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { otherParams, parseShopParams, shopSearch, type FilterDef, type ShopDefaults } from "./shop-query";

/** Spec §4/§9: filter changes apply 500 ms after the last one. */
export const FILTER_DEBOUNCE_MS = 500;

type Props = { defs: FilterDef[]; defaults: ShopDefaults; children: ReactNode; className?: string };

/**
 * The GET form around filters, sort, per-page and view. Without JavaScript it submits with
 * its apply button and the loader redirects to the canonical URL. With JavaScript every
 * change waits 500 ms, then navigates (replace, scroll kept) straight to the canonical URL
 * the loader would redirect to. The form has no page field, so any change starts at page 1.
 */
export function ShopForm({ defs, defaults, children, className }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  // Its own timer, not remix-utils' useDebounceSubmit: that submits form data, which would
  // re-encode the canonical URL (boja=1,2 becomes boja=1%2C2); this navigates to it as is.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const ownSearch = useRef<string | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A navigation the form did not make (reset link, back button, pagination) brings new
  // defaults; reset() shows them. The form's own navigations keep what the user is typing.
  useEffect(() => {
    if (ownSearch.current !== location.search) form.current?.reset();
    ownSearch.current = null;
  }, [location.search]);

  const apply = () => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form.current)) if (typeof value === "string") fields.append(key, value);
    const state = parseShopParams(fields, defs, defaults);
    const search = shopSearch(state, defs, defaults, otherParams(new URLSearchParams(location.search), defs));
    if (search === location.search) return;
    ownSearch.current = search;
    navigate(location.pathname + search, { replace: true, preventScrollReset: true });
  };

  return (
    <form
      ref={form}
      method="get"
      action={location.pathname}
      className={className}
      onChange={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(apply, FILTER_DEBOUNCE_MS);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      data-testid="shop-form"
    >
      {children}
    </form>
  );
}
