import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from "drizzle-orm";
import { type z } from "zod/v4";
import { getDb, type Executor } from "~/.server/db/client.server";
import { formSubmissions, forms, pageTranslations, pages } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { LOCALES } from "~/lib/locales";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { SITE_ID } from "~/modules/kernel/options";
import { confirmationOf, definitionOf, type FormBuilderInput } from "./form-builder.schema";

/**
 * The form builder's service (decision 0055; the edit pattern of decision 0038): forms
 * listed with their submissions and the pages that show them; each change locks the row,
 * checks the version, writes version + 1 and an audit row (entity "form") in one
 * transaction, then clears the page caches (a page shows its form blocks rendered). A form
 * a page component still names cannot be deleted (the page would lose its block); its
 * submissions stay in the enquiries inbox, self-contained (decision 0055).
 */
type FormRow = typeof forms.$inferSelect;

export const formNotFound = () =>
  new DomainError("formNotFound", { message: "Form not found", key: "adminCommunity.forms.notFound", status: 404 });

export const formListQuery = listQuery({ sorts: ["createdAt", "slug", "submissions"], sort: "createdAt", dir: "desc" }, {});
export type FormListQuery = z.output<typeof formListQuery>;

// Submissions whose sender has not confirmed their address yet are not the shop's yet (decision 0063): not counted.
const submissionCount = sql<number>`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = ${forms.id} and ${formSubmissions.confirmTokenHash} is null)`;
const lastSubmission = sql<Date | null>`(select max(${formSubmissions.createdAt}) from ${formSubmissions} where ${formSubmissions.formId} = ${forms.id} and ${formSubmissions.confirmTokenHash} is null)`;

/** The site's forms whose slug or title (in any language) contains `term`; all of them without one. */
export function formsMatching(term: string | undefined) {
  const pattern = term ? likePattern(term) : null;
  return and(eq(forms.siteId, SITE_ID), pattern ? or(ilike(forms.slug, pattern), sql`${forms.title}::text ilike ${pattern}`) : undefined);
}

const where = (query: FormListQuery) => formsMatching(query.q);

async function selectForms(query: FormListQuery, limit: number, offset: number) {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort === "slug" ? forms.slug : query.sort === "submissions" ? submissionCount : forms.createdAt;
  const rows = await db
    .select({
      id: forms.id,
      slug: forms.slug,
      title: forms.title,
      fields: forms.fields,
      createdAt: forms.createdAt,
      submissions: submissionCount,
      lastAt: lastSubmission,
    })
    .from(forms)
    .where(where(query))
    .orderBy(direction(order), direction(forms.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title.hr ?? r.slug,
    fieldCount: r.fields.length,
    hasFiles: r.fields.some((f) => f.type === "file"),
    submissions: Number(r.submissions),
    lastAt: r.lastAt ? new Date(r.lastAt).toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
export type FormListRow = Awaited<ReturnType<typeof selectForms>>[number];

export async function listForms(query: FormListQuery) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(forms).where(where(query));
  const page = listPage(total, query);
  return { rows: await selectForms(query, page.limit, page.offset), page };
}

export const exportForms = (query: FormListQuery) => selectForms(query, CSV_MAX_ROWS, 0);

/** The pages (any language) whose components include this form: their titles in that language. */
export async function pagesUsingForm(executor: Executor, slug: string): Promise<{ pageId: number; title: string; languageCode: string }[]> {
  const needle = JSON.stringify([{ type: "form", slug }]);
  return executor
    .select({ pageId: pageTranslations.pageId, title: pageTranslations.title, languageCode: pageTranslations.languageCode })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pages.siteId, SITE_ID), sql`${pageTranslations.components} @> ${needle}::jsonb`));
}

function auditView(row: FormRow) {
  return { slug: row.slug, title: row.title, fields: row.fields, confirmation: row.confirmation };
}

function columnsOf(input: FormBuilderInput) {
  const title = Object.fromEntries(LOCALES.filter((l) => input.title[l]).map((l) => [l, input.title[l]]));
  return { slug: input.slug, title, fields: definitionOf(input.fields), confirmation: confirmationOf(input.confirmation) };
}

async function refuseTakenSlug(tx: Executor, slug: string, except: number | null) {
  const [taken] = await tx
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.siteId, SITE_ID), eq(forms.slug, slug), except ? ne(forms.id, except) : undefined));
  // "contact" is the built-in contact form's slug: a database form cannot take it.
  if (taken || slug === "contact")
    throw new DomainError("formSlugTaken", {
      message: "Form slug taken",
      key: "adminCommunity.forms.slugTaken",
      field: "slug",
      status: 409,
    });
}

async function lockForm(tx: Executor, id: number): Promise<FormRow> {
  const [row] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.siteId, SITE_ID)))
    .for("update");
  if (!row) throw formNotFound();
  return row;
}

export async function createForm(staff: Staff, input: FormBuilderInput): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await refuseTakenSlug(tx, input.slug, null);
    const [row] = await tx
      .insert(forms)
      .values({ siteId: SITE_ID, ...columnsOf(input) })
      .returning();
    await recordAudit(tx, staff, { entity: "form", entityId: row.id, action: "create", after: auditView(row) });
    return row.id;
  });
  await dataChanged("page");
  return id;
}

export async function updateForm(staff: Staff, id: number, input: FormBuilderInput): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockForm(tx, id);
    checkVersion(before.version, input.version ?? -1);
    if (input.slug !== before.slug) {
      // Pages name their form block by slug: a form on a page keeps it, or the block would vanish.
      if ((await pagesUsingForm(tx, before.slug)).length > 0)
        throw new DomainError("formOnPage", {
          message: "Form used by a page",
          key: "adminCommunity.forms.slugLocked",
          field: "slug",
          status: 409,
        });
      await refuseTakenSlug(tx, input.slug, id);
    }
    const [after] = await tx
      .update(forms)
      .set({ ...columnsOf(input), version: before.version + 1 })
      .where(eq(forms.id, id))
      .returning();
    await recordAudit(tx, staff, { entity: "form", entityId: id, action: "update", ...changedFields(auditView(before), auditView(after)) });
  });
  await dataChanged("page");
}

export async function deleteForm(staff: Staff, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockForm(tx, id);
    checkVersion(before.version, version);
    const usedOn = await pagesUsingForm(tx, before.slug);
    if (usedOn.length > 0) {
      throw new DomainError("formOnPage", {
        message: "Form used by a page",
        key: "adminCommunity.forms.usedByPage",
        status: 409,
        values: { pages: [...new Set(usedOn.map((p) => p.title))].join(", ") },
      });
    }
    await tx.delete(forms).where(eq(forms.id, id));
    await recordAudit(tx, staff, { entity: "form", entityId: id, action: "delete", before: auditView(before) });
  });
  await dataChanged("page");
}

/** One form for the builder: its row, the pages showing it and how many submissions it has. */
export async function formDetail(id: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.siteId, SITE_ID)));
  if (!row) return null;
  const [usedOn, [{ n }]] = await Promise.all([
    pagesUsingForm(db, row.slug),
    db
      .select({ n: count() })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, id), isNull(formSubmissions.confirmTokenHash))),
  ]);
  return { id: row.id, version: row.version, slug: row.slug, usedOn, submissions: n, form: builderValue(row) };
}

/** The builder's inputs for a stored form (and one empty row to add a field). */
export function builderValue(row: Pick<FormRow, "slug" | "title" | "fields" | "confirmation"> | null) {
  const fields = (row?.fields ?? []).map((f, i) => ({
    name: f.name,
    type: f.type,
    label: { hr: f.label.hr ?? "", en: f.label.en ?? "", de: f.label.de ?? "" },
    required: f.required ? "on" : "",
    maxLength: f.maxLength ? String(f.maxLength) : "",
    options: (f.options ?? [])
      .map((o) => [o.value, o.label.hr ?? "", o.label.en ?? "", o.label.de ?? ""].join(" | ").replace(/( \| )+$/, ""))
      .join("\n"),
    position: String((i + 1) * 10),
    remove: "",
  }));
  fields.push({
    name: "",
    type: "text",
    label: { hr: "", en: "", de: "" },
    required: "",
    maxLength: "",
    options: "",
    position: String((fields.length + 1) * 10),
    remove: "",
  });
  const confirmation = row?.confirmation ?? null;
  const message = confirmation?.goalType === "message" ? confirmation.message : {};
  return {
    slug: row?.slug ?? "",
    title: { hr: row?.title.hr ?? "", en: row?.title.en ?? "", de: row?.title.de ?? "" },
    fields,
    confirmation: {
      goalType: confirmation?.goalType ?? "none",
      message: { hr: message.hr ?? "", en: message.en ?? "", de: message.de ?? "" },
      goal: confirmation && confirmation.goalType !== "message" ? confirmation.goal : "",
    },
  };
}
export type FormBuilderValue = ReturnType<typeof builderValue>;
