import { createHash } from "node:crypto";
import { createInstance, type i18n as I18next } from "i18next";
import { I18NEXT_OPTIONS, messageExists, namespaceOf, type Messages, type TFunction, type Translator } from "./i18n";
import { LOCALES, type Locale } from "./locales";

// Bundled at build time; no file system access at run time.
const files = import.meta.glob<{ default: Messages }>("../../locales/*/*.json", { eager: true });

/** Every language's namespaces: `locales/{lng}/{ns}.json` as it is (its one top-level key is `ns`). */
const resources: Record<string, Record<string, Messages>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = mod.default;
}

/** Every namespace (the files of the default language). */
export const NAMESPACES: string[] = Object.keys(resources.hr ?? {}).sort();

/**
 * The messages' version: a hash of every message file. It is part of the URL the browser
 * loads a further namespace from (/locales/:lng/:ns.:version.json), so those answers can
 * be cached for good.
 */
export const MESSAGES_VERSION = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 10);

/**
 * Subtrees of a namespace only the server reads: the texts of the mails it sends
 * (`checkout.mail`, `forms.confirmMail`, ...) and the pages' meta descriptions and titles that
 * loaders put in the head (`routes.metaDescriptions`, `routes.metaTitles`). No component renders them, so the browser
 * never gets them: not in the document, not from /locales (first-load budget).
 */
const SERVER_ONLY_KEYS = new Set(["mail", "confirmMail", "metaDescriptions", "metaTitles"]);
const browserBundles = new WeakMap<Messages, Messages>();

/** A namespace as the browser gets it: without the server-only subtrees (made once per bundle). */
export function browserMessages(bundle: Messages): Messages {
  let kept = browserBundles.get(bundle);
  if (!kept) {
    kept = {};
    for (const [key, value] of Object.entries(bundle)) {
      if (typeof value === "string") kept[key] = value;
      else if (!SERVER_ONLY_KEYS.has(key)) kept[key] = browserMessages(value);
    }
    browserBundles.set(bundle, kept);
  }
  return kept;
}

/** One i18next instance per process with every language and namespace; callers fix lng and ns per call. */
export const serverI18n: I18next = createInstance();
void serverI18n.init({
  ...I18NEXT_OPTIONS,
  resources,
  lng: "hr",
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  messagesVersion: MESSAGES_VERSION,
  browserMessages,
} as Parameters<I18next["init"]>[0]);

/*
 * A key's namespace is its first segment (each message file's one top-level key is its name),
 * so looking it up in the page's other namespaces first only costs: i18next tries them in
 * order, splitting the key each time (about 4x the time per `t()` with a home page's twelve
 * namespaces; i18n was 13 % of a fresh render's CPU, decision 0070). On the server every
 * `t` of a page goes straight to the key's own namespace when the page has it, else (a key
 * of no namespace, an explicit `ns` option) the way it did. Same answers, so the browser,
 * which keeps plain i18next (its bundle has no room), hydrates to the same text.
 */
const plainFixedT: I18next["getFixedT"] = serverI18n.getFixedT.bind(serverI18n);
const ownNamespaceT = new Map<string, TFunction>();
function fixedTOf(lng: string, ns: string): TFunction {
  const id = `${lng}|${ns}`;
  let t = ownNamespaceT.get(id);
  if (!t) ownNamespaceT.set(id, (t = plainFixedT(lng, ns) as unknown as TFunction));
  return t;
}
// A message without options is the same text on every render: a fresh page asks for the same
// few hundred keys each time, so each is translated once per language. Bounded, since a
// key can be built from data (an unknown status, say) and must not grow the map forever.
const plainMessages = new Map<string, string>();
const PLAIN_MESSAGES_MAX = 20_000;
function plainMessage(lng: string, ns: string, key: string): string {
  const id = `${lng}|${key}`;
  const known = plainMessages.get(id);
  if (known !== undefined) return known;
  const text = fixedTOf(lng, ns)(key);
  if (plainMessages.size < PLAIN_MESSAGES_MAX) plainMessages.set(id, text);
  return text;
}

serverI18n.getFixedT = ((...args: Parameters<I18next["getFixedT"]>) => {
  const [lng, ns, keyPrefix] = args;
  const plainT = () => (plainFixedT as (...same: typeof args) => unknown)(...args) as TFunction;
  if (typeof lng !== "string" || !Array.isArray(ns) || keyPrefix) return plainT();
  const namespaces = new Set<string>(ns);
  let plain: TFunction | undefined; // built only for a key outside the page's namespaces
  const t: TFunction = (key, options) => {
    const own = typeof key === "string" && !options?.ns ? namespaceOf(key) : null;
    if (!own || !namespaces.has(own)) return (plain ??= plainT())(key, options);
    return options === undefined ? plainMessage(lng, own, key) : fixedTOf(lng, own)(key, options);
  };
  return t;
}) as unknown as I18next["getFixedT"];

/** One namespace of a language, or undefined. */
export function namespaceMessages(locale: Locale, ns: string): Messages | undefined {
  return resources[locale]?.[ns];
}

const translators = new Map<Locale, Translator>();

/** A language with every namespace (server code, unit tests), built once per process. */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const t = serverI18n.getFixedT(locale, NAMESPACES) as unknown as TFunction;
    translator = { locale, t, exists: (key) => messageExists(serverI18n, key, locale, NAMESPACES), i18n: serverI18n, ns: NAMESPACES };
    translators.set(locale, translator);
  }
  return translator;
}
