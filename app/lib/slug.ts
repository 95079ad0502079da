/** A URL slug: lowercase ASCII words joined by hyphens ("Čelični oluk Ø100" → "celicni-oluk-o100"). */
export function slugify(text: string): string {
  return text
    .replace(/[đĐ]/g, "d") // đ has no combining-mark decomposition, unlike č ć š ž
    .replace(/[øØ]/g, "o")
    .replace(/ß/g, "ss")
    .replace(/×/g, "x")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What the slug validation accepts (spec §5: at least 4 characters, lowercase words and hyphens). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
