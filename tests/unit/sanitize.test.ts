import { describe, expect, it } from "vitest";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";

describe("sanitizeCmsHtml (CMS HTML allow-list)", () => {
  it("removes scripts, styles and iframes with their content", () => {
    const out = sanitizeCmsHtml(
      `<p>Prije</p><script>alert(1)</script><style>body{display:none}</style><iframe src="https://x.example"></iframe><p>Poslije</p>`,
    );
    expect(out).toBe("<p>Prije</p><p>Poslije</p>");
  });

  it("removes event handlers, inline styles and classes", () => {
    const out = sanitizeCmsHtml(`<p onclick="steal()" style="color:red" class="x">Tekst</p><img src="/a.webp" onerror="steal()" alt="A">`);
    expect(out).toBe(`<p>Tekst</p><img src="/a.webp" alt="A" />`);
  });

  it.each([
    `<a href="javascript:alert(1)">x</a>`,
    `<a href="JaVaScRiPt:alert(1)">x</a>`,
    `<a href="java&#x09;script:alert(1)">x</a>`,
    `<a href="  javascript:alert(1)">x</a>`,
    `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
    `<a href="vbscript:msgbox(1)">x</a>`,
  ])("drops a dangerous href: %s", (html) => {
    expect(sanitizeCmsHtml(html)).toBe("<a>x</a>");
  });

  it("keeps web, mail, phone and relative links", () => {
    for (const href of [
      "https://alu-krov.hr/x",
      "http://example.com",
      "mailto:info@alu-krov.hr",
      "tel:+38516222333",
      "/kontakt",
      "#odjeljak",
      "kontakt",
    ]) {
      expect(sanitizeCmsHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it("forces rel=noopener noreferrer on links that open a new tab", () => {
    expect(sanitizeCmsHtml(`<a href="https://x.example" target="_blank">x</a>`)).toBe(
      `<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeCmsHtml(`<a href="https://x.example" target="_blank" rel="opener">x</a>`)).toBe(
      `<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    // Other targets are dropped; only known rel tokens stay.
    expect(sanitizeCmsHtml(`<a href="/a" target="_parent" rel="nofollow opener">x</a>`)).toBe(`<a href="/a" rel="nofollow">x</a>`);
  });

  it("allows images only from relative or https sources", () => {
    expect(sanitizeCmsHtml(`<img src="https://cdn.example/a.webp" alt="A" width="640" height="480">`)).toBe(
      `<img src="https://cdn.example/a.webp" alt="A" width="640" height="480" />`,
    );
    expect(sanitizeCmsHtml(`<img src="/media/a.webp" alt="A">`)).toBe(`<img src="/media/a.webp" alt="A" />`);
    for (const src of ["http://x.example/a.png", "//x.example/a.png", "data:image/png;base64,AAAA", "javascript:alert(1)"]) {
      expect(sanitizeCmsHtml(`<p><img src="${src}" alt="A"></p>`), src).toBe("<p></p>");
    }
    expect(sanitizeCmsHtml(`<img src="/a.webp" width="100%" height="1e9">`)).toBe(`<img src="/a.webp" />`);
  });

  it("keeps the allowed document structure", () => {
    const html =
      `<h2>Naslov</h2><h3>Podnaslov</h3><p>Tekst s <strong>jakim</strong> i <em>kosim</em><br />prijelomom.</p>` +
      `<ul><li>jedan</li></ul><ol><li>dva</li></ol><blockquote>Citat</blockquote><hr />` +
      `<figure><img src="/a.webp" alt="A" /><figcaption>Opis</figcaption></figure>` +
      `<table><caption>Cijene</caption><thead><tr><th scope="col">Proizvod</th></tr></thead>` +
      `<tbody><tr><td colspan="2">Panel</td></tr></tbody><tfoot><tr><td>Ukupno</td></tr></tfoot></table>`;
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it("turns h1, b and i into h2, strong and em, and unwraps unknown tags", () => {
    expect(sanitizeCmsHtml(`<h1>A</h1><b>B</b><i>C</i><div><span>D</span></div><form><input name="x"></form>`)).toBe(
      `<h2>A</h2><strong>B</strong><em>C</em>D`,
    );
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeCmsHtml(null)).toBe("");
    expect(sanitizeCmsHtml("")).toBe("");
  });
});
