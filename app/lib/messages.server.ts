import { createTranslator, mergeMessages, type Messages, type Translator } from "./i18n";
import type { Locale } from "./locales";

// Bundled at build time; no file system access at run time.
const files = import.meta.glob<{ default: Messages }>("../../locales/*/*.json", { eager: true });

const translators = new Map<Locale, Translator>();

export function messagesFor(locale: Locale): Messages {
  return mergeMessages(
    Object.entries(files)
      .filter(([file]) => file.includes(`/locales/${locale}/`))
      .map(([, mod]) => mod.default),
  );
}

/** The translator of a locale, built once per process. */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, messagesFor(locale));
    translators.set(locale, translator);
  }
  return translator;
}
