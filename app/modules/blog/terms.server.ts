import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { terms, type TermType } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { SITE_ID } from "~/modules/kernel/options";
import { termLinks, type TermLink } from "./blog.server";

/** Blog terms of the given types (all when none) in editor order, named in the locale (spec §7 term/filter). */
export async function listTerms(locale: Locale, types: readonly TermType[] = []): Promise<TermLink[]> {
  const db = await getDb();
  const where = types.length ? and(eq(terms.siteId, SITE_ID), inArray(terms.type, [...types])) : eq(terms.siteId, SITE_ID);
  const ids = await db.select({ id: terms.id }).from(terms).where(where).orderBy(asc(terms.position), asc(terms.id));
  const links = await termLinks(
    ids.map((r) => r.id),
    locale,
  );
  return ids.flatMap((r) => links.get(r.id) ?? []);
}

/** One term of the site by id, named in the locale; null when unknown. */
export async function getTerm(id: number, locale: Locale): Promise<TermLink | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.id, id), eq(terms.siteId, SITE_ID)));
  return row ? ((await termLinks([row.id], locale)).get(row.id) ?? null) : null;
}
