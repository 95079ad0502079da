import { safeRedirect } from "remix-utils/safe-redirect";
import { describe, expect, it } from "vitest";
import { isLocalPath, localPath, localPathOrNull } from "~/lib/local-path";
import { HOSTILE_REDIRECTS, LOCAL_REDIRECTS, isPlainLocalLocation } from "../fixtures/redirect-corpus";

// DESIGN.md "Trust boundaries": "a target with a control character (tab, CR, LF, NUL), a backslash, a
// scheme or a leading `//` never reaches a Location header; one helper for every redirect parameter".
describe("localPath, the one gate of redirect targets", () => {
  it.each(HOSTILE_REDIRECTS.map((target) => [JSON.stringify(target), target]))("refuses %s", (_, target) => {
    expect(isLocalPath(target)).toBe(false);
    expect(localPath(target, "/fallback")).toBe("/fallback");
    expect(localPathOrNull(target)).toBeNull();
  });

  it.each(LOCAL_REDIRECTS)("keeps the local path %s", (target, expected) => {
    expect(localPath(target, "/fallback")).toBe(expected);
    expect(isPlainLocalLocation(expected)).toBe(true);
  });

  it("refuses what is not a non-empty string of sane length", () => {
    for (const value of [undefined, null, "", 42, ["/shop"], { toString: () => "/shop" }, `/${"a".repeat(2000)}`]) {
      expect(localPath(value, "/home")).toBe("/home");
    }
  });

  it("closes holes remix-utils' safeRedirect leaves open (why it is forbidden)", () => {
    const holes = HOSTILE_REDIRECTS.filter((target) => safeRedirect(target, "/fallback") !== "/fallback");
    expect(holes.length).toBeGreaterThan(0); // e.g. "/\t/evil.example", "/%2Fevil.example"
    for (const target of holes) expect(localPath(target, "/fallback")).toBe("/fallback");
  });

  it("the corpus check itself recognises a hostile Location", () => {
    for (const location of ["//evil.example", "/\\evil", "https://evil.example", "/%2F%2Fevil", "/a\tb", "/%0d%0a"]) {
      expect(isPlainLocalLocation(location)).toBe(false);
    }
  });
});
