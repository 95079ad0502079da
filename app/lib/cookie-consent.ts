/** Cookie consent categories (spec §3); necessary is always on. */
export const COOKIE_CATEGORIES = ["necessary", "marketing", "analytics"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Parses the comma-joined cookie value; unknown entries are dropped, necessary always kept. */
export function parseAcceptedCookies(raw: string): CookieCategory[] {
  const wanted = new Set(raw.split(",").map((s) => s.trim()));
  return COOKIE_CATEGORIES.filter((c) => c === "necessary" || wanted.has(c));
}
