import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from "react";
import { useDebounceFetcher } from "remix-utils/use-debounce-fetcher";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import { showToast } from "~/lib/toast";
import { QUANTITY } from "~/modules/catalog/product-view";
import { QUANTITY_DEBOUNCE_MS, VIA_FETCHER, type CartAnswer } from "./cart-form";
import { rowTotal } from "./cart-totals";
import type { CartLineView } from "./cart-view";

type Options = {
  item: Pick<CartLineView, "itemId" | "qty" | "prices">;
  cartPath: string;
  /** Called when an edit is sent (the request-quote cart's pulse). */
  onSent?: () => void;
};

/**
 * The quantity of a cart line with JavaScript, shared by the cart and the request-quote
 * cart (spec §4, §9): typing, − and + change it at once (the row total follows), the
 * update intent is sent 500 ms after the last change through remix-utils'
 * `useDebounceFetcher` (a newer change cancels the pending one, the fetcher aborts one in
 * flight), Enter sends at once. The action checks the quantity with the cart schema and
 * answers a refused one with the error.invalidQuantity toast. The line's quantity form
 * has the id `formId`, so − and + (forms of their own without JavaScript) find it.
 */
export function useQuantityStepper({ item, cartPath, onSent }: Options) {
  const fetcher = useDebounceFetcher<CartAnswer>();
  useAnswerToast(fetcher, false);
  const formId = `quantity-${item.itemId}`;
  const [value, setValue] = useState(String(item.qty));
  const [editing, setEditing] = useState(false);
  // Sent: the stored quantity wins again once nothing of ours is pending.
  useEffect(() => {
    if (fetcher.state !== "submitting") return;
    setEditing(false);
    onSent?.();
  }, [fetcher.state, onSent]);
  useEffect(() => {
    if (!editing && fetcher.state === "idle") setValue(String(item.qty));
  }, [item.qty, editing, fetcher.state]);

  const send = (quantity: string, debounceTimeout: number) => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const body = new FormData(form);
    body.set("quantity", quantity);
    body.set("via", VIA_FETCHER);
    fetcher.submit(body, { method: "post", action: cartPath, debounceTimeout });
  };
  const change = (next: string) => {
    setValue(next);
    setEditing(true);
    send(next, QUANTITY_DEBOUNCE_MS);
  };
  const number = /^\d+$/.test(value) ? Number(value) : null;
  const valid = number !== null && number >= QUANTITY.min && number <= QUANTITY.max;
  return {
    formId,
    value,
    /** The typed quantity when it is a whole number, else the stored one. */
    number: number ?? item.qty,
    rowCents: valid ? rowTotal(item.prices.finalPrice, number, item.prices.lengthMm) : item.prices.row,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      change(event.target.value);
    },
    step(event: MouseEvent<HTMLButtonElement>, delta: -1 | 1) {
      event.preventDefault();
      change(String(Math.min(QUANTITY.max, Math.max(QUANTITY.min, (number ?? item.qty) + delta))));
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      // Enter in the field: send now instead of waiting for the debounce.
      event.preventDefault();
      send(value, 0);
    },
  };
}

/** The quantity input's constraints (required, 1 to 999), from the cart schema through the loader. */
export function quantityConstraint(constraint: FormConstraint) {
  const own = constraint?.quantity;
  return { required: own?.required, min: own?.min, max: own?.max, step: 1 };
}

/** Shows the action's toast once per answer: every failure, and successes where asked. */
export function useAnswerToast(fetcher: Pick<FetcherWithComponents<CartAnswer>, "state" | "data">, successes: boolean) {
  const shown = useRef<CartAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    // The answer is there while the page revalidates ("loading"): a deleted row may be gone by "idle".
    if (fetcher.state === "submitting" || !answer || shown.current === answer) return;
    shown.current = answer;
    if (!answer.ok || successes || answer.toast.type === "info") showToast(answer.toast);
    if (answer.redirectTo) window.location.assign(answer.redirectTo);
  }, [fetcher.state, fetcher.data, successes]);
}
