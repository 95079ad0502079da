import { describe, expect, it } from "vitest";
import { readSignedToken, signedToken } from "~/.server/auth/signed-token.server";
import { isReservedSlug } from "~/lib/reserved-slugs";
import { UNCACHED_ROUTE_PATHS, UNTRACKED_ROUTE_PATHS } from "~/lib/route-policy";
import { href } from "~/lib/routes-table";

/**
 * The shop's signed link tokens (decisions 0030 and 0124): what a token names comes back only
 * with its own signature, purpose and a configured secret; the draft preview's address is a
 * reserved first segment in every language and never goes into the page cache.
 */
const SECRETS = ["first-secret-0123456789", "older-secret-0123456789"];

describe("signed link tokens", () => {
  it("gives back the fields a token was made with", () => {
    const token = signedToken("draft-preview", ["12", "hrv", "7", "1893456000"], SECRETS);
    expect(token).toMatch(/^12\.hrv\.7\.1893456000\.[\w-]{43}$/);
    expect(readSignedToken("draft-preview", token, SECRETS)).toEqual(["12", "hrv", "7", "1893456000"]);
  });

  it("refuses a changed field, a changed signature, another purpose and an unknown secret", () => {
    const token = signedToken("draft-preview", ["12", "hrv", "7", "1893456000"], SECRETS);
    expect(readSignedToken("draft-preview", token.replace(/^12\./, "13."), SECRETS)).toBeNull();
    expect(readSignedToken("draft-preview", token.replace("1893456000", "1993456000"), SECRETS)).toBeNull();
    const signature = token.slice(token.lastIndexOf(".") + 1);
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(readSignedToken("draft-preview", token.replace(signature, flipped), SECRETS)).toBeNull();
    expect(readSignedToken("e-product-download", token, SECRETS)).toBeNull();
    expect(readSignedToken("draft-preview", token, ["another-secret-0123456789"])).toBeNull();
    for (const bad of ["", ".", "abc", `${"1.".repeat(200)}${signature}`, `12.hrv.7.1893456000.${signature}x`])
      expect(readSignedToken("draft-preview", bad, SECRETS), bad).toBeNull();
  });

  it("still opens a token signed with a secret rotated to second place", () => {
    const old = signedToken("draft-preview", ["1", "eng", "2", "1893456000"], [SECRETS[1]]);
    expect(readSignedToken("draft-preview", old, SECRETS)).toEqual(["1", "eng", "2", "1893456000"]);
  });

  it("refuses to sign a field with a dot or an empty one", () => {
    expect(() => signedToken("draft-preview", ["1.2"], SECRETS)).toThrow();
    expect(() => signedToken("draft-preview", [""], SECRETS)).toThrow();
  });
});

describe("the draft preview's address", () => {
  it("is a localised route whose first segment no page may take", () => {
    expect(href("draftPreview", "hr", { token: "t" })).toBe("/pregled/t");
    expect(href("draftPreview", "en", { token: "t" })).toBe("/en/preview/t");
    expect(href("draftPreview", "de", { token: "t" })).toBe("/de/vorschau/t");
    for (const slug of ["pregled", "preview", "vorschau", "Pregled"]) expect(isReservedSlug(slug), slug).toBe(true);
    expect(isReservedSlug("pregled-krova-nakon-oluje")).toBe(false);
  });

  it("is never kept in the rendered-page cache and runs no tracking tag; other pages do", () => {
    for (const path of ["/pregled/1.hrv.2.3.abc", "/en/preview/x", "/de/vorschau/x"]) {
      expect(UNCACHED_ROUTE_PATHS.test(path), path).toBe(true);
      expect(UNTRACKED_ROUTE_PATHS.test(path), path).toBe(true);
    }
    for (const path of ["/", "/o-nama", "/pregled", "/en/preview", "/kosarica"]) expect(UNTRACKED_ROUTE_PATHS.test(path), path).toBe(false);
  });
});
