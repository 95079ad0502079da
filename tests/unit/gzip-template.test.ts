import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compileGzipTemplate, renderGzipTemplate, renderTemplate } from "~/.server/http/gzip-template.server";

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
});
