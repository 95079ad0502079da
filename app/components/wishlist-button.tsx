import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { SecureFetcherForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import type { RootData } from "~/root";
import { heartState, isKept, WISHLIST_ACTION } from "~/lib/wishlist-fields";

// One form for every heart of the page: hearts sit inside other forms (the shop's filter
// form wraps its grid) and forms cannot nest, so each heart is a submit button that names
// this form and posts its product id as its own name/value.
const FORM_ID = "wishlist-form";
const FETCHER_KEY = "wishlist";

/** The page's wishlist form, rendered once by the site layout. */
export function WishlistForm() {
  const location = useLocation();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  return (
    <SecureFetcherForm fetcher={fetcher} id={FORM_ID} action={WISHLIST_ACTION} className="hidden">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
    </SecureFetcherForm>
  );
}

/**
 * The heart of a product card or page (spec §4 Wishlist). The kept products come from the
 * root loader, so every card knows its state without a loader of its own; after a toggle
 * the root revalidates (spec "refetched after success"). A plain POST without JavaScript.
 * Hidden for back-office users, who have no wishlist.
 */
export function WishlistButton({ productId, name, className = "" }: { productId: number; name: string; className?: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  const fetcher = useFetcher({ key: FETCHER_KEY });
  if (root?.user?.isBackofficeUser) return null;
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("productId") === String(productId);
  const kept = isKept(root?.wishlist, productId) !== pending; // optimistic while the toggle is under way
  // One label in both states: a toggle button says its state with aria-pressed, and the
  // fill follows the class heartState gives in CSS (app.css), so the two states differ only in heartState's bytes.
  const label = t("wishlist.toggle", { name });
  return (
    <button
      type="submit"
      form={FORM_ID}
      name="productId"
      value={productId}
      {...heartState(kept, `rounded-full bg-white/90 p-2 shadow hover:bg-white ${className}`)}
      aria-label={label}
      title={label}
      data-testid="wishlist-toggle"
    >
      <svg viewBox="0 0 24 24" className="size-5" strokeWidth="2" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.5-9.3C1 8.2 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 6 3.7 4.5 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
