import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { I18NEXT_OPTIONS, type Messages, type TFunction } from "~/lib/i18n";
import { NAMESPACES, namespaceMessages, serverI18n } from "~/lib/messages.server";
import { LOCALES } from "~/lib/locales";

/**
 * The server's `t` goes straight to a key's own namespace (messages.server.ts, decision
 * 0070). It must answer exactly what plain i18next answers, which the browser keeps:
 * otherwise a page would hydrate to other text.
 */
function keysOf(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [path.replace(/_(zero|one|two|few|many|other)$/, "")] : [path, ...keysOf(value, path)];
  });
}

const reference = createInstance();
void reference.init({
  ...I18NEXT_OPTIONS,
  lng: "hr",
  resources: Object.fromEntries(
    LOCALES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaceMessages(lng, ns) ?? {}]))]),
  ),
  ns: NAMESPACES,
});

describe("the server's translate function", () => {
  // A page's namespaces in the order routes declare them (root first), as useTranslation asks.
  const pageNamespaces = ["core", "error", "site", "search", "wishlist", "catalog", "comments", "product"];

  it("answers every key, a group, a missing key and a key of a namespace the page lacks as plain i18next does", { timeout: 30_000 }, () => {
    const options = [undefined, { count: 1 }, { name: "Ana", count: 3, total: "10,00 EUR" }];
    for (const lng of LOCALES) {
      const ours = serverI18n.getFixedT(lng, pageNamespaces) as unknown as TFunction;
      const theirs = reference.getFixedT(lng, pageNamespaces) as unknown as TFunction;
      // The page's own keys, and some of namespaces it lacks (their text is not found either way).
      const own = pageNamespaces.flatMap((ns) => keysOf(namespaceMessages(lng, ns) ?? {}));
      const others = NAMESPACES.filter((ns) => !pageNamespaces.includes(ns)).flatMap((ns) =>
        keysOf(namespaceMessages(lng, ns) ?? {}).slice(0, 5),
      );
      const keys = [...own, ...others, "core.noSuchKey", "noNamespace", ""];
      expect(own.length).toBeGreaterThan(200);
      for (const key of keys) for (const option of options) expect(ours(key, option), `${lng} ${key}`).toBe(theirs(key, option));
    }
  });

  it("looks a key up in its own namespace only, not in every namespace before it", () => {
    const t = serverI18n.getFixedT("hr", pageNamespaces) as unknown as TFunction;
    const store = serverI18n.services.resourceStore as unknown as { getResource: (lng: string, ns: string, key: string) => unknown };
    const lookups = vi.spyOn(store, "getResource");
    expect(t("product.addToCart")).not.toBe("product.addToCart");
    // Plain i18next tries core, error, site, … catalog and comments first: 8 look-ups.
    expect(lookups.mock.calls.filter(([, ns]) => ns !== "product")).toEqual([]);
    lookups.mockRestore();
  });
});
