import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from "~/lib/pagination";

/**
 * The state of a product list page in its URL (spec §4 Product list), shared by the loader
 * (parse, then redirect to the canonical form) and the browser (the filter form builds the
 * same canonical query before navigating). Filters are named by attribute code:
 *   ?boja=12,14                          value ids, comma-joined (a no-JS form sends boja=12&boja=14)
 *   ?rekonstrukcija=yes                  yes/no
 *   ?debljina_min=0.5&debljina_max=0.7   a range; kept in the URL half-filled, applied only when both ends are set
 * plus page, limit (12 or 24), sort (an allowed sort id) and view=onepage. Defaults are left
 * out, so one view has one URL. Unknown parameters pass through untouched.
 */
export type FilterType = "dropdown" | "numberField" | "multipleSelect" | "textSwatch" | "visualSwatch" | "yesNo" | "dateTime" | "date";
export type FilterDef = { id: number; code: string; type: FilterType };
export type Range = { min: string | null; max: string | null };
export type ShopView = "pages" | "onepage";

export type ShopParams = {
  values: Record<string, number[]>;
  yesNo: Record<string, boolean>;
  ranges: Record<string, Range>;
  page: number;
  limit: number;
  sort: number;
  view: ShopView;
};
export type ShopDefaults = { sort: number; sorts: readonly number[] };

export const RESERVED_PARAMS = ["page", "limit", "sort", "view"] as const;
/** A URL cannot ask for more than this many value ids of one attribute (bounded IN lists). */
const MAX_IDS = 50;
const MAX_PAGE = 10_000;

export function filterKind(type: FilterType): "values" | "yesNo" | "range" {
  if (type === "yesNo") return "yesNo";
  if (type === "numberField" || type === "date" || type === "dateTime") return "range";
  return "values";
}

/** A range end as its canonical string, or null when it is not a value of that type. */
export function rangeEnd(type: FilterType, raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (type === "numberField") {
    if (!/^-?\d{1,12}([.,]\d{1,6})?$/.test(value)) return null;
    return String(Number(value.replace(",", ".")));
  }
  const pattern = type === "date" ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
  if (!pattern.test(value)) return null;
  const time = Date.parse(type === "date" ? `${value}T00:00Z` : `${value}Z`);
  // Date.parse accepts 2026-02-31; a round trip rejects it.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, value.length) !== value) return null;
  return value;
}

function compareEnds(type: FilterType, a: string, b: string) {
  return type === "numberField" ? Number(a) - Number(b) : a.localeCompare(b);
}

export function parseShopParams(params: URLSearchParams, defs: readonly FilterDef[], defaults: ShopDefaults): ShopParams {
  const state: ShopParams = { values: {}, yesNo: {}, ranges: {}, page: 1, limit: DEFAULT_PER_PAGE, sort: defaults.sort, view: "pages" };
  for (const def of defs) {
    const kind = filterKind(def.type);
    if (kind === "values") {
      const ids = params
        .getAll(def.code)
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number);
      const unique = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_IDS);
      if (unique.length) state.values[def.code] = unique;
    } else if (kind === "yesNo") {
      const answer = params
        .getAll(def.code)
        .filter((v) => v === "yes" || v === "no")
        .pop();
      if (answer) state.yesNo[def.code] = answer === "yes";
    } else {
      let min = rangeEnd(def.type, params.get(`${def.code}_min`));
      let max = rangeEnd(def.type, params.get(`${def.code}_max`));
      if (min !== null && max !== null && compareEnds(def.type, min, max) > 0) [min, max] = [max, min];
      if (min !== null || max !== null) state.ranges[def.code] = { min, max };
    }
  }
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) state.page = Math.min(page, MAX_PAGE);
  const limit = Number(params.get("limit"));
  if ((PER_PAGE_OPTIONS as readonly number[]).includes(limit)) state.limit = limit;
  const sort = Number(params.get("sort"));
  if (defaults.sorts.includes(sort)) state.sort = sort;
  if (params.get("view") === "onepage") state.view = "onepage";
  return state;
}

/** Parameters that are not part of the list's state (tracking codes ...), in their order. */
export function otherParams(params: URLSearchParams, defs: readonly FilterDef[]): [string, string][] {
  const known = new Set<string>(RESERVED_PARAMS);
  for (const def of defs) {
    known.add(def.code);
    if (filterKind(def.type) === "range") known.add(`${def.code}_min`).add(`${def.code}_max`);
  }
  return [...params].filter(([key]) => !known.has(key));
}

/** Like encodeURIComponent, but leaves the comma of joined ids readable. */
const enc = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ",");

/** The canonical query string ("" or "?..."): filters in attribute order, then sort, limit, view, page. */
export function shopSearch(state: ShopParams, defs: readonly FilterDef[], defaults: ShopDefaults, other: [string, string][] = []): string {
  const parts: string[] = [];
  for (const def of defs) {
    const ids = state.values[def.code];
    if (ids?.length) parts.push(`${enc(def.code)}=${ids.join(",")}`);
    const answer = state.yesNo[def.code];
    if (answer !== undefined) parts.push(`${enc(def.code)}=${answer ? "yes" : "no"}`);
    const range = state.ranges[def.code];
    if (range?.min != null) parts.push(`${enc(def.code)}_min=${enc(range.min)}`);
    if (range?.max != null) parts.push(`${enc(def.code)}_max=${enc(range.max)}`);
  }
  if (state.sort !== defaults.sort) parts.push(`sort=${state.sort}`);
  if (state.limit !== DEFAULT_PER_PAGE) parts.push(`limit=${state.limit}`);
  if (state.view === "onepage") parts.push("view=onepage");
  if (state.page > 1) parts.push(`page=${state.page}`);
  for (const [key, value] of other) parts.push(`${enc(key)}=${enc(value)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Whether any filter is set (a half-filled range counts: the panel shows it). */
export function hasFilters(state: ShopParams): boolean {
  return Object.keys(state.values).length + Object.keys(state.yesNo).length + Object.keys(state.ranges).length > 0;
}
