import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compileGzipTemplate, renderGzipTemplate, renderTemplate, SlotLengthError } from "~/.server/http/gzip-template.server";

const NONCE = "\u0001nonce\u0001";
const TOKEN = "\u0001csrf\u0001";

describe("gzip page templates", () => {
  const page =
    `<!doctype html><html><head><script nonce="${NONCE}">x()</script></head><body>` +
    "<p>Aluminijski krovni paneli — čelik, žlijeb, ćošak</p>".repeat(400) +
    `<form><input name="csrf" value="${TOKEN}"></form><script nonce="${NONCE}">y()</script></body></html>`;
  const values = { [NONCE]: "n0nce+/==abcdefghijklmn", [TOKEN]: "tok.en_-123" };
  const expected = page.replaceAll(NONCE, values[NONCE]).replaceAll(TOKEN, values[TOKEN]);

  it("renders a valid gzip body with every slot filled, including UTF-8 text", () => {
    const template = compileGzipTemplate(page, [NONCE, TOKEN]);
    expect(template.slots).toEqual([NONCE, TOKEN, NONCE]);
    expect(gunzipSync(renderGzipTemplate(template, values)).toString()).toBe(expected);
  });

  it("fills different values per request from one compiled template", () => {
    const template = compileGzipTemplate(page, [NONCE, TOKEN]);
    const other = { [NONCE]: "other-nonce", [TOKEN]: "other-token" };
    expect(gunzipSync(renderGzipTemplate(template, other)).toString()).toBe(
      page.replaceAll(NONCE, "other-nonce").replaceAll(TOKEN, "other-token"),
    );
    expect(renderTemplate(template, values)).toBe(expected);
  });

  it("compresses: the static parts are deflated once and stay small", () => {
    const body = renderGzipTemplate(compileGzipTemplate(page, [NONCE, TOKEN]), values);
    expect(body.length).toBeLessThan(Buffer.byteLength(expected) / 10);
  });

  it("fills values longer than one stored block (65,535 bytes)", () => {
    const long = "ž".repeat(40_000); // 80,000 bytes of UTF-8
    const template = compileGzipTemplate(`a${NONCE}b`, [NONCE]);
    expect(gunzipSync(renderGzipTemplate(template, { [NONCE]: long })).toString()).toBe(`a${long}b`);
  });

  it("handles a text without slots and adjacent slots", () => {
    expect(gunzipSync(renderGzipTemplate(compileGzipTemplate("plain", [NONCE]), {})).toString()).toBe("plain");
    const adjacent = compileGzipTemplate(`${NONCE}${TOKEN}end`, [NONCE, TOKEN]);
    expect(gunzipSync(renderGzipTemplate(adjacent, values)).toString()).toBe(`${values[NONCE]}${values[TOKEN]}end`);
  });

  describe("slots of fixed length", () => {
    // A product grid whose every card holds a heart's state: 58 slots, as on the home page.
    const heart = (i: number) => `\u0001heart:${i}\u0001`;
    const card = (i: number) =>
      `<article class="card"><a href="/proizvod/${i}">Trapezni lim T-${i} — čelik</a><p>12,${i % 10}0 €</p>` +
      `<button form="wishlist-form" name="productId" value="${i}" aria-pressed="${heart(i)}"></button></article>`;
    const grid = `<main>${NONCE}<h1>Krovni paneli</h1>${Array.from({ length: 58 }, (_, i) => card(i)).join("")}</main>${TOKEN}<footer>kraj</footer>`;
    const specs = [
      { marker: NONCE, bytes: 24 },
      { marker: TOKEN, bytes: 11 },
      ...Array.from({ length: 58 }, (_, i) => ({ marker: heart(i), bytes: 17 })),
    ];
    const on = 'true" class="kept';
    const off = 'false" class="add';
    const fill = (kept: (i: number) => boolean) => ({
      [NONCE]: "abcdefghijklmnopqrstuvw=",
      [TOKEN]: "tok.en_-123",
      ...Object.fromEntries(Array.from({ length: 58 }, (_, i) => [heart(i), kept(i) ? on : off])),
    });
    const filled = (values: Record<string, string>) =>
      Object.entries(values).reduce((text, [slot, value]) => text.replaceAll(slot, value), grid);

    it("refers back across fixed slots and still decodes to the filled text, whatever each slot holds", () => {
      const template = compileGzipTemplate(grid, specs);
      for (const kept of [() => false, () => true, (i: number) => i % 3 === 0, (i: number) => i === 57]) {
        const values = fill(kept);
        expect(gunzipSync(renderGzipTemplate(template, values)).toString()).toBe(filled(values));
      }
    });

    it("compresses as the whole page in one stream does, but for the slots' own bytes", () => {
      const values = fill((i) => i % 2 === 0);
      const oneStream = gzipSync(filled(values)).length;
      // Each slot costs its value stored as it is (17 bytes and a 5-byte header) and a flush of about 10 bytes.
      const shared = renderGzipTemplate(compileGzipTemplate(grid, specs), values).length;
      expect(shared).toBeLessThan(oneStream + specs.length * 40);
      // Without the shared window every card is compressed alone: several times larger.
      const alone = renderGzipTemplate(
        compileGzipTemplate(
          grid,
          specs.map((spec) => spec.marker),
        ),
        values,
      ).length;
      expect(alone).toBeGreaterThan(shared * 2);
    });

    it("starts afresh after a slot of varying length, so any value fits", () => {
      const template = compileGzipTemplate(grid, [{ marker: NONCE, bytes: 24 }, TOKEN, ...specs.slice(2)]);
      const values = { ...fill(() => true), [TOKEN]: "Ana-Marija O'Brien & <ž>".repeat(3) };
      expect(gunzipSync(renderGzipTemplate(template, values)).toString()).toBe(filled(values));
    });

    it("refuses a value of another length than its slot's", () => {
      const template = compileGzipTemplate(grid, specs);
      expect(() => renderGzipTemplate(template, { ...fill(() => false), [NONCE]: "short" })).toThrow(SlotLengthError);
    });
  });
});
