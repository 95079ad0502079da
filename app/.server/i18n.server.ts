import type { TFunction } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";
import { localeFromPath, type Locale } from "~/lib/locales";

/** The interface locale of a request: from the URL prefix (hr has none). */
export function getLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** A translate function for server-side messages (titles, toasts, e-mails, errors). */
export async function getFixedT(locale: Locale): Promise<TFunction> {
  return translatorFor(locale).t;
}
