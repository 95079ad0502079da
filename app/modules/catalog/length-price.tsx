import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { formatMetres, formatPrice } from "~/lib/format";
import { rowTotal } from "~/lib/prices";
import type { PerMetre } from "./add-to-cart-form";
import { lengthInMm } from "./length";
import { CART_FIELDS, optionField, QUANTITY } from "./product-view";

/**
 * The price of the entered length (decision 0028): price per metre × length in metres ×
 * quantity, rounded to the cent as the cart rounds the line; until a length is entered,
 * how the price is made up. The server renders it for the prefilled length (cart-item
 * edit mode); in the browser it follows what is typed into its form.
 */
export function LengthPrice({ perMetre, ...prefilled }: { perMetre: PerMetre; length: string; quantity: string }) {
  const { t } = useTranslation();
  const own = useRef<HTMLParagraphElement>(null);
  const [{ length, quantity }, setTyped] = useState(prefilled);
  useEffect(() => {
    const form = own.current?.closest("form");
    if (!form) return;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    const read = () => setTyped({ length: value(optionField(perMetre.option.code)), quantity: value(CART_FIELDS.quantity) });
    read();
    form.addEventListener("input", read);
    return () => form.removeEventListener("input", read);
  }, [perMetre.option.code]);
  const mm = lengthInMm(length, perMetre.option.unit);
  const count = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : 1;
  const inRange =
    mm !== null &&
    (perMetre.option.min === null || Number(length) >= perMetre.option.min) &&
    (perMetre.option.max === null || Number(length) <= perMetre.option.max);
  const money = (cents: number) => formatPrice(cents, perMetre.currency, perMetre.locale);
  return (
    <p ref={own} className="font-medium text-brand-900" aria-live="polite" data-testid="length-price">
      {inRange && count >= QUANTITY.min && count <= QUANTITY.max
        ? t("product.lengthPrice.total", {
            quantity: count,
            length: formatMetres(mm, perMetre.locale),
            price: money(rowTotal(perMetre.unitCents, count, mm)),
          })
        : t("product.lengthPrice.enter", { price: money(perMetre.unitCents) })}
    </p>
  );
}
