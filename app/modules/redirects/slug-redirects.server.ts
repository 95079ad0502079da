import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { redirects } from "~/.server/db/schema";
import { href, type RouteKey } from "~/lib/routes-table";
import type { Locale } from "~/lib/locales";

/** The routes whose address carries a translated slug the backoffice can change. */
export type SluggedRoute = Extract<RouteKey, "product" | "shop" | "page" | "blog">;

/**
 * A changed slug keeps its old address working (decision 0045: "a changed slug redirects
 * from the old one"): the old path answers 301 to the new one through the redirects table
 * (app/modules/redirects/redirects.server.ts, read when a slug is unknown). Earlier redirects to
 * the old path are pointed at the new one, so a slug changed twice is one hop, not a
 * chain; a redirect from the new path (the slug was used before) is removed, or the page
 * would redirect to itself. Call in the transaction that writes the new slug.
 */
export async function redirectChangedSlug(tx: Executor, route: SluggedRoute, locale: Locale, from: string, to: string): Promise<void> {
  if (from === to || from === "") return;
  const oldPath = href(route, locale, { slug: from });
  const newPath = href(route, locale, { slug: to });
  await tx.delete(redirects).where(eq(redirects.fromPath, newPath));
  await tx
    .update(redirects)
    .set({ toPath: newPath })
    .where(and(eq(redirects.toPath, oldPath), ne(redirects.fromPath, newPath)));
  await tx
    .insert(redirects)
    .values({ fromPath: oldPath, toPath: newPath, status: 301 })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: newPath, status: 301 } });
}
