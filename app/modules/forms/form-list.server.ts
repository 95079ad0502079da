import { count, desc } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { forms } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { formsMatching } from "./form-admin.server";

/** At most this many forms a page (spec §3 pagination; a shop has a handful). */
export const PUBLIC_FORMS_PAGE_MAX = 50;

export type PublicFormsQuery = { keywords: string; page: number; perPage: number };

/**
 * The shop's database forms as a storefront lists them (spec §7 form/filter): id, slug and
 * title in the visitor's language (falling back to Croatian, then the slug), how many
 * fields, and the form's own page. The contact form is not here: it has no id (form/get and
 * form/storeData take one); contact/contactAdmin sends it. Keywords match the slug or a
 * title in any language.
 */
export async function listPublicForms(locale: Locale, query: PublicFormsQuery) {
  const db = await getDb();
  const where = formsMatching(query.keywords);
  const [{ total }] = await db.select({ total: count() }).from(forms).where(where);
  const rows = await db
    .select({ id: forms.id, slug: forms.slug, title: forms.title, fields: forms.fields })
    .from(forms)
    .where(where)
    .orderBy(desc(forms.createdAt), desc(forms.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return {
    records: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title[locale] || r.title.hr || r.slug,
      fieldCount: r.fields.length,
      href: href("form", locale, { slug: r.slug }),
    })),
    totalRecords: total,
    totalPages: Math.max(1, Math.ceil(total / query.perPage)),
    page: query.page,
    perPage: query.perPage,
  };
}
