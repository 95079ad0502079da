import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { listConsentLogs, listConsents, listFormAssignments } from "./consent-admin.server";
import { CONSENT_LOG_LIMIT } from "./consent.schema";

/** The read-only tables of /admin/consent; the data comes shaped from consent-admin.server. */

type ConsentPage = Awaited<ReturnType<typeof listConsents>>;
type FormAssignments = Awaited<ReturnType<typeof listFormAssignments>>;
type ConsentLogRows = Awaited<ReturnType<typeof listConsentLogs>>;

const th = "px-3 py-2 text-left font-semibold";
const td = "px-3 py-2 align-top";

export function ConsentTable({ list }: { list: ConsentPage }) {
  const { t } = useTranslation();
  if (list.consents.length === 0) return <p className="text-sm text-slate-600">{t("consent.admin.noConsents")}</p>;
  return (
    <>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="consent-table">
          <thead className="bg-slate-100">
            <tr>
              <th className={th}>{t("consent.admin.uniqueNumber")}</th>
              {LOCALES.map((lng) => (
                <th key={lng} className={th}>
                  {t("consent.admin.displayName", { language: t(`site.language.${lng}`) })}
                </th>
              ))}
              <th className={th}>{t("consent.admin.pageSlug")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {list.consents.map((consent) => (
              <tr key={consent.id}>
                <td className={td}>{consent.uniqueNumber}</td>
                {LOCALES.map((lng) => (
                  <td key={lng} className={td} lang={lng}>
                    {consent.displayName[lng] ?? <span className="text-slate-400">—</span>}
                  </td>
                ))}
                <td className={td}>{consent.pageSlug ? <code>{consent.pageSlug}</code> : <span className="text-slate-400">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.pageCount > 1 ? <Pager page={list.page} pageCount={list.pageCount} /> : null}
    </>
  );
}

function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const link = "rounded border border-slate-200 bg-white px-3 py-1 hover:bg-slate-50";
  return (
    <nav className="mt-3 flex items-center gap-3 text-sm" aria-label={t("consent.admin.pageOf", { page, pageCount })}>
      {page > 1 ? <Link to={`?page=${page - 1}`} className={link}>{t("consent.admin.previous")}</Link> : null}
      <span>{t("consent.admin.pageOf", { page, pageCount })}</span>
      {page < pageCount ? <Link to={`?page=${page + 1}`} className={link}>{t("consent.admin.next")}</Link> : null}
    </nav>
  );
}

export function FormAssignmentTable({ forms }: { forms: FormAssignments }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="form-assignments">
        <thead className="bg-slate-100">
          <tr>
            <th className={th}>{t("consent.admin.form")}</th>
            <th className={th}>{t("consent.admin.consents")}</th>
            <th className={th}>
              <span className="sr-only">{t("consent.admin.edit")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {forms.map((form) => (
            <tr key={form.kind} data-kind={form.kind}>
              <td className={td}>{t(`consent.formKind.${form.kind}`)}</td>
              <td className={td}>
                {form.consents.length === 0 ? (
                  <span className="text-slate-500">{t("consent.admin.noneAssigned")}</span>
                ) : (
                  <ul>
                    {form.consents.map((consent) => (
                      <li key={consent.id} data-required={consent.required}>
                        {consent.uniqueNumber}. {consent.displayName}
                        {consent.required ? (
                          <span className="ml-0.5 text-red-700" title={t("consent.admin.required")}>*</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className={`${td} text-right`}>
                <Link to={`/admin/consent/${form.kind}`} className="text-brand-700 underline">
                  {t("consent.admin.edit")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ConsentLogTable({ logs }: { logs: ConsentLogRows }) {
  const { t } = useTranslation();
  if (logs.length === 0) return <p className="text-sm text-slate-600">{t("consent.admin.noLogs")}</p>;
  return (
    <>
      <p className="mb-2 text-sm text-slate-600">{t("consent.admin.logHint", { limit: CONSENT_LOG_LIMIT })}</p>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="consent-log">
          <thead className="bg-slate-100">
            <tr>
              <th className={th}>{t("consent.admin.time")}</th>
              <th className={th}>{t("consent.admin.form")}</th>
              <th className={th}>{t("consent.admin.consents")}</th>
              <th className={th}>{t("consent.admin.user")}</th>
              <th className={th}>{t("consent.admin.email")}</th>
              <th className={th}>{t("consent.admin.status")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {logs.map((row) => (
              <tr key={row.id}>
                <td className={`${td} whitespace-nowrap`}>{row.at}</td>
                <td className={td}>{t(`consent.formKind.${row.sourceType}`)}</td>
                <td className={td}>{row.consents.join(", ")}</td>
                <td className={td}>{t(`consent.userType.${row.userType}`)}</td>
                <td className={td}>{row.email ?? "—"}</td>
                <td className={td}>{t(`consent.status.${row.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
