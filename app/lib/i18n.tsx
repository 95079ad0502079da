import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { i18n as I18next, InitOptions } from "i18next";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { I18nContext, I18nextProvider } from "react-i18next";
import { isLocale, localeFromPath, type Locale } from "./locales";

/**
 * Interface messages on i18next + react-i18next (docs/decisions/0015-i18next-namespaces.md).
 * One namespace per file `locales/{lng}/<ns>.json`, loaded as it is: each file's one
 * top-level key is its own name, so keys keep the spec's names (`core.validation.required`
 * lives in namespace `core`) and `t` looks a key up across the page's namespaces.
 * Each route module declares the namespaces it needs in `handle.i18n`; a page's HTML
 * carries exactly those of its matched routes (MessagesScript).
 * The language is the matched route's (the route table's locale prefix), never detected.
 */
export type Messages = { [key: string]: string | Messages };
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;
/** A language with every namespace, for unit tests and server code (see messages.server.ts). */
export type Translator = { locale: Locale; t: TFunction; exists: (key: string) => boolean; i18n: I18next; ns: string[] };
export type I18nHandle = { i18n?: string | string[] };

/** The options every i18next instance of the shop is created with (server and browser). */
export const I18NEXT_OPTIONS = {
  fallbackLng: false,
  // Keys are dotted paths; text never splits at a colon.
  nsSeparator: false,
  keySeparator: ".",
  defaultNS: false,
  // React escapes.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key naming a subtree shows the key, as a missing one does.
  returnedObjectHandler: (key: string) => key,
  initImmediate: false,
  // Plurals: `key_one/_few/_other`, chosen with Intl.PluralRules (i18next's JSON v4 format).
} satisfies InitOptions;

/** Whether a key names a message (a text, not a group of them) in these namespaces. */
export function messageExists(i18n: I18next, key: string, lng: string, ns: string[]): boolean {
  return i18n.exists(key, { lng, ns }) && typeof i18n.t(key, { lng, ns, returnObjects: true }) === "string";
}

type PageI18n = { lng: Locale; ns: string[] };
const PageI18nContext = createContext<PageI18n | null>(null);

const NAMESPACE = /^[a-z][A-Za-z]*$/;

/** The namespace a key belongs to: its first segment (each file's one top-level key). */
export function namespaceOf(key: string): string | null {
  const first = key.slice(0, key.indexOf("."));
  return NAMESPACE.test(first) ? first : null;
}

type Match = { id: string; handle?: unknown };

/**
 * The language of the matched routes: the locale of a site route's id (`en:product`, from
 * the route table); else the root loader's (the admin's remembered language); else the
 * path's prefix (an error page without loader data).
 */
export function languageOf(matches: Match[], rootLocale: unknown, pathname: string): Locale {
  for (const match of matches) {
    const prefix = /^(\w+)(?:~alias)?:/.exec(match.id)?.[1];
    if (isLocale(prefix)) return prefix;
  }
  return isLocale(rootLocale) ? rootLocale : localeFromPath(pathname);
}

/** The namespaces the matched routes declare (`handle.i18n`), root first. */
export function namespacesOf(matches: Match[]): string[] {
  const out = new Set<string>();
  for (const { handle } of matches) {
    const declared = (handle as I18nHandle | undefined)?.i18n;
    for (const ns of typeof declared === "string" ? [declared] : (declared ?? [])) out.add(ns);
  }
  return [...out];
}

type RootI18nData = { locale?: unknown; toast?: { key?: string } | null };

/**
 * The page's language and namespaces from the matched routes (and the namespace of a
 * flash toast, which may come from another page's action). Used once, in the root
 * Layout, which provides it to the whole page.
 */
export function usePageI18n(): PageI18n {
  const matches = useMatches();
  const root = useRouteLoaderData("root") as RootI18nData | undefined;
  const lng = languageOf(matches, root?.locale, useLocation().pathname);
  const toastNs = root?.toast?.key ? namespaceOf(root.toast.key) : null;
  const declared = namespacesOf(matches);
  if (toastNs && !declared.includes(toastNs)) declared.push(toastNs);
  // The joined list is the identity: the same namespaces give the same array.
  const joined = declared.join(",");
  return useMemo(() => ({ lng, ns: joined ? joined.split(",") : [] }), [lng, joined]);
}

export function PageI18nProvider({ value, children }: { value: PageI18n; children: ReactNode }) {
  return <PageI18nContext.Provider value={value}>{children}</PageI18nContext.Provider>;
}

const loading = new Map<string, Promise<void>>();
const failed = new Set<string>();

/**
 * Namespaces of the page's language that are not loaded yet (a client navigation to
 * another kind of page): a promise for Suspense to wait on while the backend fetches
 * them, once; null when all are there. A namespace that failed to load stays failed (its
 * keys show as keys) rather than suspending for ever. The server has every namespace.
 */
function loadingNamespaces(i18n: I18next, lng: string, ns: string[]): Promise<void> | null {
  if (!i18n.services.backendConnector?.backend) return null;
  const missing = ns.filter((n) => !i18n.hasResourceBundle(lng, n) && !failed.has(`${lng}|${n}`));
  if (!missing.length) return null;
  const key = `${lng}|${missing.join(",")}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = i18n.reloadResources([lng], missing).then(() => {
      for (const n of missing) if (!i18n.hasResourceBundle(lng, n)) failed.add(`${lng}|${n}`);
    });
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The page's translate function: react-i18next's i18next instance (I18nextProvider) in
 * the page's language over the page's namespaces, so call sites keep
 * `const { t, i18n } = useTranslation()` with `i18n.language` and `i18n.exists`.
 * react-i18next's own useTranslation would add 1.7 KiB of first-load JavaScript for what
 * these lines do (decision 0015). A namespace the page has not loaded yet suspends the
 * render until it arrives; navigations are transitions, so the old page stays until then.
 */
export function useTranslation() {
  const page = useContext(PageI18nContext);
  const { i18n } = useContext(I18nContext);
  if (!page) throw new Error("useTranslation needs the root Layout (or an <I18nProvider>) above it");
  const { lng, ns } = page;
  const pending = loadingNamespaces(i18n, lng, ns);
  if (pending) throw pending;
  return useMemo(
    () => ({
      t: i18n.getFixedT(lng, ns) as unknown as TFunction,
      i18n: {
        language: lng,
        exists: (key: string) => messageExists(i18n, key, lng, ns),
        /** The text of a key of any namespace, loading its namespace first if needed (toasts raised in the browser). */
        translate: async (key: string, options?: TOptions): Promise<string> => {
          const own = namespaceOf(key);
          const all = own && !ns.includes(own) ? [...ns, own] : ns;
          await loadingNamespaces(i18n, lng, all);
          return (i18n.getFixedT(lng, all) as unknown as TFunction)(key, options);
        },
      },
    }),
    [i18n, lng, ns],
  );
}

/**
 * A part of a page that only a script shows and that loads later (the cart modal), with
 * namespaces of its own: they load with it (the render waits in its Suspense boundary).
 */
export function WithNamespaces({ ns, children }: { ns: string[]; children: ReactNode }) {
  const page = useContext(PageI18nContext);
  const { i18n } = useContext(I18nContext);
  if (!page) throw new Error("WithNamespaces needs the root Layout above it");
  const joined = [...new Set([...page.ns, ...ns])].join(",");
  const value = useMemo(() => ({ lng: page.lng, ns: joined.split(",") }), [page.lng, joined]);
  const pending = loadingNamespaces(i18n, value.lng, value.ns);
  if (pending) throw pending;
  return <PageI18nContext.Provider value={value}>{children}</PageI18nContext.Provider>;
}

/** Unit tests and entry files: an i18next instance for a language, with every namespace it has. */
export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  const value = useMemo(() => ({ lng: translator.locale, ns: translator.ns }), [translator]);
  return (
    <I18nextProvider i18n={translator.i18n}>
      <PageI18nContext.Provider value={value}>{children}</PageI18nContext.Provider>
    </I18nextProvider>
  );
}

export const MESSAGES_SCRIPT_ID = "shop-messages";

/** What the document carries: its language, the messages' version and its namespaces. */
export type MessagesPayload = { lng: Locale; v: string; resources: Record<string, Messages> };

let documentMessages: string | null = null;
/** The browser keeps the server's JSON as it was, so hydration and later renders leave the tag alone. */
export function keepDocumentMessages(json: string) {
  documentMessages = json;
}

/**
 * The page's messages as JSON in the document (not as a script chunk): the browser
 * hydrates without waiting for another request. Exactly the namespaces of the matched
 * routes; data, not code, so the CSP needs no nonce for it.
 */
export function MessagesScript({ page }: { page: PageI18n }) {
  const { i18n } = useContext(I18nContext);
  let json = documentMessages;
  if (json === null) {
    // The server's instance brings the version and the filter that keeps its own texts (the mails') out (messages.server.ts).
    const options = i18n.options as { messagesVersion?: string; browserMessages?: (bundle: Messages) => Messages };
    const version = options.messagesVersion ?? "";
    const forBrowser = options.browserMessages ?? ((bundle: Messages) => bundle);
    const resources: Record<string, Messages> = {};
    for (const ns of page.ns) {
      const bundle = i18n.getResourceBundle(page.lng, ns) as Messages | undefined;
      if (bundle) resources[ns] = forBrowser(bundle);
    }
    const payload: MessagesPayload = { lng: page.lng, v: version, resources };
    json = JSON.stringify(payload).replace(/</g, "\\u003c");
  }
  return <script id={MESSAGES_SCRIPT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
