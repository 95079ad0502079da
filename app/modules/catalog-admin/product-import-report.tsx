import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

type RowError = { column?: string; key: string; values?: Record<string, string | number> };
type ReportRow = {
  line: number;
  sku: string;
  status: "new" | "update" | "unchanged" | "error";
  changes: { column: string; from: string; to: string }[];
  errors: RowError[];
};
export type Report = {
  token: string;
  fileName: string;
  encoding: "utf-8" | "windows-1250";
  fileErrors: RowError[];
  counts: Record<ReportRow["status"], number>;
  total: number;
  rows: ReportRow[];
};

const STATUS_CLASS: Record<ReportRow["status"], string> = {
  new: "bg-green-100 text-green-900",
  update: "bg-amber-100 text-amber-900",
  unchanged: "bg-slate-100 text-slate-700",
  error: "bg-red-100 text-red-900",
};
const short = (value: string) => (value.length > 80 ? `${value.slice(0, 77)}…` : value);

/** The dry run of a product import: counts, a row per line with what changes or why not, and "apply" when nothing is wrong. */
export function ImportReport({ report, busy }: { report: Report; busy: boolean }) {
  const { t } = useTranslation();
  const error = (e: RowError) => `${e.column ? `${e.column}: ` : ""}${t(`adminProductList.import.errors.${e.key}`, e.values)}`;
  const canApply = report.fileErrors.length === 0 && report.counts.error === 0 && report.counts.new + report.counts.update > 0;
  return (
    <section className="space-y-4" data-testid="import-report" aria-label={t("adminProductList.import.report")}>
      <h2 className="text-lg font-semibold">
        {t("adminProductList.import.report")}: {report.fileName}
      </h2>
      {report.encoding === "windows-1250" ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="import-encoding">
          {t("adminProductList.import.readAsWindows1250")}
        </p>
      ) : null}
      {report.fileErrors.map((e) => (
        <p key={e.key + JSON.stringify(e.values)} role="alert" className="text-sm text-red-800" data-testid="import-file-error">
          {error(e)}
        </p>
      ))}
      <p className="text-sm" data-testid="import-counts">
        {t("adminProductList.import.counts", report.counts)}
      </p>
      {report.total > report.rows.length ? (
        <p className="text-sm text-slate-600">{t("adminProductList.import.shown", { shown: report.rows.length, total: report.total })}</p>
      ) : null}
      {report.rows.length ? (
        <div className="relative overflow-x-auto rounded border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("adminProductList.import.line")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("adminProductList.columns.sku")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("adminProductList.import.status")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("adminProductList.import.details")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.line} className="border-t border-slate-100 align-top" data-testid="import-row" data-status={row.status}>
                  <td className="px-3 py-2">{row.line}</td>
                  <td className="px-3 py-2 font-mono text-xs">{row.sku}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[row.status]}`}>
                      {t(`adminProductList.import.statuses.${row.status}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <ul className="space-y-0.5">
                      {row.errors.map((e, i) => (
                        <li key={`e${i}`} className="text-red-800" data-testid="import-row-error">
                          {error(e)}
                        </li>
                      ))}
                      {row.changes.map((c) => (
                        <li key={c.column} data-testid="import-change">
                          <span className="font-mono text-xs">{c.column}</span>: <s className="text-slate-500">{short(c.from) || "∅"}</s> →{" "}
                          <span>{short(c.to) || "∅"}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canApply ? (
        <SecureForm data-testid="import-apply">
          <input type="hidden" name="token" value={report.token} />
          <Button name="intent" value="apply" pending={busy}>
            {t("adminProductList.import.apply", { changes: report.counts.new + report.counts.update })}
          </Button>
        </SecureForm>
      ) : null}
    </section>
  );
}
