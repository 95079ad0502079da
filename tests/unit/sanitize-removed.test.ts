import { describe, expect, it } from "vitest";
import { removedByCmsHtml, sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";

/** What the CMS allow-list removes is named by kind, so a save can tell the editor. */
describe("removedByCmsHtml", () => {
  it("names scripts, event handlers, styles, other tags and attributes", () => {
    expect(removedByCmsHtml('<p style="color:red" onclick="x()">a</p><script>b()</script><style>p{}</style>')).toEqual([
      "scripts",
      "handlers",
      "styles",
    ]);
    expect(removedByCmsHtml('<div class="x"><iframe src="/a"></iframe><p class="y">c</p></div>')).toEqual(["tags", "attributes"]);
    expect(removedByCmsHtml('<svg onload="x()"></svg>')).toEqual(["handlers", "tags"]);
  });

  it("names nothing when the allow-list keeps everything (renamed tags included)", () => {
    const html = '<h1>Naslov</h1><p><b>a</b> <i>b</i> <a href="/x" target="_blank">c</a></p><img src="/s.png" alt="" width="10">';
    expect(removedByCmsHtml(html)).toEqual([]);
    expect(sanitizeCmsHtml(html)).toContain("<h2>Naslov</h2>");
    expect(removedByCmsHtml("")).toEqual([]);
  });
});
