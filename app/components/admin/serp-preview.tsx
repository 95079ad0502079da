import { useTranslation } from "~/lib/i18n";
import { serpPreview } from "~/lib/serp";

type Props = {
  /** The page's whole `<title>` as pageTitle() builds it (the shop's name included). */
  title: string;
  /** The meta description the editor typed. */
  description: string;
  /** What the page sends when the description is empty (the start of its text). */
  fallbackDescription?: string;
  /** The page's absolute address (PUBLIC_URL + its path); empty while it has none yet. */
  url: string;
  testId?: string;
};

/**
 * How the page may look as a search result (decision 0125): the title, the address and the
 * description cut where a search engine cuts them, with counters that warn past the limits.
 * The editor's forms pass their fields' current values, so with JavaScript it follows the
 * typing; without, it shows the saved values rendered by the server. Backoffice only.
 */
export function SerpPreview({ title, description, fallbackDescription, url, testId = "serp-preview" }: Props) {
  const { t } = useTranslation();
  const preview = serpPreview({ title, description, fallbackDescription, url });
  const counter = (line: { length: number; limit: number; tooLong: boolean }) =>
    `${line.tooLong ? "text-amber-800 font-semibold" : "text-slate-600"}`;
  return (
    <section className="space-y-1 text-sm" aria-label={t("admin.serp.title")} data-testid={testId}>
      <h3 className="font-semibold">{t("admin.serp.title")}</h3>
      <div className="max-w-xl rounded border border-slate-200 bg-white p-3 font-sans">
        <p className="truncate text-xs text-slate-700" data-testid="serp-url">
          {preview.url || t("admin.serp.noUrl")}
        </p>
        <p className="text-lg leading-snug text-blue-800" data-testid="serp-title">
          {preview.title.shown}
        </p>
        <p className="text-slate-700" data-testid="serp-description">
          {preview.description.shown || <span className="italic text-slate-500">{t("admin.serp.noDescription")}</span>}
        </p>
      </div>
      <p className={counter(preview.title)} data-testid="serp-title-count">
        {t("admin.serp.titleCount", { length: preview.title.length, limit: preview.title.limit })}
      </p>
      {preview.title.tooLong ? (
        <p className="text-amber-800" role="status" data-testid="serp-title-warning">
          {t("admin.serp.titleTooLong", { limit: preview.title.limit })}
        </p>
      ) : null}
      <p className={counter(preview.description)} data-testid="serp-description-count">
        {preview.description.fromPage
          ? t("admin.serp.descriptionFromPage")
          : t("admin.serp.descriptionCount", { length: preview.description.length, limit: preview.description.limit })}
      </p>
      {preview.description.tooLong ? (
        <p className="text-amber-800" role="status" data-testid="serp-description-warning">
          {t("admin.serp.descriptionTooLong", { limit: preview.description.limit })}
        </p>
      ) : null}
    </section>
  );
}
