import { and, asc, count, desc, eq, exists, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb, type Executor } from "~/.server/db/client.server";
import { postTerms, terms, termTranslations } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { redirectChangedSlug } from "~/modules/redirects/slug-redirects.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { TermInput } from "./content-admin.schema";

/**
 * Blog categories and tags in the backoffice (decision 0054; spec §2 Links: a term goes
 * to the blog with its slug). Names and slugs per language, slugs unique per language; a
 * changed slug keeps the old blog address (301). A term posts are filed under cannot be
 * deleted: untick it on those posts first (the screen lists how many).
 */
type TermRow = typeof terms.$inferSelect;

export const termNotFound = () =>
  new DomainError("termNotFound", { message: "Term not found", key: "adminContent.terms.errors.notFound", status: 404 });

export const termListQuery = listQuery(
  { sorts: ["position", "name", "posts"], sort: "position", dir: "asc" },
  { type: z.enum(["category", "tag"]).optional() },
);
export type TermListQuery = z.output<typeof termListQuery>;
export type TermListRow = { id: number; type: string; position: number; name: string; slug: string; languages: Locale[]; posts: number };

const postCount = sql<number>`(select count(*)::int from ${postTerms} where ${postTerms.termId} = ${terms.id})`;
const hrName = sql<string>`(select ${termTranslations.name} from ${termTranslations} where ${termTranslations.termId} = ${terms.id} and ${termTranslations.languageCode} = 'hrv')`;

function conditions(query: TermListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(terms.siteId, SITE_ID)];
  if (query.type) where.push(eq(terms.type, query.type));
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      exists(
        sql`(select 1 from ${termTranslations} where ${termTranslations.termId} = ${terms.id} and (${ilike(termTranslations.name, p)} or ${ilike(termTranslations.slug, p)}))`,
      ),
    );
  }
  return and(...where);
}

async function selectTerms(query: TermListQuery, limit: number, offset: number): Promise<TermListRow[]> {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "name" ? hrName : query.sort === "posts" ? postCount : terms.position;
  const rows = await db
    .select({ id: terms.id, type: terms.type, position: terms.position, posts: postCount })
    .from(terms)
    .where(conditions(query))
    .orderBy(direction(order), asc(terms.id))
    .limit(limit)
    .offset(offset);
  const texts = rows.length
    ? await db
        .select()
        .from(termTranslations)
        .where(
          inArray(
            termTranslations.termId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => {
    const own = texts.filter((t) => t.termId === row.id);
    const hr = own.find((t) => t.languageCode === "hrv") ?? own[0];
    return {
      ...row,
      posts: Number(row.posts),
      name: hr?.name ?? "",
      slug: hr?.slug ?? "",
      languages: LOCALES.filter((l) => own.some((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l])),
    };
  });
}

export async function listTerms(query: TermListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(terms).where(conditions(query));
  const page = listPage(total, query);
  return { rows: await selectTerms(query, page.limit, page.offset), page };
}
export const exportTerms = (query: TermListQuery) => selectTerms(query, CSV_MAX_ROWS, 0);

/** A term's form values, its version and how many posts use it; null when there is none. */
export async function termEditView(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: terms.id, type: terms.type, position: terms.position, version: terms.version, posts: postCount })
    .from(terms)
    .where(and(eq(terms.id, id), eq(terms.siteId, SITE_ID)));
  if (!row) return null;
  const texts = await db.select().from(termTranslations).where(eq(termTranslations.termId, id));
  const translations = Object.fromEntries(
    LOCALES.map((l) => {
      const own = texts.find((t) => t.languageCode === LOCALE_LANGUAGE_CODE[l]);
      return [l, { name: own?.name ?? "", slug: own?.slug ?? "" }];
    }),
  ) as Record<Locale, { name: string; slug: string }>;
  return { ...row, posts: Number(row.posts), translations };
}

async function refuseTakenSlugs(tx: Executor, id: number | null, input: TermInput) {
  for (const locale of LOCALES) {
    const own = input.translations[locale];
    if (!own?.slug) continue;
    const [taken] = await tx
      .select({ id: termTranslations.termId })
      .from(termTranslations)
      .where(
        and(
          eq(termTranslations.languageCode, LOCALE_LANGUAGE_CODE[locale]),
          eq(termTranslations.slug, own.slug),
          id ? ne(termTranslations.termId, id) : undefined,
        ),
      );
    if (taken)
      throw new DomainError("termSlugTaken", {
        message: "Slug taken",
        key: "adminContent.terms.errors.slugTaken",
        status: 409,
        field: `translations.${locale}.slug`,
      });
  }
}

/** Creates (id null) or changes a term with its names and slugs; returns its id. */
export async function saveTerm(staff: Staff, id: number | null, input: TermInput): Promise<number> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    await refuseTakenSlugs(tx, id, input);
    let before: TermRow | null = null;
    let termId: number;
    if (id === null) {
      const [row] = await tx.insert(terms).values({ siteId: SITE_ID, type: input.type, position: input.position }).returning();
      termId = row.id;
    } else {
      [before] = await tx
        .select()
        .from(terms)
        .where(and(eq(terms.id, id), eq(terms.siteId, SITE_ID)))
        .for("update");
      if (!before) throw termNotFound();
      checkVersion(before.version, input.version ?? -1);
      await tx
        .update(terms)
        .set({ type: input.type, position: input.position, version: before.version + 1 })
        .where(eq(terms.id, id));
      termId = id;
    }
    const old = await tx.select().from(termTranslations).where(eq(termTranslations.termId, termId));
    for (const locale of LOCALES) {
      const code = LOCALE_LANGUAGE_CODE[locale];
      const own = input.translations[locale];
      const existing = old.find((t) => t.languageCode === code);
      if (!own?.name || !own.slug) {
        if (existing) await tx.delete(termTranslations).where(eq(termTranslations.id, existing.id));
        continue;
      }
      if (existing) {
        await tx.update(termTranslations).set({ name: own.name, slug: own.slug }).where(eq(termTranslations.id, existing.id));
        await redirectChangedSlug(tx, "blog", locale, existing.slug, own.slug);
      } else {
        await tx.insert(termTranslations).values({ termId, languageCode: code, name: own.name, slug: own.slug });
      }
    }
    const view = (row: { type: string; position: number } | null, texts: { languageCode: string; name: string; slug: string }[]) => ({
      type: row?.type ?? null,
      position: row?.position ?? null,
      ...Object.fromEntries(texts.map((t) => [t.languageCode, `${t.name} /${t.slug}`])),
    });
    const after = LOCALES.flatMap((l) =>
      input.translations[l]?.name
        ? [{ languageCode: LOCALE_LANGUAGE_CODE[l], name: input.translations[l]!.name, slug: input.translations[l]!.slug }]
        : [],
    );
    await recordAudit(tx, staff, {
      entity: "term",
      entityId: termId,
      action: id === null ? "create" : "update",
      ...(id === null ? { after: view(input, after) } : changedFields(view(before, old), view(input, after))),
    });
    return termId;
  });
  await dataChanged("event");
  return saved;
}

/** Deletes a term no post is filed under (a used one is refused with how many posts use it). */
export async function deleteTerm(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(terms)
      .where(and(eq(terms.id, id), eq(terms.siteId, SITE_ID)))
      .for("update");
    if (!row) throw termNotFound();
    checkVersion(row.version, version);
    const [{ n }] = await tx.select({ n: count() }).from(postTerms).where(eq(postTerms.termId, id));
    if (n > 0)
      throw new DomainError("termUsed", {
        message: "Term used by posts",
        key: "adminContent.terms.errors.used",
        status: 409,
        values: { n },
      });
    const texts = await tx.select().from(termTranslations).where(eq(termTranslations.termId, id));
    await tx.delete(terms).where(eq(terms.id, id));
    await recordAudit(tx, staff, {
      entity: "term",
      entityId: id,
      action: "delete",
      before: { type: row.type, ...Object.fromEntries(texts.map((t) => [t.languageCode, `${t.name} /${t.slug}`])) },
    });
  });
  await dataChanged("event");
}
