/** Rows per page of every backoffice list (the page-size select), default 25. */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;
/** The most rows one CSV export carries: the filtered list, bounded so one click can't exhaust the server. */
export const CSV_MAX_ROWS = 50_000;
