import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * Root and layout data (user, site, cart badge, toast) changes only after a form post or
 * on another page. A GET that changes only the query of the same page (filters, sort,
 * variant choice, search as you type) does not need them again.
 */
export function revalidateUnlessQueryOnly({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
