import { createInstance, type TFunction } from "i18next";
import { i18nConfig } from "~/i18n";
import { messagesFor } from "~/lib/messages.server";
import { localeFromPath, type Locale } from "~/lib/locales";

/** The interface locale of a request: from the URL prefix (hr has none). */
export function getLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

const instances = new Map<Locale, Promise<TFunction>>();

/** A translate function for server-side messages (toasts, e-mails, errors). */
export function getFixedT(locale: Locale): Promise<TFunction> {
  let t = instances.get(locale);
  if (!t) {
    const instance = createInstance();
    t = instance
      .init({ ...i18nConfig, lng: locale, resources: { [locale]: { translation: messagesFor(locale) } } })
      .then(() => instance.getFixedT(locale));
    instances.set(locale, t);
  }
  return t;
}

const renderInstances = new Map<Locale, ReturnType<typeof createInstance>>();

/**
 * The i18next instance server rendering uses for a locale. One per locale, shared by all
 * requests: its language and messages never change, so nothing leaks between requests,
 * and creating one per request showed up in the profile.
 */
export async function createI18nForRender(locale: Locale) {
  let instance = renderInstances.get(locale);
  if (!instance) {
    instance = createInstance();
    await instance.init({ ...i18nConfig, lng: locale, resources: { [locale]: { translation: messagesFor(locale) } } });
    renderInstances.set(locale, instance);
  }
  return instance;
}
