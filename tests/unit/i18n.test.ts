import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { I18NEXT_OPTIONS, languageOf, messageExists, namespaceOf, namespacesOf, type TFunction } from "~/lib/i18n";
import { NAMESPACES, translatorFor } from "~/lib/messages.server";

describe("translator (i18next with the shop's options)", () => {
  const i18n = createInstance();
  void i18n.init({
    ...I18NEXT_OPTIONS,
    lng: "hr",
    ns: ["cart", "core"],
    resources: {
      hr: {
        cart: {
          cart: {
            items_one: "{{count}} proizvod",
            items_few: "{{count}} proizvoda",
            items_other: "{{count}} proizvoda",
            title: "Košarica {{name}}",
          },
        },
        core: { core: { time: "U 10:30: {{ what }}" } },
      },
    },
  });
  const t = i18n.getFixedT("hr", ["core", "cart"]) as unknown as TFunction;
  const exists = (key: string) => messageExists(i18n, key, "hr", ["core", "cart"]);

  it("fills placeholders and picks the plural form of the locale, across the page's namespaces", () => {
    expect(t("cart.title", { name: "Ivan" })).toBe("Košarica Ivan");
    expect(t("cart.items", { count: 1 })).toBe("1 proizvod");
    expect(t("cart.items", { count: 3 })).toBe("3 proizvoda");
    expect(t("cart.items", { count: 21 })).toBe("21 proizvod");
    expect(t("core.time", { what: "<b>" })).toBe("U 10:30: <b>"); // no colon split, React escapes
  });

  it("shows the default or the key for a missing message, and says whether a key exists", () => {
    expect(t("nope.missing")).toBe("nope.missing");
    expect(t("nope.missing", { defaultValue: "x" })).toBe("x");
    expect(t("cart")).toBe("cart");
    expect(t("Cart is archived.")).toBe("Cart is archived.");
    expect(exists("cart.title")).toBe(true);
    expect(exists("cart")).toBe(false);
  });

  it("looks only in the namespaces it was given", () => {
    expect((i18n.getFixedT("hr", ["core"]) as unknown as TFunction)("cart.title")).toBe("cart.title");
  });

  it("has the spec's messages in every language, one namespace per file", () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(["core", "error", "site", "cart", "product"]));
    expect(translatorFor("hr").t("site.maintenance")).toBe("Održavanje u toku, biti ćemo s Vama uskoro!");
    expect(translatorFor("en").t("error.pageNotFound")).toBe("This page could not be found");
    expect(translatorFor("de").t("core.validation.minLength", { length: 8 })).toBe("Mindestens 8 Zeichen");
  });
});

describe("a page's language and namespaces come from its matched routes", () => {
  const matches = [
    { id: "root", handle: { i18n: ["core", "error", "site"] } },
    { id: "en:layout", handle: { i18n: ["search", "wishlist"] } },
    { id: "en:product", handle: { i18n: ["product", "core"] } },
  ];

  it("takes the language from the route table's id, then the root's, then the path", () => {
    expect(languageOf(matches, "hr", "/en/product/x")).toBe("en");
    expect(languageOf([{ id: "root" }, { id: "de~alias:login" }], "hr", "/login")).toBe("de");
    expect(languageOf([{ id: "root" }, { id: "routes/admin/admin-layout" }], "de", "/admin")).toBe("de");
    expect(languageOf([{ id: "root" }], undefined, "/en/x")).toBe("en");
  });

  it("joins the declared namespaces, root first, once each", () => {
    expect(namespacesOf(matches)).toEqual(["core", "error", "site", "search", "wishlist", "product"]);
    expect(namespaceOf("cart.coupon.applied")).toBe("cart");
    expect(namespaceOf("Cart is archived.")).toBeNull();
  });
});
