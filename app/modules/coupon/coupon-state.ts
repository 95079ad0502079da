/** The kinds of coupon the cart engine knows (app/modules/cart/cart-totals.ts). */
export const COUPON_TYPES = ["percent", "fixed"] as const;

/**
 * Where a coupon stands for shoppers today (the list's badge and filter): switched off,
 * used up (its total limit reached), expired, not yet valid, or usable. The list's SQL
 * filter (coupon-list.server.ts) follows the same order.
 */
export const COUPON_STATES = ["active", "scheduled", "expired", "usedUp", "inactive"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

type Judged = {
  active: boolean;
  usageLimit: number | null;
  usedCount: number;
  validFrom: string | Date | null;
  validTo: string | Date | null;
};

export function couponState(coupon: Judged, now: Date = new Date()): CouponState {
  if (!coupon.active) return "inactive";
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return "usedUp";
  if (coupon.validTo && new Date(coupon.validTo) < now) return "expired";
  if (coupon.validFrom && new Date(coupon.validFrom) > now) return "scheduled";
  return "active";
}

export const COUPON_STATE_TONE = { active: "good", scheduled: "waiting", expired: "quiet", usedUp: "quiet", inactive: "bad" } as const;
