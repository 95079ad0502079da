import { mergeMessages } from "~/i18n";
import type { Locale } from "./locales";

// Each message file becomes its own hashed chunk, cached immutably by the browser.
const files = import.meta.glob<{ default: Record<string, never> }>("../../locales/*/*.json");

export async function loadMessages(locale: Locale) {
  const own = Object.entries(files).filter(([file]) => file.includes(`/locales/${locale}/`));
  const modules = await Promise.all(own.map(([, load]) => load()));
  return mergeMessages(modules.map((m) => m.default));
}
