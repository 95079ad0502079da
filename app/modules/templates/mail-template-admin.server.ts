import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { env } from "~/.server/env.server";
import { mailTemplates } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { hasScope } from "~/lib/backoffice-scopes";
import { LOCALES, type Locale } from "~/lib/locales";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { removedByCmsHtml, sanitizeCmsHtml, type RemovedKind } from "~/modules/kernel/sanitize.server";
import { MAIL_KINDS, type MailKind } from "~/modules/templates/mail-kinds";
import { SITE_ID } from "~/modules/kernel/options";
import { builtInTemplate } from "./template-builtins.server";
import { renderTemplate, type RenderedMail, type TemplateText } from "./template-render.server";
import { foreignLinks, misplacedSecrets } from "./template-links.server";
import { PLACEHOLDER, sampleValues, secretVariables, templateScope, unknownVariables } from "./template-variables";

/**
 * The e-mail template editor's service (/admin/templates, decision 0053; the edit
 * pattern of decision 0038, docs/decisions/0053): one row per kind and language, created
 * on the first save; a save or a reset locks it, checks the version the form showed (409),
 * writes version + 1 and its audit row (entity mailTemplate, id = the row) in one
 * transaction. Templates are read fresh by every sender: no cache to clear.
 */
type TemplateRow = typeof mailTemplates.$inferSelect;

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === "string" && (MAIL_KINDS as readonly string[]).includes(value);
}

const refuseVariables = (kind: MailKind, field: "subject" | "bodyHtml", text: string) => {
  const unknown = unknownVariables(kind, text);
  if (unknown.length === 0) return;
  throw new DomainError("unknownTemplateVariable", {
    message: `Unknown template variables: ${unknown.join(", ")}`,
    key: "adminTemplates.errors.unknownVariables",
    values: { names: unknown.map((name) => `{{${name}}}`).join(", ") },
    field,
  });
};

/**
 * A posted subject and body made ready to store or render: no unknown variable, the body
 * reduced to the CMS allow-list and not empty after it.
 */
export function checkedTemplate(kind: MailKind, input: TemplateText): TemplateText {
  refuseVariables(kind, "subject", input.subject);
  refuseVariables(kind, "bodyHtml", input.bodyHtml);
  const bodyHtml = sanitizeCmsHtml(input.bodyHtml).trim();
  if (!bodyHtml)
    throw new DomainError("emptyTemplate", { message: "The body is empty", key: "adminTemplates.errors.emptyBody", field: "bodyHtml" });
  refuseLinks(kind, input.subject, input.bodyHtml, bodyHtml);
  return { subject: input.subject, bodyHtml };
}

/** Decision 0081: links and images only to the shop's origin; a secret only where the shop makes its anchor. */
function refuseLinks(kind: MailKind, subject: string, typedHtml: string, bodyHtml: string) {
  const foreign = foreignLinks(typedHtml, env.PUBLIC_URL);
  if (foreign.length > 0)
    throw new DomainError("foreignTemplateLink", {
      message: `Links and images must point at ${env.PUBLIC_URL}: ${foreign.join(", ")}`,
      key: "adminTemplates.errors.foreignLink",
      values: { origin: env.PUBLIC_URL, urls: foreign.join(", ") },
      field: "bodyHtml",
    });
  const secret = new Set(secretVariables(kind));
  const misplaced = [
    ...[...subject.matchAll(PLACEHOLDER)]
      .filter(([, name]) => secret.has(name!))
      .map(([, name]) => ({ name: name!, field: "subject" as const })),
    ...misplacedSecrets(bodyHtml, secret).map((name) => ({ name, field: "bodyHtml" as const })),
  ];
  if (misplaced.length > 0)
    throw new DomainError("misplacedTemplateSecret", {
      message: `Secret links stand only in the text: ${misplaced.map((m) => m.name).join(", ")}`,
      key: "adminTemplates.errors.secretPlacement",
      values: { names: [...new Set(misplaced.map((m) => `{{${m.name}}}`))].join(", ") },
      field: misplaced[0]!.field,
    });
}

/**
 * A kind whose mail carries a secret (a one-time link) is for scope admin only: an editor
 * who could change it could send the token anywhere. The routes check it with
 * `requireStaff(request, templateScope(kind))`; the service checks it once more.
 */
export function requireTemplateScope(staff: Staff, kind: MailKind) {
  if (!hasScope(staff.scope, templateScope(kind)))
    throw new DomainError("templateForbidden", { message: "Forbidden", key: "admin.forbidden", status: 403 });
}

/** The mail `input` gives with the sample values: the preview of a posted (checked) text. */
export function previewTemplate(kind: MailKind, input: TemplateText): RenderedMail {
  return renderTemplate(kind, checkedTemplate(kind, input), sampleValues(kind, env.PUBLIC_URL));
}

/**
 * The preview of what is stored (or built in) when the page opens: not checked again, so
 * a template naming a variable its kind no longer has still opens (that placeholder is empty).
 */
export function storedPreview(kind: MailKind, template: TemplateText): RenderedMail {
  return renderTemplate(kind, template, sampleValues(kind, env.PUBLIC_URL));
}

const auditView = (row: Pick<TemplateRow, "subject" | "bodyHtml">) => ({
  subject: row.subject,
  bodyHtml: row.bodyHtml,
  customised: row.subject !== null,
});

/** Locks the kind's row in `locale`, making it (not customised, version 0) when there is none yet. */
async function lockTemplate(tx: Executor, kind: MailKind, locale: Locale): Promise<TemplateRow> {
  const where = and(eq(mailTemplates.siteId, SITE_ID), eq(mailTemplates.kind, kind), eq(mailTemplates.locale, locale));
  let [row] = await tx.select().from(mailTemplates).where(where).for("update");
  if (!row) {
    await tx.insert(mailTemplates).values({ siteId: SITE_ID, kind, locale }).onConflictDoNothing();
    [row] = await tx.select().from(mailTemplates).where(where).for("update");
  }
  return row!;
}

/** Saves the template; answers what the allow-list removed from the body, for the editor's notice. */
export async function saveTemplate(
  staff: Staff,
  kind: MailKind,
  locale: Locale,
  input: TemplateText & { version: number },
): Promise<{ removed: RemovedKind[] }> {
  requireTemplateScope(staff, kind);
  const checked = checkedTemplate(kind, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockTemplate(tx, kind, locale);
    checkVersion(before.version, input.version);
    const [after] = await tx
      .update(mailTemplates)
      .set({ ...checked, version: before.version + 1, updatedByEmail: staff.email, updatedAt: new Date() })
      .where(eq(mailTemplates.id, before.id))
      .returning();
    await recordAudit(tx, staff, {
      entity: "mailTemplate",
      entityId: before.id,
      action: "update",
      ...changedFields({ kind, locale, ...auditView(before) }, { kind, locale, ...auditView(after!) }),
    });
  });
  return { removed: removedByCmsHtml(input.bodyHtml) };
}

/** Back to the built-in text: the row stays (its trail and version go on) without subject and body. */
export async function resetTemplate(staff: Staff, kind: MailKind, locale: Locale, version: number): Promise<void> {
  requireTemplateScope(staff, kind);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockTemplate(tx, kind, locale);
    checkVersion(before.version, version);
    await tx
      .update(mailTemplates)
      .set({ subject: null, bodyHtml: null, version: before.version + 1, updatedByEmail: staff.email, updatedAt: new Date() })
      .where(eq(mailTemplates.id, before.id));
    await recordAudit(tx, staff, {
      entity: "mailTemplate",
      entityId: before.id,
      action: "reset",
      before: { kind, locale, ...auditView(before) },
      after: { kind, locale, customised: false },
    });
  });
}

/** What the editor shows of a kind in a language: the stored template or the built-in one, the version to post back. */
export async function templateDetail(kind: MailKind, locale: Locale) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.siteId, SITE_ID), eq(mailTemplates.kind, kind), eq(mailTemplates.locale, locale)));
  const customised = Boolean(row && row.subject !== null && row.bodyHtml !== null);
  const builtIn = await builtInTemplate(kind, locale);
  return {
    id: row?.id ?? null,
    version: row?.version ?? 0,
    customised,
    subject: customised ? row!.subject! : builtIn.subject,
    bodyHtml: customised ? row!.bodyHtml! : builtIn.bodyHtml,
    builtIn,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

export type TemplateOverviewRow = { kind: MailKind; customised: Locale[]; updatedAt: string | null; updatedByEmail: string | null };

/** Every kind with the languages that have their own template and the last change of any of them. */
export async function templateOverview(): Promise<TemplateOverviewRow[]> {
  const db = await getDb();
  const rows = await db.select().from(mailTemplates).where(eq(mailTemplates.siteId, SITE_ID));
  return MAIL_KINDS.map((kind) => {
    const own = rows.filter((row) => row.kind === kind);
    const last = own.reduce<TemplateRow | null>((latest, row) => (!latest || row.updatedAt > latest.updatedAt ? row : latest), null);
    return {
      kind,
      customised: LOCALES.filter((locale) => own.some((row) => row.locale === locale && row.subject !== null)),
      updatedAt: last ? last.updatedAt.toISOString() : null,
      updatedByEmail: last?.updatedByEmail ?? null,
    };
  });
}
