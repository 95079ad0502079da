import type { TFunction } from "~/lib/i18n";
import { NAMESPACES, serverI18n } from "~/lib/messages.server";
import { localeFromPath, type Locale } from "~/lib/locales";

/** The interface locale of a request: from the URL prefix (hr has none). */
export function getLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/**
 * A translate function for server-side messages (titles, toasts, e-mails, errors), on the
 * process's one i18next instance: every namespace unless `ns` names some.
 */
export async function getFixedT(locale: Locale, ns?: string | string[]): Promise<TFunction> {
  return serverI18n.getFixedT(locale, ns ?? NAMESPACES) as unknown as TFunction;
}
