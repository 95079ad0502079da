/**
 * schema.org JSON-LD (decision 0036). Loaders build the objects on the server and hand
 * them to the route's meta as `{ "script:ld+json": object }` (titleMeta in meta.ts), which
 * Remix's <Meta /> writes as a <script type="application/ld+json"> with `<`, `>`, `&`,
 * U+2028 and U+2029 escaped (@remix-run/react escapeHtml), so no text inside (a product
 * name with `</script>`) can end the element. tests/integration/product-page.test.ts
 * checks that with a hostile name.
 */
export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;
