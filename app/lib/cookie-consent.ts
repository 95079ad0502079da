/** Cookie consent categories (spec §3); necessary is always on. */
export const COOKIE_CATEGORIES = ["necessary", "marketing", "analytics"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Parses the comma-joined cookie value; unknown entries are dropped, necessary always kept. */
export function parseAcceptedCookies(raw: string): CookieCategory[] {
  const wanted = new Set(raw.split(",").map((s) => s.trim()));
  return COOKIE_CATEGORIES.filter((c) => c === "necessary" || wanted.has(c));
}

/**
 * The query that reopens the cookie notice's settings (a visitor can change their choice later):
 * the footer links to the current page with it, the server renders the notice then, so it works
 * without JavaScript; the notice's form sends the shopper back without it.
 */
export const COOKIE_SETTINGS_PARAM = "cookies";
export const COOKIE_SETTINGS_VALUE = "settings";

export function wantsCookieSettings(search: string | URLSearchParams): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return params.get(COOKIE_SETTINGS_PARAM) === COOKIE_SETTINGS_VALUE;
}

/** The path and query with the settings parameter added (`on`) or removed. */
export function withCookieSettings(pathname: string, search: string, on: boolean): string {
  const params = new URLSearchParams(search);
  if (on) params.set(COOKIE_SETTINGS_PARAM, COOKIE_SETTINGS_VALUE);
  else params.delete(COOKIE_SETTINGS_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
