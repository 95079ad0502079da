import { describe, expect, it } from "vitest";
import { normaliseGuestEmail } from "~/modules/account/guest.server";

/** The guest cookie's e-mail (spec §6): the only thing a guest user has, checked and lower-cased whoever sends it. */
describe("normaliseGuestEmail", () => {
  it("trims and lower-cases a valid address", () => {
    expect(normaliseGuestEmail("  Gost@Example.COM ")).toBe("gost@example.com");
  });

  it("refuses what is not an e-mail address", () => {
    for (const value of ["", "gost", "gost@", "@example.com", "a b@example.com", null, 42, `${"a".repeat(250)}@example.com`]) {
      expect(normaliseGuestEmail(value)).toBeNull();
    }
  });
});
