import { mergeMessages } from "~/i18n";
import type { Locale } from "./locales";

// Bundled at build time; no file system access at run time.
const files = import.meta.glob<{ default: Record<string, never> }>("../../locales/*/*.json", { eager: true });

const cache = new Map<string, ReturnType<typeof mergeMessages>>();

export function messagesFor(locale: Locale) {
  let messages = cache.get(locale);
  if (!messages) {
    const own = Object.entries(files)
      .filter(([file]) => file.includes(`/locales/${locale}/`))
      .map(([, mod]) => mod.default);
    messages = mergeMessages(own);
    cache.set(locale, messages);
  }
  return messages;
}
