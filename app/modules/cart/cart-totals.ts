import { rowTotal } from "~/lib/prices";
import { shopperUnitPrice, type PriceSource } from "~/lib/shopper-price";
import { chargedPrice, vatByRate } from "./vat-rule";

export { rowTotal };

/**
 * The ONE place cart money is computed (spec §3 Cart prices.converted: itemsTotal,
 * cartTotal, coupon, delivery, loyalty, orderTotal, tax; decision 0006). Pure, integer
 * cents, VAT-inclusive prices with the VAT part shown:
 *
 *   itemsTotal = Σ row totals (unit price × quantity, the unit price by lib/shopper-price.ts:
 *                the lowest of catalogue, membership (with a member card) and customer group
 *                price, decision 0107; for a product sold per running metre unit price × length in metres ×
 *                quantity, rounded to the cent per line: decision 0028)
 *   cartTotal  = itemsTotal − coupon − loyalty
 *   delivery   = price of the chosen method, 0 when none is chosen or the items total after
 *                the coupon reaches the free-delivery limit (spec §7 getFreeDeliveryAmount;
 *                the amount the cart page names beside the limit)
 *   orderTotal = itemsTotal − coupon − loyalty + delivery, never negative
 *   tax        = VAT contained in orderTotal: discounts are shared out over the rows they
 *                apply to, then each VAT rate's part is taken from what remains.
 *
 * Where no VAT is charged (a delivery outside the EU, vat-rule.ts) every price, delivery
 * included, is its net part and every rate 0.
 */

/** Croatian PDV 25 % (basis points) unless a product says otherwise. */
export const DEFAULT_TAX_RATE_BP = 2500;

export type TotalsLine = {
  itemId: string;
  /** The product and (for a configurable product) the chosen variant: a coupon's scope matches either. */
  productIds: number[];
  quantity: number;
  /** Per piece, or (with a length) per running metre. */
  priceCents: number;
  membershipCents: number | null;
  /** The customer group's offer for this line (lib/shopper-price.ts groupOffer); null or absent without a group. */
  groupCents?: number | null;
  taxRateBp: number;
  /** The length in millimetres of a line sold per running metre; null for a line sold per piece. */
  lengthMm?: number | null;
};

export type TotalsCoupon = {
  code: string;
  type: "percent" | "fixed";
  value: number;
  minCartCents: number;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  usedCount: number;
  /** Orders one customer may place with it (the signed-in user, else the order's e-mail); null = unlimited. */
  perCustomerLimit: number | null;
  /** The customer's non-cancelled orders with this code; null or absent while the customer is not known yet. */
  customerUses?: number | null;
  productIds: number[];
  active: boolean;
};

export type TotalsInput = {
  lines: TotalsLine[];
  membership: boolean;
  coupon: TotalsCoupon | null;
  delivery: { priceCents: number; taxRateBp: number } | null;
  freeDeliveryCents: number | null;
  loyaltyCents: number;
  now: Date;
  /** Whether Croatian VAT is charged (vat-rule.ts chargesVat); absent: charged. */
  vatCharged?: boolean;
};

/** Why a coupon does not apply; the cart removes it and says so. */
export type CouponProblem = "notFound" | "notValidNow" | "usedUp" | "customerUsedUp" | "minCartValue" | "noEligibleItems";

export type Totals = {
  lines: {
    itemId: string;
    unitCents: number;
    lengthMm: number | null;
    rowCents: number;
    taxRateBp: number;
    membershipApplied: boolean;
    /** Which offer set the unit price (decision 0107). */
    priceSource: PriceSource;
  }[];
  itemsTotal: number;
  coupon: number;
  couponProblem: CouponProblem | null;
  loyalty: number;
  cartTotal: number;
  delivery: number;
  freeDelivery: boolean;
  /** What the items total after the coupon still lacks to the free-delivery limit (0: reached or no limit). */
  freeDeliveryLeft: number;
  orderTotal: number;
  tax: number;
};

/** The unit price a line is charged: the lowest of its offers (lib/shopper-price.ts, decision 0107). */
export function unitPrice(line: Pick<TotalsLine, "priceCents" | "membershipCents" | "groupCents">, membership: boolean) {
  return shopperUnitPrice(line, membership).unitCents;
}

export function couponProblem(coupon: TotalsCoupon, itemsTotal: number, eligibleTotal: number, now: Date): CouponProblem | null {
  if (!coupon.active) return "notFound";
  if ((coupon.validFrom && now < coupon.validFrom) || (coupon.validTo && now > coupon.validTo)) return "notValidNow";
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return "usedUp";
  // Per-customer limits (decision 0049): judged only once the customer is known (signed in, or the checkout's e-mail).
  if (coupon.perCustomerLimit !== null && coupon.customerUses != null && coupon.customerUses >= coupon.perCustomerLimit)
    return "customerUsedUp";
  if (itemsTotal < coupon.minCartCents) return "minCartValue";
  if (eligibleTotal <= 0) return "noEligibleItems";
  return null;
}

/** Splits `amount` over `weights` in whole cents, proportionally, each part at most its weight. */
export function shareOut(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const exact = weights.map((w) => (capped * w) / total);
  const parts = exact.map(Math.floor);
  let left = capped - parts.reduce((a, b) => a + b, 0);
  // Largest remainders first, so the parts add up to the amount exactly.
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (parts[i] < weights[i]) {
      parts[i] += 1;
      left -= 1;
    }
  }
  return parts;
}

export function computeTotals(given: TotalsInput): Totals {
  const input = withVatRule(given);
  const lines = input.lines.map((line) => {
    const { unitCents, source } = shopperUnitPrice(line, input.membership);
    const lengthMm = line.lengthMm ?? null;
    return {
      itemId: line.itemId,
      unitCents,
      lengthMm,
      rowCents: rowTotal(unitCents, line.quantity, lengthMm),
      taxRateBp: line.taxRateBp,
      membershipApplied: source === "membership",
      priceSource: source,
    };
  });
  const rows = lines.map((l) => l.rowCents);
  const itemsTotal = rows.reduce((a, b) => a + b, 0);

  let coupon = 0;
  let problem: CouponProblem | null = null;
  let couponParts = rows.map(() => 0);
  if (input.coupon) {
    const scope = input.coupon.productIds;
    const eligible = input.lines.map((line, i) => (scope.length === 0 || line.productIds.some((id) => scope.includes(id)) ? rows[i] : 0));
    const eligibleTotal = eligible.reduce((a, b) => a + b, 0);
    problem = couponProblem(input.coupon, itemsTotal, eligibleTotal, input.now);
    if (!problem) {
      const wanted = input.coupon.type === "percent" ? Math.round((eligibleTotal * input.coupon.value) / 100) : input.coupon.value;
      coupon = Math.min(wanted, eligibleTotal);
      couponParts = shareOut(coupon, eligible);
    }
  }

  const afterCoupon = rows.map((r, i) => r - couponParts[i]);
  const loyalty = Math.min(Math.max(0, input.loyaltyCents), itemsTotal - coupon);
  const loyaltyParts = shareOut(loyalty, afterCoupon);
  const net = afterCoupon.map((r, i) => r - loyaltyParts[i]);
  const cartTotal = itemsTotal - coupon - loyalty;

  // The free-delivery limit is compared with the items total after the coupon, the
  // amount the page names ("iznos proizvoda nakon popusta"); loyalty does not lower it.
  const freeDeliveryBase = itemsTotal - coupon;
  const freeDelivery = input.freeDeliveryCents !== null && freeDeliveryBase >= input.freeDeliveryCents;
  const freeDeliveryLeft = input.freeDeliveryCents !== null && !freeDelivery ? input.freeDeliveryCents - freeDeliveryBase : 0;
  const delivery = input.delivery && !freeDelivery && lines.length > 0 ? input.delivery.priceCents : 0;

  // VAT per rate from what each rate's rows still cost, plus the delivery's own VAT.
  const tax = vatByRate(
    input.lines.map((line, i) => ({ grossCents: net[i], rateBp: line.taxRateBp })),
    delivery > 0 ? { grossCents: delivery, rateBp: input.delivery!.taxRateBp } : null,
  ).reduce((sum, row) => sum + row.vatCents, 0);

  return {
    lines,
    itemsTotal,
    coupon,
    couponProblem: problem,
    loyalty,
    cartTotal,
    delivery,
    freeDelivery,
    freeDeliveryLeft,
    orderTotal: cartTotal + delivery,
    tax,
  };
}

/** The input as charged: where no VAT is charged, net prices (membership, group and delivery too) at rate 0. */
function withVatRule(input: TotalsInput): TotalsInput {
  if (input.vatCharged !== false) return input;
  return {
    ...input,
    lines: input.lines.map((line) => ({
      ...line,
      priceCents: chargedPrice(line.priceCents, line.taxRateBp, false),
      membershipCents: line.membershipCents === null ? null : chargedPrice(line.membershipCents, line.taxRateBp, false),
      groupCents: line.groupCents == null ? null : chargedPrice(line.groupCents, line.taxRateBp, false),
      taxRateBp: 0,
    })),
    delivery: input.delivery
      ? { priceCents: chargedPrice(input.delivery.priceCents, input.delivery.taxRateBp, false), taxRateBp: 0 }
      : null,
  };
}
