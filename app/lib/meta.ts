type Tag = { title?: string; name?: string; property?: string; content?: string };

/**
 * Page meta from a loader's `title` (and optional `description`), plus the Open Graph and
 * Twitter card tags a loader built as `social` (app/modules/site/seo.server.ts).
 */
export function titleMeta({ data }: { data: unknown }) {
  const d = data as { title?: string; description?: string; social?: Tag[] } | undefined;
  const tags: Tag[] = [{ title: d?.title ?? "Alu Krov" }];
  if (d?.description) tags.push({ name: "description", content: d.description });
  if (d?.social) tags.push(...d.social);
  return tags;
}
