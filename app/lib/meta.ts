type Tag = Record<string, unknown>;

/**
 * Page meta from a loader's `title` (and optional `description`). A page with `seo` (Open
 * Graph and Twitter card tags and schema.org JSON-LD, app/modules/site/seo.server.ts) gets
 * those too, with og:title and og:description taken from the title and description.
 */
export function titleMeta({ data }: { data: unknown }) {
  const d = data as { title?: string; description?: string; seo?: Tag[] } | undefined;
  const tags: Tag[] = [{ title: d?.title ?? "Alu Krov" }];
  if (d?.description) tags.push({ name: "description", content: d.description });
  if (d?.seo) {
    tags.push({ property: "og:title", content: d.title });
    if (d.description) tags.push({ property: "og:description", content: d.description });
    tags.push(...d.seo);
  }
  return tags;
}

/**
 * A page's `headers` export that passes on the Cache-Control its loader set (a shopper's
 * own data: "private, no-store"), so no shared cache keeps it.
 */
export function loaderCacheControl({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}
