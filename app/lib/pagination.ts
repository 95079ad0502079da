/** Spec §9: a pagination control shows up to 9 page numbers. */
export const MAX_PAGE_NUMBERS = 9;
/** Items per page options 12 and 24, default 12 (spec §9). */
export const PER_PAGE_OPTIONS = [12, 24] as const;
export const DEFAULT_PER_PAGE = 12;

export type PageInfo = { page: number; perPage: number; totalRecords: number; totalPages: number };

export function pageInfo(page: number, perPage: number, totalRecords: number): PageInfo {
  const totalPages = Math.max(1, Math.ceil(totalRecords / perPage));
  return { page: Math.min(Math.max(1, page), totalPages), perPage, totalRecords, totalPages };
}

/** The page numbers to show around the current page: a window of at most 9. */
export function pageNumbers(current: number, totalPages: number, max = MAX_PAGE_NUMBERS): number[] {
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A positive whole number from a query value, else the fallback. */
export function positiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
