import { describe, expect, it } from "vitest";
import { alternatePaths } from "~/lib/alternates";
import { parseAcceptedCookies } from "~/lib/cookie-consent";
import { localeFromPath } from "~/lib/locales";
import { resolveLink } from "~/lib/links";
import { parseRouteId, routeId } from "~/lib/routes-table";
import { toastDuration } from "~/lib/toast";

describe("locales", () => {
  it("reads the locale from the path prefix; hr has none", () => {
    expect(localeFromPath("/kosarica")).toBe("hr");
    expect(localeFromPath("/en/cart")).toBe("en");
    expect(localeFromPath("/de")).toBe("de");
    expect(localeFromPath("/hr/kosarica")).toBe("hr");
    expect(localeFromPath("/english")).toBe("hr");
  });
});

describe("language switch targets", () => {
  it("maps a route to the same route in every language, keeping parameters and query", () => {
    const matches = [
      { id: "root", params: {} },
      { id: routeId("hr", "product"), params: { slug: "krovni-panel" } },
    ];
    expect(alternatePaths(matches, "?cartItemId=3")).toEqual({
      hr: "/product/krovni-panel?cartItemId=3",
      en: "/en/product/krovni-panel?cartItemId=3",
      de: "/de/produkt/krovni-panel?cartItemId=3",
    });
  });

  it("prefers the translated paths a page's loader knows", () => {
    const matches = [{ id: routeId("hr", "page"), params: { slug: "o-nama" }, data: { alternates: { en: "/en/about-us" } } }];
    expect(alternatePaths(matches)).toEqual({ hr: "/o-nama", en: "/en/about-us", de: "/de/o-nama" });
  });

  it("parses route ids, including aliases", () => {
    expect(parseRouteId("en:cart")).toEqual({ locale: "en", key: "cart" });
    expect(parseRouteId("hr~alias:login")).toEqual({ locale: "hr", key: "login" });
    expect(parseRouteId("root")).toBeNull();
  });
});

describe("links (spec §2 Links)", () => {
  it("resolves every link type, localised by prefix", () => {
    expect(resolveLink({ linkType: "page", target: "naslovna" }, "en")).toEqual({ href: "/en", external: false });
    expect(resolveLink({ linkType: "page", target: "o-nama" }, "hr")).toEqual({ href: "/o-nama", external: false });
    expect(resolveLink({ linkType: "term", target: "savjeti" }, "hr").href).toBe("/objave/savjeti");
    expect(resolveLink({ linkType: "term", target: "savjeti" }, "en").href).toBe("/en/blog/savjeti");
    expect(resolveLink({ linkType: "product", target: "panel" }, "de").href).toBe("/de/produkt/panel");
    expect(resolveLink({ linkType: "bundle", target: "set" }, "hr").href).toBe("/product/set");
    expect(resolveLink({ linkType: "category", target: "oluci" }, "hr").href).toBe("/shop/oluci");
    expect(resolveLink({ linkType: "route", target: "cart" }, "de").href).toBe("/de/einkaufswagen");
    expect(resolveLink({ linkType: "external", target: "https://example.com" }, "hr")).toEqual({
      href: "https://example.com",
      external: true,
    });
  });

  it("opens a master's typed address (link type path) only when it is a local path", () => {
    expect(resolveLink({ linkType: "path", target: "/kontakt?x=1" }, "en")).toEqual({ href: "/kontakt?x=1", external: false });
    expect(resolveLink({ linkType: "path", target: "//evil.example" }, "en")).toEqual({ href: "/en", external: false });
    expect(resolveLink({ linkType: "path", target: "javascript:alert(1)" }, "hr")).toEqual({ href: "/", external: false });
  });

  it("sends each link type where spec §2 Links says, in every language", () => {
    // A post-type page and a resource of type post: the catch-all page or post /{slug}.
    expect(resolveLink({ linkType: "post", target: "nova-hala" }, "hr")).toEqual({ href: "/nova-hala", external: false });
    expect(resolveLink({ linkType: "post", target: "new-hall" }, "en").href).toBe("/en/new-hall");
    expect(resolveLink({ linkType: "page", target: "kontakt" }, "de").href).toBe("/de/kontakt");
    expect(resolveLink({ linkType: "page", target: "home" }, "en", "home").href).toBe("/en");
    // Terms of type category or tag: the blog with the slug.
    expect(resolveLink({ linkType: "tag", target: "montaza" }, "hr").href).toBe("/objave/montaza");
    expect(resolveLink({ linkType: "term", target: "savjeti" }, "de").href).toBe("/de/blog/savjeti");
    // Bundles, services and products: /product/{slug}.
    expect(resolveLink({ linkType: "service", target: "montaza" }, "hr")).toEqual({ href: "/product/montaza", external: false });
    expect(resolveLink({ linkType: "service", target: "montaza" }, "en").href).toBe("/en/product/montaza");
    expect(resolveLink({ linkType: "bundle", target: "set" }, "de").href).toBe("/de/produkt/set");
    expect(resolveLink({ linkType: "product", target: "panel" }, "hr").href).toBe("/product/panel");
    // External: a new tab, whatever the language.
    expect(resolveLink({ linkType: "external", target: "http://example.com/a" }, "de")).toEqual({
      href: "http://example.com/a",
      external: true,
    });
  });

  it("falls back to the root for an unknown type or a bad external address", () => {
    expect(resolveLink({ linkType: "something", target: "x" }, "hr").href).toBe("/");
    expect(resolveLink({ linkType: "something", target: "x" }, "de").href).toBe("/de");
    expect(resolveLink({ linkType: "something", target: "x" }, "en").href).toBe("/en");
    expect(resolveLink({ linkType: "", target: "" }, "hr").href).toBe("/");
    expect(resolveLink({ linkType: "route", target: "noSuchRoute" }, "en").href).toBe("/en");
    expect(resolveLink({ linkType: "external", target: "javascript:alert(1)" }, "hr")).toEqual({ href: "/", external: false });
  });
});

describe("cookie categories and toasts", () => {
  it("keeps necessary always and drops unknown categories", () => {
    expect(parseAcceptedCookies("analytics,evil")).toEqual(["necessary", "analytics"]);
    expect(parseAcceptedCookies("")).toEqual(["necessary"]);
  });

  it("shows fixed toasts 3000 ms and error toasts 50 ms per character", () => {
    expect(toastDuration("success", "x".repeat(200))).toBe(3000);
    expect(toastDuration("error", "x".repeat(100))).toBe(5000);
    expect(toastDuration("error", "short")).toBe(3000);
  });
});
