import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { listConsentLogs, listConsents, listFormAssignments } from "./consent-admin.server";
import { CONSENT_LOG_LIMIT } from "./consent-fields";

/** The read-only tables of /admin/consent (the shared DataTable); the data comes shaped from consent-admin.server. */

type ConsentPage = Awaited<ReturnType<typeof listConsents>>;
type FormAssignments = Awaited<ReturnType<typeof listFormAssignments>>;
type ConsentLogRows = Awaited<ReturnType<typeof listConsentLogs>>;

const none = <span className="text-slate-400">—</span>;

export function ConsentTable({ list }: { list: ConsentPage }) {
  const { t } = useTranslation();
  if (list.consents.length === 0) return <p className="text-sm text-slate-600">{t("consent.admin.noConsents")}</p>;
  type Row = ConsentPage["consents"][number];
  const columns: Column<Row>[] = [
    { id: "uniqueNumber", header: t("consent.admin.uniqueNumber"), cell: (consent) => consent.uniqueNumber },
    ...LOCALES.map((lng): Column<Row> => ({
      id: `displayName.${lng}`,
      header: t("consent.admin.displayName", { language: t(`site.language.${lng}`) }),
      cell: (consent) => (consent.displayName[lng] ? <span lang={lng}>{consent.displayName[lng]}</span> : none),
    })),
    { id: "pageSlug", header: t("consent.admin.pageSlug"), cell: (consent) => (consent.pageSlug ? <code>{consent.pageSlug}</code> : none) },
  ];
  return (
    <>
      <DataTable
        caption={t("consent.admin.consentsTitle")}
        columns={columns}
        rows={list.consents}
        rowKey={(consent) => consent.id}
        empty={t("consent.admin.noConsents")}
        testId="consent-table"
        keyboardScroll
      />
      {list.pageCount > 1 ? <Pager page={list.page} pageCount={list.pageCount} /> : null}
    </>
  );
}

function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const link = buttonClass({ variant: "secondary", size: "sm" });
  return (
    <nav className="mt-3 flex items-center gap-3 text-sm" aria-label={t("consent.admin.pageOf", { page, pageCount })}>
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={link}>
          {t("consent.admin.previous")}
        </Link>
      ) : null}
      <span>{t("consent.admin.pageOf", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link to={`?page=${page + 1}`} className={link}>
          {t("consent.admin.next")}
        </Link>
      ) : null}
    </nav>
  );
}

export function FormAssignmentTable({ forms }: { forms: FormAssignments }) {
  const { t } = useTranslation();
  type Row = FormAssignments[number];
  const columns: Column<Row>[] = [
    { id: "form", header: t("consent.admin.form"), cell: (form) => t(`consent.formKind.${form.kind}`) },
    {
      id: "consents",
      header: t("consent.admin.consents"),
      cell: (form) =>
        form.consents.length === 0 ? (
          <span className="text-slate-500">{t("consent.admin.noneAssigned")}</span>
        ) : (
          <ul>
            {form.consents.map((consent) => (
              <li key={consent.id} data-required={consent.required}>
                {consent.uniqueNumber}. {consent.displayName}
                {consent.required ? (
                  <span className="ml-0.5 text-red-700" title={t("consent.admin.required")}>
                    *
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: "edit",
      header: <span className="sr-only">{t("consent.admin.edit")}</span>,
      align: "end",
      cell: (form) => (
        <Link to={`/admin/consent/${form.kind}`} className="text-brand-700 underline">
          {t("consent.admin.edit")}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("consent.admin.formsTitle")}
      columns={columns}
      rows={forms}
      rowKey={(form) => form.kind}
      empty={t("consent.admin.noneAssigned")}
      testId="form-assignments"
    />
  );
}

export function ConsentLogTable({ logs }: { logs: ConsentLogRows }) {
  const { t } = useTranslation();
  if (logs.length === 0) return <p className="text-sm text-slate-600">{t("consent.admin.noLogs")}</p>;
  type Row = ConsentLogRows[number];
  const columns: Column<Row>[] = [
    { id: "at", header: t("consent.admin.time"), cell: (row) => <span className="whitespace-nowrap">{row.at}</span> },
    { id: "form", header: t("consent.admin.form"), cell: (row) => t(`consent.formKind.${row.sourceType}`) },
    { id: "consents", header: t("consent.admin.consents"), cell: (row) => row.consents.join(", ") },
    { id: "user", header: t("consent.admin.user"), cell: (row) => t(`consent.userType.${row.userType}`) },
    { id: "email", header: t("consent.admin.email"), cell: (row) => row.email ?? "—" },
    { id: "status", header: t("consent.admin.status"), cell: (row) => t(`consent.status.${row.status}`) },
  ];
  return (
    <>
      <p className="mb-2 text-sm text-slate-600">{t("consent.admin.logHint", { limit: CONSENT_LOG_LIMIT })}</p>
      <DataTable
        caption={t("consent.admin.logTitle")}
        columns={columns}
        rows={logs}
        rowKey={(row) => row.id}
        empty={t("consent.admin.noLogs")}
        testId="consent-log"
        keyboardScroll
      />
    </>
  );
}
