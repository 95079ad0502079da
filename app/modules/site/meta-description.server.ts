import type { TFunction } from "~/lib/i18n";

/** The pages whose meta description is a fixed text (they have no content of their own to describe them). */
export type DescribedPage =
  "login" | "register" | "forgotPassword" | "cart" | "checkout" | "search" | "events" | "socialLogin" | "confirmEmail";

/**
 * A page's meta description (Lighthouse SEO; decision 0079), from the
 * server-only `routes.metaDescriptions` messages: the loader puts it into the head, the
 * browser never downloads the catalogue entry (lib/messages.server.ts SERVER_ONLY_KEYS).
 */
export function metaDescription(t: TFunction, page: DescribedPage): string {
  return t(`routes.metaDescriptions.${page}`);
}

/**
 * The home page's title: the shop's name and the header's tagline in the page's language
 * (the header element per language, /admin/settings), so a search result says what the
 * shop sells; the name alone when there is no tagline.
 */
export function homeTitle(t: TFunction, siteName: string, headerOptions: unknown): string {
  const tagline = (headerOptions as { tagline?: unknown } | null | undefined)?.tagline;
  const text = typeof tagline === "string" ? tagline.trim().replace(/\.$/, "") : "";
  return text ? t("routes.metaTitles.home", { siteName, tagline: text }) : siteName;
}
