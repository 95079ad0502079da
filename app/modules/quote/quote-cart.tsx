import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { CartEmpty } from "~/modules/cart/cart-empty";
import { VIA_FETCHER, type CartAnswer } from "~/modules/cart/cart-form";
import type { CartLineView, CartView } from "~/modules/cart/cart-view";
import { QuantityStatus } from "~/modules/cart/quantity-status";
import { quantityConstraint, useAnswerToast, useQuantityStepper } from "~/modules/cart/use-quantity-stepper";
import { QUANTITY } from "~/modules/catalog/product-view";
import { QUOTE_PULSE_MS, type QuoteData } from "./quote-fields";
import type { QuoteLineSummary } from "./quote-lines-summary";

const QuoteDialog = lazy(() => import("./quote-dialog"));

type Props = {
  cart: CartView | null;
  quote: QuoteData;
  cartPath: string;
  shopPath: string;
  redirectTo?: string;
  /** The quantity's constraints, from the cart schema (`formConstraint`). */
  quantityConstraint: FormConstraint;
};

/**
 * The request-quote cart (spec §2 Cart variant): the lines with a quantity stepper and a
 * delete icon, no prices, coupon, member card or checkout, and 'send inquiry' opening the
 * request modal (its page without JavaScript). Spec §4 Other, §9: the list carries a pulse
 * flag (data-pulse) for 500 ms after a quantity change or a deletion; the animation is
 * motion-safe only, so prefers-reduced-motion keeps the flag without the movement.
 */
export function QuoteCart({ cart, quote, cartPath, shopPath, redirectTo, quantityConstraint: constraint }: Props) {
  const { t } = useTranslation();
  const [pulse, setPulse] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const changed = useCallback(() => {
    setPulse(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPulse(false), QUOTE_PULSE_MS);
  }, []);
  const items = cart?.items ?? [];
  // After a sent inquiry the cart is empty while the modal still thanks the shopper: the
  // tree keeps SendInquiry (and its modal) in the same place, so it stays mounted.
  return (
    <div className="flex flex-col gap-6" data-testid={items.length ? "quote-cart" : undefined}>
      {items.length === 0 ? (
        <CartEmpty shopPath={shopPath} />
      ) : (
        <>
          <p className="text-slate-700">{t("cart.quote.intro")}</p>
          <ul
            className={`divide-y divide-slate-200 rounded border border-slate-200 ${pulse ? "motion-safe:animate-pulse" : ""}`}
            data-testid="quote-cart-list"
            data-pulse={pulse || undefined}
          >
            {items.map((item) => (
              <QuoteLine
                key={item.itemId}
                item={item}
                cartPath={cartPath}
                redirectTo={redirectTo}
                onChanged={changed}
                constraint={constraint}
              />
            ))}
          </ul>
        </>
      )}
      <SendInquiry items={items} quote={quote} />
    </div>
  );
}

function Hidden({ intent, item, redirectTo, via }: { intent: string; item: CartLineView; redirectTo?: string; via?: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={item.itemId} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {via ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
    </>
  );
}

type LineProps = { item: CartLineView; cartPath: string; redirectTo?: string; onChanged: () => void; constraint: FormConstraint };

function QuoteLine({ item, cartPath, redirectTo, onChanged, constraint }: LineProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const remove = useFetcher<CartAnswer>();
  useAnswerToast(remove, true);
  const deleting = remove.state !== "idle";
  const quantity = useQuantityStepper({ item, cartPath, onSent: onChanged });
  const current = hydrated ? quantity.number : item.qty;
  // Without JavaScript − and + are forms of their own posting the next quantity.
  const stepForm = (delta: -1 | 1) => {
    const next = current + delta;
    const label =
      delta < 0 ? t("cart.quote.decrease", { name: item.productData.name }) : t("cart.quote.increase", { name: item.productData.name });
    return (
      <SecureForm method="post" action={cartPath}>
        <Hidden intent="update" item={item} redirectTo={redirectTo} />
        <input type="hidden" name="quantity" value={next} />
        <Button
          variant="secondary"
          size="sm"
          className="size-9 text-lg"
          disabled={next < QUANTITY.min || next > QUANTITY.max}
          aria-label={label}
          data-testid={delta < 0 ? "quote-decrease" : "quote-increase"}
          onClick={hydrated ? (event) => quantity.step(event, delta) : undefined}
        >
          <span aria-hidden="true">{delta < 0 ? "−" : "+"}</span>
        </Button>
      </SecureForm>
    );
  };
  return (
    <li
      className={`flex flex-wrap items-center gap-4 p-3 ${deleting ? "opacity-50" : ""}`}
      data-testid="cart-line"
      data-item-id={item.itemId}
      data-deleting={deleting || undefined}
      aria-busy={deleting || undefined}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {item.productData.media ? (
          <img
            src={mediaUrl(item.productData.media, "thumbnail")}
            alt=""
            width={50}
            height={50}
            className="h-12 w-12 rounded object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <Link to={item.href} className="font-medium text-brand-800 hover:underline" data-testid="cart-line-link">
            {item.productData.name}
          </Link>
          <p className="text-xs text-slate-500">{item.productData.sku}</p>
          {item.details.map((d) => (
            <p key={d.label} className="text-xs text-slate-600" data-testid="cart-line-detail">
              {d.label}: {d.value}
            </p>
          ))}
        </div>
      </div>
      <div
        className="flex items-center gap-1"
        role="group"
        aria-label={t("cart.quantityOf", { name: item.productData.name })}
        data-testid="quote-stepper"
      >
        {stepForm(-1)}
        <SecureForm
          id={quantity.formId}
          method="post"
          action={cartPath}
          onSubmit={quantity.onSubmit}
          className="flex items-center gap-1"
          data-testid="quantity-form"
        >
          <Hidden intent="update" item={item} redirectTo={redirectTo} />
          <input
            type="number"
            name="quantity"
            {...quantityConstraint(constraint)}
            inputMode="numeric"
            value={quantity.value}
            onChange={quantity.onChange}
            aria-label={t("cart.quantityOf", { name: item.productData.name })}
            className="w-16 rounded border border-slate-300 px-2 py-1 text-center"
          />
          {hydrated ? null : (
            <Button variant="secondary" size="sm">
              {t("cart.update")}
            </Button>
          )}
        </SecureForm>
        {stepForm(1)}
        <QuantityStatus name={item.productData.name} quantity={current} />
      </div>
      <SecureFetcherForm fetcher={remove} method="post" action={cartPath} onSubmit={onChanged}>
        <Hidden intent="delete" item={item} redirectTo={redirectTo} via={hydrated} />
        <Button
          variant="dangerGhost"
          size="sm"
          pending={deleting}
          aria-label={t("cart.deleteItem", { name: item.productData.name })}
          title={t("cart.delete")}
          data-testid="quote-delete"
        >
          <TrashIcon />
        </Button>
      </SecureFetcherForm>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

/**
 * 'Send inquiry': a link to the inquiry page; once hydrated it opens the request modal
 * instead. With no lines left (the inquiry was sent) only the open modal remains.
 */
function SendInquiry({ items, quote }: { items: CartLineView[]; quote: QuoteData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<QuoteLineSummary[] | null>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setContainer(event.currentTarget.closest("dialog"));
    // The lines as they were when the modal opened.
    setLines(
      items.map((item) => ({
        itemId: item.itemId,
        name: item.productData.name,
        sku: item.productData.sku,
        quantity: item.qty,
        options: item.details,
      })),
    );
    setOpen(true);
  };
  return (
    <>
      {items.length ? (
        <a
          href={quote.inquiryPath}
          onClick={onClick}
          className={buttonClass({ size: "lg", className: "self-end" })}
          data-testid="send-inquiry"
        >
          {t("cart.quote.send")}
        </a>
      ) : null}
      {lines ? (
        <Suspense fallback={null}>
          <QuoteDialog open={open} onOpenChange={setOpen} lines={lines} inquiry={quote.inquiry} container={container} />
        </Suspense>
      ) : null}
    </>
  );
}
