/** Page meta from a loader's `title` (and optional `description`). */
export function titleMeta({ data }: { data: unknown }) {
  const d = data as { title?: string; description?: string } | undefined;
  const tags: { title?: string; name?: string; content?: string }[] = [{ title: d?.title ?? "Alu Krov" }];
  if (d?.description) tags.push({ name: "description", content: d.description });
  return tags;
}
