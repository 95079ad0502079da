/**
 * The text part of a templated mail, derived from its (sanitised, allow-listed) HTML body:
 * blocks become paragraphs, `<br>` a line break, list items "- item", a link "text (href)"
 * when the address is not its own text, entities decoded. Placeholders pass through
 * untouched, so the caller substitutes the raw values afterwards.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'", "#34": '"' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, "\n")
    // Source line breaks are not text line breaks in HTML.
    .replace(/\s*\n\s*/g, " ")
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, "").trim();
      const address = href.trim();
      return !label || decode(label) === decode(address) ? address : `${label} (${address})`;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/(td|th)>/gi, "\t")
    .replace(/<hr\b[^>]*>/gi, "\n\n---\n\n")
    .replace(/<\/?(p|h[1-6]|ul|ol|table|tr|blockquote|figure|figcaption|caption|thead|tbody|tfoot)\b[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return decode(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/g, "").replace(/^ +/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text as the editor's first HTML: a paragraph per blank-line block, `<br>` per line. */
export function textToHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${escape(block).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}
