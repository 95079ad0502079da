import { describe, expect, it } from "vitest";
import { normalizeSearchText, parseSearchParams, searchHref } from "~/modules/search/search-params";
import { foldDiacritics, searchTerms, searchWords, termVariants } from "~/modules/search/search-terms";

describe("search words", () => {
  it("folds Croatian diacritics like unaccent", () => {
    expect(foldDiacritics("Čelik ćup šindra žlijeb Đakovo đon")).toBe("Celik cup sindra zlijeb Dakovo don");
  });

  it("keeps letters and digits, drops single characters and repeats, and stops at eight words", () => {
    expect(searchWords("T-35 lim, 4,8 × 70 mm LIM")).toEqual(["35", "lim", "70", "mm"]);
    expect(searchWords("a b c d e f g h i j k l m n o p").length).toBe(0);
    expect(searchWords("aa bb cc dd ee ff gg hh ii jj")).toHaveLength(8);
  });

  it("adds Croatian word forms: softened k/g/h and stems without a final vowel", () => {
    expect(termVariants("oluk")).toEqual(["oluk", "oluc"]);
    expect(termVariants("celik")).toEqual(["celik", "celic"]);
    expect(termVariants("oluci")).toEqual(["oluc", "oluk"]);
    expect(termVariants("krovni")).toEqual(["krovn"]);
    expect(termVariants("krov")).toEqual(["krov"]);
    expect(termVariants("lim")).toEqual(["lim"]);
  });
});

describe("search terms", () => {
  it("joins prefix words with & and their variants with |", () => {
    expect(searchTerms("Čelik krov")).toEqual({ tsquery: "(celik:* | celic:*) & krov:*", words: "celik krov", skuPattern: "čelik krov%" });
  });

  it("never lets tsquery syntax through and escapes LIKE wildcards", () => {
    const terms = searchTerms("krov:* | !(x) <-> 'a' & 50%_\\")!;
    expect(terms.tsquery).toBe("krov:* & 50:*");
    expect(terms.skuPattern).toBe("krov:* | !(x) <-> 'a' & 50\\%\\_\\\\%");
  });

  it("gives nothing to search for single letters and symbols", () => {
    expect(searchTerms("a")).toBeNull();
    expect(searchTerms("***")).toBeNull();
    expect(searchTerms("a-b-")).toEqual({ tsquery: "", words: "", skuPattern: "a-b-%" });
  });
});

describe("search parameters (spec §4 Search)", () => {
  it("defaults to products and page 1, and trims and cuts the text to 100 characters", () => {
    expect(parseSearchParams(new URLSearchParams("search=%20%20krov%20%20%20panel%20"))).toEqual({
      text: "krov panel",
      categories: ["products"],
      page: 1,
    });
    expect(normalizeSearchText("x".repeat(150))).toHaveLength(100);
    expect(normalizeSearchText(undefined)).toBe("");
    expect(normalizeSearchText("oluk\u0000krov\u0007")).toBe("oluk krov");
  });

  it("keeps known categories only, so an unknown one leaves none", () => {
    expect(parseSearchParams(new URLSearchParams("category=pages&page=3")).categories).toEqual(["pages"]);
    expect(parseSearchParams(new URLSearchParams("category=nope")).categories).toEqual([]);
    expect(parseSearchParams(new URLSearchParams("page=-2")).page).toBe(1);
  });

  it("links a tab with the text and without page 1", () => {
    expect(searchHref("hr", { text: "oluk", category: "posts" })).toBe("/pretraga?search=oluk&category=posts");
    expect(searchHref("de", { text: "", category: "products", page: 2 })).toBe("/de/suche?category=products&page=2");
  });
});
