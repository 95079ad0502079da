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
