import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

type Entry = {
  id: number;
  actorEmail: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/**
 * The audit log panel of a detail screen: who did what when, and the fields that changed
 * (before → after). `actionLabel` names an action in the screen's words.
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
              <Changes before={entry.before} after={entry.after} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Changes({ before, after }: { before: Entry["before"]; after: Entry["after"] }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  const show = (value: unknown) =>
    value === null || value === undefined || value === "" ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return (
    <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 text-slate-700">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="font-mono text-xs">{key}</dt>
          <dd className="text-xs">
            {before && key in before ? (
              <>
                <span className="line-through">{show(before[key])}</span> →{" "}
              </>
            ) : null}
            {show(after?.[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
