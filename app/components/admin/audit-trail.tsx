import { useRouteLoaderData } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { auditFieldLabel, auditValueText, type AuditFormat } from "./audit-values";

type Entry = {
  id: number;
  /** The kind of row (order, mail, ...): how its values read. */
  entity?: string;
  actorEmail: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/** The admin layout's route (routes/admin/admin-layout.tsx): it loads the shop's currency. */
const ADMIN_LAYOUT = "routes/admin/admin-layout";
const FALLBACK_CURRENCY = { label: "EUR", symbol: "€" };

/**
 * The audit log panel of a detail screen: who did what when, and the fields that changed
 * (before → after), names and values in the reader's words (audit-values.ts). `actionLabel`
 * names an action in the screen's words.
 */
export function AuditTrail({
  entries,
  locale,
  actionLabel,
}: {
  entries: Entry[];
  locale: Locale;
  actionLabel: (action: string) => string;
}) {
  const { t } = useTranslation();
  const currency = useRouteLoaderData<{ currency?: Pick<Currency, "label" | "symbol"> }>(ADMIN_LAYOUT)?.currency ?? FALLBACK_CURRENCY;
  const format: AuditFormat = { t, locale, currency };
  return (
    <section className="space-y-2" data-testid="audit-trail">
      <h2 className="text-lg font-semibold">{t("admin.audit.title")}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.audit.empty")}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded border border-slate-200 bg-white p-3" data-testid="audit-entry">
              <p>
                <time dateTime={entry.createdAt} className="font-semibold">
                  {formatDate(entry.createdAt, locale, { style: "numeric", time: "short" })}
                </time>{" "}
                · {actionLabel(entry.action)} · <span className="text-slate-600">{entry.actorEmail}</span>
              </p>
              <AuditChanges entity={entry.entity ?? ""} before={entry.before} after={entry.after} format={format} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function AuditChanges({
  entity,
  before,
  after,
  format,
}: {
  entity: string;
  before: Entry["before"];
  after: Entry["after"];
  format: AuditFormat;
}) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  const show = (key: string, value: unknown) => auditValueText(entity, key, value, format);
  return (
    <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] [overflow-wrap:anywhere] gap-x-3 text-slate-700">
      {keys.map((key) => (
        <div key={key} className="contents" data-testid="audit-change">
          <dt className="text-xs font-semibold">{auditFieldLabel(key, format)}</dt>
          <dd className="text-xs">
            {before && key in before ? (
              <>
                <span className="line-through">{show(key, before[key])}</span> →{" "}
              </>
            ) : null}
            {show(key, after?.[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
