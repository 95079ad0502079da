import { z } from "zod/v4";
import { getFixedT } from "~/.server/i18n.server";
import { hasScope } from "~/lib/backoffice-scopes";
import { LOCALES, type Locale } from "~/lib/locales";
import { listPage, listQuery } from "~/modules/kernel/list.server";
import { templateOverview, type TemplateOverviewRow } from "./mail-template-admin.server";
import { templateScope } from "./template-variables";
import { TEMPLATE_STATES } from "./templates.schema";

/**
 * The list of /admin/templates: every mail kind (a fixed list of under twenty, so it is
 * filtered in memory) with the languages that have their own template and the last change;
 * searched by kind or its name in the backoffice user's language, filtered by state and by
 * a language customised, sorted by name or last change.
 */
export const templateListQuery = listQuery(
  { sorts: ["name", "updatedAt"], sort: "name", dir: "asc" },
  { state: z.enum(TEMPLATE_STATES).optional(), language: z.enum(LOCALES).optional() },
);
export type TemplateListQuery = z.output<typeof templateListQuery>;

/** The option keys of spec §3 that name the templates of these kinds (docs/decisions/0053). */
export const TEMPLATE_OPTION_KEYS: Partial<Record<TemplateOverviewRow["kind"], string>> = {
  welcome: "RegistrationEmailTemplate",
  accountVerification: "RegistrationEmailTemplate",
  passwordReset: "PasswordResetEmailTemplate",
};

/** Every kind of the filtered list in the list's order. */
async function filteredTemplates(query: TemplateListQuery, locale: Locale, scopes: readonly string[]) {
  const t = await getFixedT(locale);
  const term = query.q?.toLocaleLowerCase(locale);
  const rows = (await templateOverview())
    // A mail with a secret link is not even listed to a scope that may not edit it (decision 0081).
    .filter((row) => hasScope(scopes, templateScope(row.kind)))
    .map((row) => ({ ...row, name: t(`adminMail.kind.${row.kind}`), optionKey: TEMPLATE_OPTION_KEYS[row.kind] ?? null }))
    .filter((row) => !term || [row.kind, row.name, row.optionKey ?? ""].some((text) => text.toLocaleLowerCase(locale).includes(term)))
    .filter((row) => !query.state || (query.state === "customised") === row.customised.length > 0)
    .filter((row) => !query.language || row.customised.includes(query.language));
  const direction = query.dir === "asc" ? 1 : -1;
  rows.sort((a, b) =>
    query.sort === "updatedAt"
      ? direction * (a.updatedAt ?? "").localeCompare(b.updatedAt ?? "") || a.name.localeCompare(b.name, locale)
      : direction * a.name.localeCompare(b.name, locale),
  );
  return rows;
}
export type TemplateListRow = Awaited<ReturnType<typeof filteredTemplates>>[number];

export async function listTemplates(query: TemplateListQuery, locale: Locale, scopes: readonly string[]) {
  const rows = await filteredTemplates(query, locale, scopes);
  const page = listPage(rows.length, query);
  return { rows: rows.slice(page.offset, page.offset + page.limit), page };
}

/** Every kind of the filtered list (the CSV): under twenty, so no bound is needed. */
export const exportTemplates = (query: TemplateListQuery, locale: Locale, scopes: readonly string[]) =>
  filteredTemplates(query, locale, scopes);
