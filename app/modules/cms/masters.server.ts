import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { masterComponents, pageTranslations } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { integer, optionalText, REQUIRED, text, typeError } from "~/lib/schema-fields";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { SITE_ID } from "~/modules/kernel/options";
import type { Staff } from "~/modules/kernel/staff.server";
import { parseComponents, type StoredComponent } from "./page-components.schema";

/**
 * Master components (spec §2 "choose master component"): a section kept in one place. A page
 * stores a reference (`{ type: "master", masterId }`), never a copy, and renders the master's
 * current content; saving a master clears the page cache (dataChanged("page")), so every page
 * that uses it shows the change at once.
 */
type Actor = Pick<Staff, "id" | "email">;
export type MasterDetail = { id: number; name: string; component: StoredComponent; updatedAt: string; usedBy: MasterUse[] };
export type MasterUse = { pageId: number; languageCode: string; title: string; slug: string };

const notFound = () => new DomainError("noMaster", { message: "noMaster", key: "editing.errors.noMaster", status: 404 });

/** The masters' components by id, checked by their schemas (a master that no longer parses is left out and logged). */
export async function mastersById(ids: readonly number[]): Promise<Map<number, StoredComponent>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: masterComponents.id, component: masterComponents.component })
    .from(masterComponents)
    .where(and(eq(masterComponents.siteId, SITE_ID), inArray(masterComponents.id, wanted)));
  const found = new Map<number, StoredComponent>();
  for (const row of rows) {
    const { components, skipped } = parseComponents([row.component]);
    if (skipped.length > 0) console.warn(`Master component ${row.id} skipped: ${skipped[0].reason}`);
    // A master is one plain section: a reference to another master inside it is not followed.
    if (components[0] && components[0].type !== "master") found.set(row.id, components[0]);
  }
  return found;
}

/** The page translations (live content) that reference a master. */
export async function masterUses(masterId: number): Promise<MasterUse[]> {
  const db = await getDb();
  const reference = JSON.stringify([{ type: "master", masterId }]);
  return db
    .select({
      pageId: pageTranslations.pageId,
      languageCode: pageTranslations.languageCode,
      title: pageTranslations.title,
      slug: pageTranslations.slug,
    })
    .from(pageTranslations)
    .where(sql`${pageTranslations.components} @> ${reference}::jsonb`)
    .orderBy(pageTranslations.pageId, pageTranslations.languageCode);
}

export async function listMasters() {
  const db = await getDb();
  const rows = await db
    .select({ id: masterComponents.id, name: masterComponents.name, component: masterComponents.component })
    .from(masterComponents)
    .where(eq(masterComponents.siteId, SITE_ID))
    .orderBy(masterComponents.name);
  return rows.map((row) => ({ id: row.id, name: row.name, type: String(row.component.type ?? "?") }));
}

export async function masterDetail(id: number): Promise<MasterDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(masterComponents)
    .where(and(eq(masterComponents.id, id), eq(masterComponents.siteId, SITE_ID)));
  if (!row) return null;
  const [component] = parseComponents([row.component]).components;
  if (!component) return null;
  return { id: row.id, name: row.name, component, updatedAt: row.updatedAt.toISOString(), usedBy: await masterUses(id) };
}

/**
 * Saves a master's name and fields (merged over what it holds, checked by the component's own
 * schema). `updatedAt` is what the editor's screen showed: a master saved since is a 409.
 */
export async function updateMaster(
  staff: Actor,
  id: number,
  input: { name: string; updatedAt: string; fields: Record<string, unknown> },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(masterComponents)
      .where(and(eq(masterComponents.id, id), eq(masterComponents.siteId, SITE_ID)))
      .for("update");
    if (!row) throw notFound();
    if (row.updatedAt.toISOString() !== input.updatedAt)
      throw new DomainError("staleEdit", { message: "The record was changed by someone else", key: "admin.staleEdit", status: 409 });
    const merged = { ...row.component, ...input.fields, type: row.component.type };
    const { components, skipped } = parseComponents([merged]);
    if (skipped.length > 0 || !components[0]) throw componentInvalid(skipped[0]?.issues?.[0]?.path);
    const component = components[0] as Record<string, unknown>;
    await tx.update(masterComponents).set({ name: input.name, component, updatedAt: new Date() }).where(eq(masterComponents.id, id));
    await recordAudit(tx, staff, {
      entity: "masterComponent",
      entityId: id,
      action: "update",
      before: { name: row.name, component: row.component },
      after: { name: input.name, component },
    });
  });
  await dataChanged("page");
}

function componentInvalid(path: readonly PropertyKey[] | undefined): DomainError {
  return new DomainError("invalidComponent", {
    message: "Master component refused",
    key: "editing.errors.invalidSection",
    status: 400,
    field: path ? path.map(String).join(".") : "",
  });
}

/**
 * The fields a master's screen edits per component type: the texts and numbers. Images,
 * galleries, logo and certificate lists are kept as they are (the in-page editor's media
 * library picks them when the section is made).
 */
const NUMBER_FIELDS = ["limit", "lat", "lon", "zoom"] as const;
export const MASTER_FIELDS: Record<string, readonly MasterField[]> = {
  hero: ["title", "text"],
  text: ["html"],
  image: ["caption"],
  gallery: ["title"],
  productSlider: ["title", "limit"],
  postList: ["title", "limit"],
  contactForm: [],
  form: ["slug"],
  cta: ["title", "text", "linkLabel"],
  map: ["title", "address", "lat", "lon", "zoom"],
  logoList: ["title"],
  certificates: ["title"],
};
export type MasterField = "title" | "text" | "html" | "caption" | "address" | "slug" | "linkLabel" | (typeof NUMBER_FIELDS)[number];

export const masterFormSchema = z.object({
  intent: z.literal("save"),
  updatedAt: text({ max: 40, required: true }),
  name: text({ max: 120, required: true }),
  title: optionalText({ max: 200 }),
  text: optionalText({ max: 1000, multiline: true }),
  html: z.string().max(100_000).optional(),
  caption: optionalText({ max: 300 }),
  address: optionalText({ max: 300 }),
  slug: optionalText({ max: 200 }),
  linkLabel: optionalText({ max: 120 }),
  limit: integer({ min: 1, max: 20 }).optional(),
  lat: z.number(typeError(REQUIRED, "core.validation.number")).min(-90).max(90).optional(),
  lon: z.number(typeError(REQUIRED, "core.validation.number")).min(-180).max(180).optional(),
  zoom: integer({ min: 1, max: 19 }).optional(),
});
export type MasterForm = z.output<typeof masterFormSchema>;

/** The posted fields of the master's type as component fields (the link's label goes into its link). */
export function masterFieldsOf(type: string, form: MasterForm, current: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of MASTER_FIELDS[type] ?? []) {
    // An emptied text field is posted as nothing: it clears the text; an emptied number keeps its value.
    const value = form[name] ?? ((NUMBER_FIELDS as readonly string[]).includes(name) ? undefined : "");
    if (value === undefined) continue;
    if (name === "linkLabel") fields.link = { ...(current.link as object), label: value };
    else fields[name] = value;
  }
  return fields;
}
