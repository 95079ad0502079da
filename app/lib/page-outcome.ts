/**
 * What a page's loader module found for an address, as a value (decision 0098: modules
 * speak no HTTP): the page itself, or "it lives elsewhere" (an old slug, a stale page
 * number, a query in another order), or nothing. The route turns the last two into the
 * redirect and the 404 (app/routes/http/page-outcome.server.ts).
 */
export type Moved = { moved: { to: string; status: number } };
export type Missing = { missing: true };
export type PageOutcome<T> = { page: T } | Moved | Missing;

export const moved = (to: string, status: number): Moved => ({ moved: { to, status } });
export const MISSING: Missing = { missing: true };
export const pageFound = <T>(page: T): { page: T } => ({ page });

/** The page's own data type of a loader module's outcome. */
export type PageOf<O> = O extends { page: infer T } ? T : never;
