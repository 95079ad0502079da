import { createContext, useContext, type ReactNode } from "react";
import type { Locale } from "./locales";

/**
 * Interface messages: all files of a language (locales/{lng}/*.json) merged into one tree,
 * so keys are the spec's names: t("core.notifications.userExists"). A small translator of
 * our own instead of i18next on the client keeps first-load JavaScript in budget
 * (docs/decisions/0003-own-translator.md); the call sites keep react-i18next's shape:
 * `const { t, i18n } = useTranslation()`.
 */
export type Messages = { [key: string]: string | Messages };
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;
export type Translator = { locale: Locale; t: TFunction; exists: (key: string) => boolean; messages: Messages };

export function mergeMessages(files: Messages[]): Messages {
  const merge = (target: Messages, source: Messages) => {
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "object" && typeof target[key] === "object") merge(target[key] as Messages, value);
      else target[key] = typeof value === "object" ? merge({}, value) : value;
    }
    return target;
  };
  return files.reduce<Messages>((out, file) => merge(out, file), {});
}

/**
 * t(key, options): `{{name}}` placeholders are filled from options; with a numeric
 * `count`, key_one / key_few / key_other (Intl plural categories) are tried first. A
 * missing key shows `defaultValue` or the key itself, so a gap is visible, never blank.
 */
export function createTranslator(locale: Locale, messages: Messages): Translator {
  const plural = new Intl.PluralRules(locale);
  const lookup = (key: string): string | undefined => {
    let node: string | Messages | undefined = messages;
    for (const part of key.split(".")) {
      if (typeof node !== "object") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const t: TFunction = (key, options) => {
    let template: string | undefined;
    if (typeof options?.count === "number") template = lookup(`${key}_${plural.select(options.count)}`) ?? lookup(`${key}_other`);
    template ??= lookup(key) ?? options?.defaultValue ?? key;
    if (!options) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
  };
  return { locale, t, exists: (key) => lookup(key) !== undefined, messages };
}

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

export function useTranslation() {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs an <I18nProvider> above it");
  return { t: translator.t, i18n: { language: translator.locale, exists: translator.exists } };
}

export const MESSAGES_SCRIPT_ID = "shop-messages";

/**
 * The document carries its language's messages as JSON (not as a script chunk): the
 * browser hydrates without waiting for another request, and the bytes count as HTML.
 */
export function MessagesScript() {
  const translator = useContext(TranslatorContext);
  if (!translator) return null;
  const json = JSON.stringify(translator.messages).replace(/</g, "\\u003c");
  return <script id={MESSAGES_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
