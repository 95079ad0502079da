import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { CART_MODAL_PARAM } from "~/modules/cart/cart-form";
import { CartContents, type CartPageData } from "~/routes/storefront/cart-page";

/**
 * The cart modal (spec §2 Cart, §9 "Cart modal 80% by 70%"): opened over the page by
 * ?cart=open after an add with cartAdditionBehaviour 2; a native <dialog>, 80 % high and
 * 70 % wide, closed by its button, Escape or a click outside. Its data is the cart route's
 * loader, fetched when it opens. Without JavaScript the add lands on the cart page instead.
 */
export function CartModal({ cartPath }: { cartPath: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const open = params.get(CART_MODAL_PARAM) === "open";
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<CartPageData>();
  const dialog = useRef<HTMLDialogElement>(null);
  const { load } = fetcher;

  useEffect(() => {
    if (!open) return;
    load(cartPath);
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [open, cartPath, load]);

  const close = () => {
    dialog.current?.close();
    const next = new URLSearchParams(params);
    next.delete(CART_MODAL_PARAM);
    const search = next.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  };
  if (!open) return null;
  const here = location.pathname + location.search;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click closes the modal from its backdrop; keyboard users close it with Escape (the native cancel event)
    <dialog
      ref={dialog}
      aria-labelledby="cart-modal-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto h-[80vh] max-h-none w-[calc(100vw-1rem)] max-w-none rounded-lg p-0 backdrop:bg-black/40 sm:w-[70vw]"
      data-testid="cart-modal"
    >
      <div className="flex h-full flex-col gap-4 overflow-y-auto p-4 sm:p-6">
        <div className="flex items-center justify-between">
          <h2 id="cart-modal-title" className="text-2xl font-bold text-brand-900">
            {t("cart.modalTitle")}
          </h2>
          <Button type="button" variant="secondary" size="sm" onClick={close}>
            {t("cart.close")}
          </Button>
        </div>
        {fetcher.data ? (
          <CartContents {...fetcher.data} redirectTo={here} compact />
        ) : (
          <p className="text-slate-600">{t("cart.loading")}</p>
        )}
        <div className="mt-auto flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close}>
            {t("cart.continueShopping")}
          </Button>
          <Link to={cartPath} className={buttonClass()}>
            {t("cart.goToCart")}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
