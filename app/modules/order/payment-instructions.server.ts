import type { orders } from "~/.server/db/schema";
import { isDomainError } from "~/.server/domain-error";
import { bankTransferSlip } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { hub3Text } from "~/modules/payment/bank-transfer/hub3";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { awaitsPayment } from "./order-states";
import { payAgain } from "./pay-again.server";

/**
 * What the buyer of an order does to pay it (decision 0126), for an app's order screens:
 * the bank transfer's slip (the same slip the order page, the e-mail and the printed HUB-3
 * payment order carry: bankTransferSlip), the card provider's page again ("pay again",
 * the account's "Pay now"), or nothing to do.
 *
 * A read starts no payment: for a customer with an account the card's `payUrl` is the shop's
 * page of the order, whose "Pay now" starts the payment with the provider when pressed (the
 * link the phone order's mail carries, decision 0109). A guest cannot sign in to that page, so
 * a guest's order still gets the provider's page started on read (payAgain) until the shop has
 * a page a guest's link opens.
 */
type OrderRow = typeof orders.$inferSelect;

export type NothingToPay = "paid" | "payOnDelivery" | "notOwed" | "unavailable";

export type PaymentInstructions =
  | {
      kind: "bankTransfer";
      iban: string;
      recipient: { name: string; street: string; city: string };
      model: string;
      reference: string;
      amountCents: number;
      currency: string;
      purposeCode: string;
      description: string;
      /** The HUB-3 text the slip's PDF417 barcode carries (ISO-8859-2 in the barcode). */
      hub3: { barcodeData: string };
    }
  | { kind: "card"; payUrl: string }
  | { kind: "none"; reason: NothingToPay };

/**
 * `origin`: PUBLIC_URL, for the order page's address, the provider's return and callback addresses
 * and a relative provider page. `buyer`: whether the buyer can sign in to the order's page.
 */
export async function paymentInstructions(order: OrderRow, origin: string, buyer: "customer" | "guest"): Promise<PaymentInstructions> {
  if (!awaitsPayment(order)) return { kind: "none", reason: order.paymentStatus === "paid" ? "paid" : "notOwed" };
  switch (order.paymentGateway) {
    case "cashOnDelivery":
      return { kind: "none", reason: "payOnDelivery" };
    case "bankTransfer": {
      // As on the order page: broken seller details must not take the order's answer down.
      const slip = await bankTransferSlip(order).catch((error: unknown) => {
        console.error(`bank transfer details of order ${order.slug} failed`, error);
        return null;
      });
      if (!slip) return { kind: "none", reason: "unavailable" };
      return {
        kind: "bankTransfer",
        iban: slip.iban.replace(/\s+/g, "").toUpperCase(),
        recipient: { name: slip.recipientName, street: slip.recipientStreet, city: slip.recipientCity },
        model: slip.model,
        reference: slip.reference,
        amountCents: slip.amountCents,
        currency: slip.currency,
        purposeCode: slip.purposeCode,
        description: slip.description,
        hub3: { barcodeData: hub3Text(slip) },
      };
    }
    case "card": {
      if (buyer === "customer")
        return { kind: "card", payUrl: new URL(href("profileOrder", order.locale as Locale, { slug: order.slug }), origin).toString() };
      // A provider that cannot take a payment now (not configured, unreachable) leaves nothing to do now.
      const start = await payAgain(order, origin).catch((error: unknown) => {
        if (!isDomainError(error)) throw error;
        console.warn(`pay again for order ${order.slug} unavailable: ${error.message}`);
        return "unavailable" as const;
      });
      if (start === "unavailable") return { kind: "none", reason: "unavailable" };
      if (start?.kind !== "redirect") return { kind: "none", reason: "notOwed" };
      return { kind: "card", payUrl: new URL(start.url, origin).toString() };
    }
  }
}
