import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { options, sites } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { LOCALES, type Locale } from "~/lib/locales";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { removedByCmsHtml, REMOVED_KINDS, sanitizeCmsHtml, type RemovedKind } from "~/modules/kernel/sanitize.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * DefaultProductTemplate (spec §3 CMS option key; decision 0053): the description a new
 * product starts with, HTML per language, stored as the option `{ hr, en, de }` and edited
 * on /admin/templates. A value of another shape (the seed's old "default") counts as no
 * template. Options have no version column: the form posts a fingerprint of the value it
 * showed, and a save over a changed value is refused like a stale version (409), as
 * /admin/settings does (docs/decisions/0050).
 */
export const PRODUCT_TEMPLATE_OPTION = "DefaultProductTemplate";
export type ProductTemplate = Record<Locale, string>;

const EMPTY: ProductTemplate = { hr: "", en: "", de: "" };

function shapeOf(value: unknown): ProductTemplate {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ...EMPTY };
  const record = value as Record<string, unknown>;
  return Object.fromEntries(LOCALES.map((locale) => [locale, typeof record[locale] === "string" ? record[locale] : ""])) as ProductTemplate;
}

async function readValue(executor: Executor): Promise<ProductTemplate> {
  const [row] = await executor
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, PRODUCT_TEMPLATE_OPTION)));
  return shapeOf(row?.value);
}

export const productTemplateFingerprint = (value: ProductTemplate) =>
  createHash("sha256")
    .update(JSON.stringify(LOCALES.map((locale) => value[locale])))
    .digest("base64url")
    .slice(0, 32);

/** The description a new product starts with, per language ("" where none is set). */
export async function defaultProductDescriptions(): Promise<ProductTemplate> {
  return readValue(await getDb());
}

export async function productTemplateForm() {
  const value = await readValue(await getDb());
  return { value, fingerprint: productTemplateFingerprint(value) };
}

/**
 * Saves the template (each language sanitised with the CMS allow-list): whether anything
 * changed, and what the allow-list removed (in any language), for the editor's notice.
 */
export async function saveProductTemplate(
  staff: Pick<Staff, "id" | "email">,
  input: ProductTemplate & { fingerprint: string },
): Promise<{ changed: boolean; removed: RemovedKind[] }> {
  const found = new Set(LOCALES.flatMap((locale) => removedByCmsHtml(input[locale])));
  const removed = REMOVED_KINDS.filter((kind) => found.has(kind));
  const next = Object.fromEntries(LOCALES.map((locale) => [locale, sanitizeCmsHtml(input[locale]).trim()])) as ProductTemplate;
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    // The site row is the lock every options save takes (settings-admin.server.ts).
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, SITE_ID)).for("update");
    const current = await readValue(tx);
    if (productTemplateFingerprint(current) !== input.fingerprint) {
      throw new DomainError("staleEdit", {
        message: "The product template was changed by someone else",
        key: "admin.staleEdit",
        status: 409,
      });
    }
    if (productTemplateFingerprint(current) === productTemplateFingerprint(next)) return false;
    await tx
      .insert(options)
      .values({ siteId: SITE_ID, key: PRODUCT_TEMPLATE_OPTION, value: next })
      .onConflictDoUpdate({ target: [options.siteId, options.key], set: { value: next } });
    await recordAudit(tx, staff, {
      entity: "settings",
      entityId: SITE_ID,
      action: "productTemplate",
      before: { [PRODUCT_TEMPLATE_OPTION]: current },
      after: { [PRODUCT_TEMPLATE_OPTION]: next },
    });
    return true;
  });
  if (changed) await dataChanged("settings");
  return { changed, removed };
}
