import { DEFAULT_LOCALE, LOCALES } from "./lib/locales";

/**
 * i18next configuration shared by server and client. All message files of a language
 * (locales/{lng}/*.json) are deep-merged into one namespace, so keys are the spec's own
 * names: t("core.notifications.userExists"), t("error.invalidQuantity").
 */
export const i18nConfig = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "translation",
  ns: ["translation"],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
  returnNull: false,
} as const;

type Messages = { [key: string]: string | Messages };

export function mergeMessages(files: Messages[]): Messages {
  const out: Messages = {};
  const merge = (target: Messages, source: Messages) => {
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "object" && value && typeof target[key] === "object") merge(target[key] as Messages, value);
      else target[key] = typeof value === "object" ? merge({}, value) : value;
    }
    return target;
  };
  for (const file of files) merge(out, file);
  return out;
}
