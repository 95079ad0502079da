import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { AdminPage } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { resultFor, submissionOf } from "~/lib/forms/use-shop-form";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { PAGE_STATE_TONE } from "~/routes/admin/content/page-list-screen";
import type { pageEditAction, pageEditLoader } from "~/routes/admin/content/page-routes.server";
import { PageSettingsForm } from "~/modules/content-admin/page-settings-form";
import { contentPath } from "~/modules/content-admin/page-states";
import { PageTextForm } from "~/modules/content-admin/page-text-form";

type View = Awaited<ReturnType<typeof pageEditLoader>>["view"];
type Language = View["languages"][number];

/** The answer of the last post when it was this intent in this language. */
function resultIn(answer: unknown, intent: string, locale: Locale): SubmissionResult<string[]> | null {
  const result = resultFor(answer, intent);
  return result?.initialValue?.language === locale ? result : null;
}

/**
 * A page or post in the backoffice (decision 0054): settings; per language its text, its
 * components (read-only, with the way to the in-page editor), its kept versions with
 * restore, or "create from the Croatian original" when missing; delete; audit trail.
 */
export function PageEditScreen() {
  const { postType, locale, view, textConstraint, settingsConstraint, serp } = useLoaderData<typeof pageEditLoader>();
  const answer = useActionData<typeof pageEditAction>();
  const { t } = useTranslation();
  const base = contentPath(postType);
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  return (
    <AdminPage
      title={view.title}
      testId="admin-page-edit"
      actions={
        <Link to={base} className="text-sm underline">
          {t(`adminContent.${postType === "post" ? "posts" : "pages"}.back`)}
        </Link>
      }
    >
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge tone={PAGE_STATE_TONE[view.state]} testId="page-state">
          {t(`adminContent.state.${view.state}`)}
        </StatusBadge>
        {view.isHome ? <span data-testid="home-mark">{t("adminContent.homeHint")}</span> : null}
      </p>
      <PageSettingsForm
        settings={view.settings}
        version={view.version}
        post={view.post}
        isHome={view.isHome}
        lastResult={resultFor(answer, "settings")}
        constraint={settingsConstraint}
      />
      <LanguageTabs
        errors={(l) => Boolean(resultIn(answer, "text", l)?.error) || Boolean(resultIn(answer, "restore", l)?.error)}
        idPrefix="page-lang"
      >
        {(l) => (
          <LanguagePanel
            language={view.languages.find((x) => x.locale === l)!}
            answer={answer}
            constraint={textConstraint}
            locale={locale}
            serp={serp}
            isHome={view.isHome}
          />
        )}
      </LanguageTabs>
      <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="page-delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={view.version} />
        <p className="text-sm text-slate-600">{view.isHome ? t("adminContent.homeNoDelete") : t("adminContent.deleteHint")}</p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confirm" value="on" required disabled={view.isHome} />
          {t("adminContent.deleteConfirm")}
        </label>
        <Button variant="secondary" disabled={view.isHome}>
          {t("adminContent.delete")}
        </Button>
        <FormError errors={deleteResult?.error?.[""] ?? deleteResult?.error?.confirm} testId="page-delete-error" />
      </SecureForm>
      <AuditTrail
        entries={view.audit}
        locale={locale}
        actionLabel={(action) => t(`adminContent.audit.${action}`, { defaultValue: action })}
      />
    </AdminPage>
  );
}

function LanguagePanel({
  language,
  answer,
  constraint,
  locale,
  serp,
  isHome,
}: {
  language: Language;
  answer: unknown;
  constraint: Parameters<typeof PageTextForm>[0]["constraint"];
  locale: Locale;
  serp: Parameters<typeof PageTextForm>[0]["serp"];
  isHome: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const l = language.locale;
  const restoreResult = resultIn(answer, "restore", l);
  const translateResult = resultIn(answer, "translate", l);
  return (
    <div className="space-y-4" data-testid={`page-language-${l}`}>
      {language.content ? null : (
        <div className="rounded border border-amber-200 bg-amber-50 p-4 text-sm" data-testid={`page-missing-${l}`}>
          <p>{t("adminContent.missingText")}</p>
          {l !== "hr" ? (
            <SecureForm className="mt-2">
              <input type="hidden" name="intent" value="translate" />
              <input type="hidden" name="language" value={l} />
              <Button size="sm" variant="secondary" pending={navigation.formData?.get("intent") === "translate"}>
                {t("adminContent.translate")}
              </Button>
              <FormError errors={translateResult?.error?.[""]} testId={`page-translate-error-${l}`} />
            </SecureForm>
          ) : null}
        </div>
      )}
      <PageTextForm
        key={language.version ?? "new"}
        locale={l}
        values={language.content}
        version={language.version}
        lastResult={resultIn(answer, "text", l)}
        constraint={constraint}
        serp={serp}
        isHome={isHome}
      />
      {language.url ? (
        <section className="rounded border border-slate-200 bg-white p-4 text-sm" data-testid={`page-components-${l}`}>
          <h3 className="font-semibold">{t("adminContent.components")}</h3>
          {language.components.length ? (
            <ol className="ml-5 list-decimal">
              {language.components.map((type, i) => (
                <li key={i}>{t(`adminContent.componentTypes.${type}`, { defaultValue: type })}</li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-600">{t("adminContent.noComponents")}</p>
          )}
          <a
            href={`${language.url}?editPage=true`}
            className="mt-2 inline-block text-brand-700 underline"
            data-testid={`edit-on-page-${l}`}
          >
            {t("adminContent.editOnPage")}
          </a>
          {" · "}
          <a href={language.url} className="text-brand-700 underline">
            {t("adminContent.view")}
          </a>
        </section>
      ) : null}
      {language.versions.length ? (
        <section className="space-y-2 text-sm" data-testid={`page-versions-${l}`}>
          <h3 className="font-semibold">{t("adminContent.versions")}</h3>
          <FormError errors={restoreResult?.error?.[""]} testId={`page-restore-error-${l}`} />
          <ol className="space-y-1">
            {language.versions.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-3" data-testid="page-version">
                <span className="font-semibold">v{v.version}</span>
                <time dateTime={v.createdAt}>{formatDate(v.createdAt, locale, { style: "numeric", time: "short" })}</time>
                <span className="text-slate-600">{v.createdByEmail}</span>
                <span>{t(`adminContent.source.${v.source}`, { defaultValue: v.source, n: v.note })}</span>
                {v.version !== language.version && language.version !== null ? (
                  <SecureForm>
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="language" value={l} />
                    <input type="hidden" name="versionId" value={v.id} />
                    <input type="hidden" name="version" value={language.version} />
                    <Button size="sm" variant="secondary">
                      {t("adminContent.restore", { n: v.version })}
                    </Button>
                  </SecureForm>
                ) : (
                  <span className="text-xs text-slate-600">{t("adminContent.live")}</span>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
