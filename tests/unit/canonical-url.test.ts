import { describe, expect, it } from "vitest";
import { canonicalTarget } from "~/lib/canonical-url";

describe("canonicalTarget", () => {
  it("is null when the page is at its own path", () => {
    expect(canonicalTarget(null, "?a=1")).toBeNull();
    expect(canonicalTarget(undefined, "")).toBeNull();
  });

  it("keeps the visitor's query as written", () => {
    expect(canonicalTarget("/en/shop/roof-panels", "?boja=1,3&sort=2")).toBe("/en/shop/roof-panels?boja=1,3&sort=2");
    expect(canonicalTarget("/en/about-us", "")).toBe("/en/about-us");
    expect(canonicalTarget("/en/about-us", "?")).toBe("/en/about-us");
  });

  it("lets the canonical path's own parameters win over the visitor's of the same name", () => {
    expect(canonicalTarget("/product/panel?boja=5", "?boja=1&a=1&a=2")).toBe("/product/panel?boja=5&a=1&a=2");
    expect(canonicalTarget("/product/panel?boja=5", "?boja=1")).toBe("/product/panel?boja=5");
  });
});
