import { isProduction } from "~/.server/env.server";
import { hasScope } from "~/lib/backoffice-scopes";
import type { CurrentUser } from "~/.server/shopper.server";

/**
 * Who reaches the dev tooling (spec §6, decision 0062); the route side answers it
 * (app/routes/http/dev-tools-access.server.ts):
 * - in production nothing of it exists;
 * - otherwise a signed-in backoffice user;
 * - the domain calls need the admin access key (scope admin).
 */
export function devToolsEnabled(production = isProduction): boolean {
  return !production;
}

/** Whether `user` may make the dev tooling's domain calls (the admin access key). */
export function reachesDevToolsAdmin(user: CurrentUser | null): boolean {
  return Boolean(user?.isBackofficeUser && hasScope(user.scope, "admin"));
}
