import { useTranslation } from "~/lib/i18n";

/**
 * What a screen reader hears when − , + or typing changes a line's quantity (decision
 * 0067): the focus stays on the button, so the new value is said by a polite live
 * region. The server renders the same text, so hydration changes nothing and nothing is
 * announced until the shopper changes the quantity.
 */
export function QuantityStatus({ name, quantity }: { name: string; quantity: number }) {
  const { t } = useTranslation();
  return (
    <span className="sr-only" aria-live="polite" aria-atomic="true" data-testid="quantity-status">
      {t("cart.quantityNow", { name, quantity })}
    </span>
  );
}
