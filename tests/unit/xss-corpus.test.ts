import { describe, expect, it } from "vitest";
import { parseComponents } from "~/modules/cms/page-components.schema";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { executableParts, XSS_CORPUS } from "../fixtures/xss-corpus";

/** The CMS's sanitising (DESIGN.md "HTML from the CMS", decision 0014): a corpus of XSS payloads leaves nothing executable. */
describe("hostile HTML through the CMS allow-list", () => {
  it("the checker itself finds what the payloads carry", () => {
    // Raw, most payloads are executable: the check below means something.
    const raw = XSS_CORPUS.filter((payload) => executableParts(payload).length > 0);
    expect(raw.length).toBeGreaterThan(XSS_CORPUS.length * 0.8);
  });

  it.each(XSS_CORPUS)("a page body keeps nothing executable of %s", (payload) => {
    const clean = sanitizeCmsHtml(payload);
    expect(executableParts(clean)).toEqual([]);
    // Sanitising is stable: what is stored sanitised renders the same after the second pass.
    expect(sanitizeCmsHtml(clean)).toBe(clean);
  });

  it("the text component sanitises every payload when parsed (on save and on read)", () => {
    const { components, skipped } = parseComponents(XSS_CORPUS.map((html) => ({ type: "text", html })));
    expect(skipped).toEqual([]);
    expect(components).toHaveLength(XSS_CORPUS.length);
    for (const component of components) {
      if (component.type !== "text") throw new Error("text expected");
      expect(executableParts(component.html)).toEqual([]);
    }
  });

  it("keeps the harmless part of a mixed payload", () => {
    const clean = sanitizeCmsHtml(`<p>Dobar dan</p><script>alert(1)</script><a href="https://ok.example" onclick="x()">veza</a>`);
    expect(clean).toBe(`<p>Dobar dan</p><a href="https://ok.example">veza</a>`);
  });
});
