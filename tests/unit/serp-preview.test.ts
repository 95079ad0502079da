import { describe, expect, it } from "vitest";
import { excerptOf } from "~/lib/excerpt";
import { pageTitle } from "~/lib/page-title";
import { cutForSerp, SERP_DESCRIPTION_LIMIT, SERP_TITLE_LIMIT, serpLength, serpPreview } from "~/lib/serp";

/** The search-result preview of the editors (decision 0125): what is cut, where, and what is counted. */
describe("cutForSerp", () => {
  it("leaves a text within the limit as it is, white space squashed", () => {
    expect(cutForSerp("  Aluminijski   krov | Alu Krov ", 60)).toBe("Aluminijski krov | Alu Krov");
    const exactly = "a".repeat(60);
    expect(cutForSerp(exactly, 60)).toBe(exactly);
  });

  it("cuts a longer text at a word with an ellipsis, the ellipsis within the limit", () => {
    const title = "Aluminijski krovni sustavi za terase, nadstrešnice i zimske vrtove | Alu Krov";
    const cut = cutForSerp(title, SERP_TITLE_LIMIT);
    expect(cut.endsWith("…")).toBe(true);
    expect(serpLength(cut)).toBeLessThanOrEqual(SERP_TITLE_LIMIT);
    expect(cut).toBe("Aluminijski krovni sustavi za terase, nadstrešnice i zimske…");
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it("drops punctuation left before the ellipsis", () => {
    expect(cutForSerp("Jedan dva tri, četiri pet šest", 16)).toBe("Jedan dva tri…");
  });

  it("cuts one long word mid-word rather than leaving almost nothing", () => {
    expect(cutForSerp("Kratko " + "x".repeat(80), 20)).toBe(`Kratko ${"x".repeat(12)}…`);
  });

  it("counts characters as a reader does: č and emoji are one each", () => {
    expect(serpLength("čćžšđ")).toBe(5);
    expect(serpLength("🏠 krov")).toBe(6);
    const cut = cutForSerp("🏠".repeat(70), 60);
    expect(serpLength(cut)).toBe(60);
  });
});

describe("serpPreview", () => {
  it("warns about a title past 60 characters and counts the whole title", () => {
    const long = pageTitle("Aluminijski krovni sustavi za terase i zimske vrtove", "Alu Krov");
    const preview = serpPreview({ title: long, description: "Kratak opis.", url: "https://shop.example/krov" });
    expect(preview.title).toMatchObject({ length: serpLength(long), limit: 60, tooLong: true });
    expect(preview.title.shown.endsWith("…")).toBe(true);
    expect(preview.description).toMatchObject({ shown: "Kratak opis.", tooLong: false, fromPage: false });
    expect(preview.url).toBe("https://shop.example/krov");
  });

  it("does not warn at exactly the limits", () => {
    const preview = serpPreview({ title: "t".repeat(60), description: "d".repeat(SERP_DESCRIPTION_LIMIT), url: "" });
    expect(preview.title.tooLong).toBe(false);
    expect(preview.description.tooLong).toBe(false);
    expect(preview.description.shown).toBe("d".repeat(SERP_DESCRIPTION_LIMIT));
  });

  it("warns about a description past 155 characters and cuts it with an ellipsis", () => {
    const description = "Riječ ".repeat(40).trim();
    const preview = serpPreview({ title: "Naslov", description, url: "" });
    expect(preview.description.tooLong).toBe(true);
    expect(preview.description.length).toBe(serpLength(description));
    expect(preview.description.shown.endsWith("Riječ…")).toBe(true);
    expect(serpLength(preview.description.shown)).toBeLessThanOrEqual(SERP_DESCRIPTION_LIMIT);
  });

  it("shows what the page would send when the description is empty, cut quietly", () => {
    const body = `<p>${"Krov od aluminija traje desetljećima. ".repeat(8)}</p>`;
    const fallback = excerptOf(body);
    const preview = serpPreview({ title: "Naslov | Alu Krov", description: "   ", fallbackDescription: fallback, url: "" });
    expect(preview.description.fromPage).toBe(true);
    expect(preview.description.shown.startsWith("Krov od aluminija traje desetljećima.")).toBe(true);
    expect(preview.description.shown.endsWith("…")).toBe(true);
    expect(preview.description.tooLong).toBe(false);
  });

  it("has an empty description when neither the editor nor the page has one", () => {
    const preview = serpPreview({ title: "Naslov", description: "", url: "" });
    expect(preview.description).toMatchObject({ shown: "", length: 0, fromPage: true, tooLong: false });
  });
});

describe("pageTitle", () => {
  it("is the editor's SEO title when set, else the heading with the shop's name", () => {
    expect(pageTitle("Krovovi", "Alu Krov")).toBe("Krovovi | Alu Krov");
    expect(pageTitle("Krovovi", "Alu Krov", "Krovovi po mjeri")).toBe("Krovovi po mjeri");
    expect(pageTitle("Krovovi", "Alu Krov", "  ")).toBe("Krovovi | Alu Krov");
  });
});
