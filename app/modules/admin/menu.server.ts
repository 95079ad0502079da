import { SERVICE_ROUTES, type AdminMenuGroup } from "~/lib/route-files";
import { hasScope } from "~/lib/backoffice-scopes";

export type AdminMenuItem = { to: string; label: string; group: AdminMenuGroup };

const ADMIN = SERVICE_ROUTES.find((route) => route.path === "admin")!;

/** The admin menu for a user's scope, from the route table: a screen they can't open is not offered. */
export function adminMenu(scopes: readonly string[], { showCaches }: { showCaches: boolean }): AdminMenuItem[] {
  return (
    (ADMIN.children ?? [])
      .filter((child) => child.nav && child.group && child.scope && hasScope(scopes, child.scope))
      // "Available caches" is listed only when a cache store is configured (spec §2 Layouts).
      .filter((child) => showCaches || child.path !== "cache")
      .map((child) => ({ to: child.path ? `/admin/${child.path}` : "/admin", label: child.nav!, group: child.group! }))
  );
}

export const ADMIN_MENU_GROUPS: AdminMenuGroup[] = ["sales", "catalog", "content", "shop"];
