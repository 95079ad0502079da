/**
 * Backoffice scopes (spec §6 "Backoffice user (isBackofficeUser, with scope)", DESIGN.md
 * "Roles"): `admin` reaches everything; `sales` orders, customers and enquiries; `editor`
 * content and media. A screen declares the scope it needs in the route table
 * (app/lib/route-files.ts, the admin children) and checks it in its loader and action with
 * `requireStaff` (staff.server.ts); tests/integration/admin-scopes.test.ts proves, from
 * the route table, that each scope reaches exactly its screens.
 */
export const BACKOFFICE_SCOPES = ["admin", "sales", "editor"] as const;
export type BackofficeScope = (typeof BACKOFFICE_SCOPES)[number];

/** What a screen needs: one scope, or `any` backoffice user (the dashboard). */
export type ScreenScope = BackofficeScope | "any";

export function isBackofficeScope(value: string): value is BackofficeScope {
  return (BACKOFFICE_SCOPES as readonly string[]).includes(value);
}

/** Whether a user with `scopes` may open a screen that needs `needed`. */
export function hasScope(scopes: readonly string[], needed: ScreenScope): boolean {
  if (needed === "any") return scopes.some(isBackofficeScope);
  return scopes.includes("admin") || scopes.includes(needed);
}
