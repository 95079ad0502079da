/**
 * The eight sort options of spec §9: id, message key, the column they sort by and the
 * order. 1 (newest first) is the default when a category names none.
 */
export const SORT_OPTIONS = [
  { id: 1, name: "catalog.sort.newest", param: "id", order: "desc" },
  { id: 2, name: "catalog.sort.oldest", param: "id", order: "asc" },
  { id: 3, name: "catalog.sort.cheapest", param: "finalPrice", order: "asc" },
  { id: 4, name: "catalog.sort.mostExpensive", param: "finalPrice", order: "desc" },
  { id: 5, name: "catalog.sort.nameAsc", param: "name", order: "asc" },
  { id: 6, name: "catalog.sort.nameDesc", param: "name", order: "desc" },
  { id: 7, name: "catalog.sort.lowPriority", param: "categoryPriority", order: "asc" },
  { id: 8, name: "catalog.sort.highPriority", param: "categoryPriority", order: "desc" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export type SortId = SortOption["id"];
export const DEFAULT_SORT: SortId = 1;

/** The options a category allows (spec §5: restricted to its sortTypes when it has any). */
export function sortOptionsFor(category: { sortTypes: number[] } | null): SortOption[] {
  const allowed = category?.sortTypes ?? [];
  return allowed.length ? SORT_OPTIONS.filter((o) => allowed.includes(o.id)) : [...SORT_OPTIONS];
}

/** The sort a request gets: the asked one if allowed, else the category's default, else 1. */
export function resolveSort(asked: unknown, category: { sortTypes: number[]; sortDefaultType: number } | null): SortOption {
  const options = sortOptionsFor(category);
  const byId = (id: number) => options.find((o) => o.id === id);
  return byId(Number(asked)) ?? byId(category?.sortDefaultType ?? DEFAULT_SORT) ?? options[0];
}
