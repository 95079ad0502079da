/**
 * schema.org JSON-LD (issue 13 item 14). A loader returns `jsonLd` (a list of objects) and
 * the document head renders each as a <script type="application/ld+json">. The text goes
 * into the HTML unescaped (a script element's content is raw text), so a product name with
 * `</script>` would end the element: `<`, `>` and `&` are written as JSON \u escapes (the
 * parsed value is unchanged), and so are U+2028/U+2029, which some parsers refuse.
 */
export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The JSON-LD objects of the matched routes' loaders, in route order. */
export function jsonLdOf(matches: { data?: unknown }[]): JsonLd[] {
  return matches.flatMap((m) => (m.data as { jsonLd?: JsonLd[] } | null | undefined)?.jsonLd ?? []);
}
