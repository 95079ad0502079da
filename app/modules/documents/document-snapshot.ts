import type { DocumentKind, OrderAddress, PaymentGateway } from "~/.server/db/schema";
import { shareOut, DEFAULT_TAX_RATE_BP } from "~/modules/cart/cart-totals";
import { EU_COUNTRIES, vatByRate, type VatRow } from "~/modules/cart/vat-rule";
import type { SellerDetails } from "~/modules/payment/seller.server";

/**
 * What an issued document prints, frozen when it is issued (decision 0104): the seller as
 * the settings said then, the buyer, the lines, VAT base and VAT per rate, totals and the
 * payment. Labels are not in it (they follow the reader's language); every fact is.
 */
export type DocumentSnapshot = {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  /** The backoffice user who issued it; null: the web shop itself. */
  operator: string | null;
  currencyLabel: string;
  /** 1, or -1 for a storno and a credit note: every amount printed negative. */
  sign: 1 | -1;
  seller: Omit<SellerDetails, "purposeCode" | "premisesCode" | "deviceCode">;
  buyer: { address: OrderAddress };
  order: {
    slug: string;
    placedAt: string;
    paymentGateway: PaymentGateway;
    paymentMethodName: string;
    deliveryMethodName: string;
    deliveryBranchName: string | null;
    deliveryAddress: OrderAddress;
    couponCode: string | null;
  };
  lines: { name: string; sku: string; quantity: number; lengthMm: number | null; unitCents: number; rowCents: number; taxRateBp: number }[];
  delivery: { cents: number; taxRateBp: number } | null;
  vat: VatRow[];
  totals: { items: number; coupon: number; loyalty: number; delivery: number; tax: number; total: number };
  /** No Croatian VAT charged on a delivery outside the EU (an export). */
  vatExempt: boolean;
  /** The invoice a storno or credit note cancels. */
  refersTo: { number: string; issuedAt: string } | null;
  fiscal: { zki: string; jir: string | null } | null;
  reason: string | null;
};

export type SnapshotOrder = {
  slug: string;
  createdAt: Date;
  currencyLabel: string;
  paymentGateway: PaymentGateway;
  paymentMethodName: string;
  deliveryMethodName: string;
  deliveryBranchName: string | null;
  deliveryAddress: OrderAddress;
  billingAddress: OrderAddress;
  couponCode: string | null;
  itemsTotalCents: number;
  couponCents: number;
  loyaltyCents: number;
  deliveryCents: number;
  taxCents: number;
  orderTotalCents: number;
};

export type SnapshotLine = DocumentSnapshot["lines"][number];

/**
 * VAT base and VAT per rate of an order as it was charged. The order keeps its lines and
 * its discounts as totals: the discounts are shared over the lines in proportion (as the
 * totals engine shares them) and each rate's VAT taken from what remains; the delivery has
 * the standard rate, or none where the order was charged no VAT at all.
 */
export function orderVat(order: SnapshotOrder, lines: SnapshotLine[]): { vat: VatRow[]; deliveryRateBp: number } {
  const rows = lines.map((l) => l.rowCents);
  const discounts = shareOut(order.couponCents + order.loyaltyCents, rows);
  const deliveryRateBp = order.taxCents === 0 ? 0 : DEFAULT_TAX_RATE_BP;
  const vat = vatByRate(
    lines.map((l, i) => ({ grossCents: rows[i] - discounts[i], rateBp: l.taxRateBp })),
    order.deliveryCents > 0 ? { grossCents: order.deliveryCents, rateBp: deliveryRateBp } : null,
  );
  return { vat, deliveryRateBp };
}

export function buildSnapshot(input: {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  operator: string | null;
  seller: SellerDetails;
  order: SnapshotOrder;
  lines: SnapshotLine[];
  refersTo?: DocumentSnapshot["refersTo"];
  fiscal?: DocumentSnapshot["fiscal"];
  reason?: string | null;
}): DocumentSnapshot {
  const { order, seller } = input;
  const { vat, deliveryRateBp } = orderVat(order, input.lines);
  const { purposeCode: _purpose, premisesCode: _premises, deviceCode: _device, ...printed } = seller;
  const country = (order.deliveryAddress.countryIso || order.billingAddress.countryIso || "").toUpperCase();
  return {
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    operator: input.operator,
    currencyLabel: order.currencyLabel,
    sign: input.kind === "storno" || input.kind === "creditNote" ? -1 : 1,
    seller: printed,
    // The buyer as the invoice names them; the e-mail and phone are not invoice data.
    buyer: { address: { ...order.billingAddress, contactEmail: "", contactPhone: "" } },
    order: {
      slug: order.slug,
      placedAt: order.createdAt.toISOString(),
      paymentGateway: order.paymentGateway,
      paymentMethodName: order.paymentMethodName,
      deliveryMethodName: order.deliveryMethodName,
      deliveryBranchName: order.deliveryBranchName,
      deliveryAddress: { ...order.deliveryAddress, contactEmail: "" },
      couponCode: order.couponCode,
    },
    lines: input.lines,
    delivery: order.deliveryCents > 0 ? { cents: order.deliveryCents, taxRateBp: deliveryRateBp } : null,
    vat,
    totals: {
      items: order.itemsTotalCents,
      coupon: order.couponCents,
      loyalty: order.loyaltyCents,
      delivery: order.deliveryCents,
      tax: order.taxCents,
      total: order.orderTotalCents,
    },
    vatExempt: order.taxCents === 0 && country !== "" && !EU_COUNTRIES.has(country),
    refersTo: input.refersTo ?? null,
    fiscal: input.fiscal ?? null,
    reason: input.reason ?? null,
  };
}
