import { describe, expect, it } from "vitest";
import { createTranslator, mergeMessages } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";

describe("translator", () => {
  const { t, exists } = createTranslator("hr", {
    cart: { items_one: "{{count}} proizvod", items_few: "{{count}} proizvoda", items_other: "{{count}} proizvoda", title: "Košarica {{name}}" },
  });

  it("fills placeholders and picks the plural form of the locale", () => {
    expect(t("cart.title", { name: "Ivan" })).toBe("Košarica Ivan");
    expect(t("cart.items", { count: 1 })).toBe("1 proizvod");
    expect(t("cart.items", { count: 3 })).toBe("3 proizvoda");
    expect(t("cart.items", { count: 21 })).toBe("21 proizvod");
  });

  it("shows the default or the key for a missing message, and says whether a key exists", () => {
    expect(t("nope.missing")).toBe("nope.missing");
    expect(t("nope.missing", { defaultValue: "x" })).toBe("x");
    expect(t("cart")).toBe("cart");
    expect(exists("cart.title")).toBe(true);
    expect(exists("cart")).toBe(false);
  });

  it("merges message files deeply", () => {
    expect(mergeMessages([{ a: { b: "1" } }, { a: { c: "2" } }])).toEqual({ a: { b: "1", c: "2" } });
  });

  it("has the spec's messages in every language", () => {
    expect(translatorFor("hr").t("site.maintenance")).toBe("Održavanje u toku, biti ćemo s Vama uskoro!");
    expect(translatorFor("en").t("error.pageNotFound")).toBe("This page could not be found");
    expect(translatorFor("de").t("core.validation.minLength", { length: 8 })).toBe("Mindestens 8 Zeichen");
  });
});
