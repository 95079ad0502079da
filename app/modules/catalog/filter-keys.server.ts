import { getCatalogMeta } from "./catalog-meta.server";
import type { FilterValue } from "./filter-sql.server";

/**
 * Attribute filters named by the attribute's code or its id (an app names them as the
 * layered navigation shows them, by attributeCode or attributeID) turned into the keys
 * the product search and the layered navigation read: the attribute's id. "archived" is
 * the spec's own filter and stays. A key naming no attribute is returned apart, so that
 * the caller can refuse it instead of searching without it.
 */
export async function filtersByAttributeId(
  filters: Record<string, FilterValue> | undefined,
): Promise<{ filters: Record<string, FilterValue> | undefined; unknown: string[] }> {
  if (!filters) return { filters, unknown: [] };
  const { attributes } = await getCatalogMeta();
  const byId = new Map<string, FilterValue>();
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const attribute = attributes.find((a) => String(a.id) === key) ?? attributes.find((a) => a.code === key);
    if (attribute) byId.set(String(attribute.id), value);
    else if (key === "archived") byId.set(key, value);
    else unknown.push(key);
  }
  return { filters: Object.fromEntries(byId), unknown };
}
