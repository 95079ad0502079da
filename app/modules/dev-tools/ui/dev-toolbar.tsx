import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { showToast } from "~/lib/toast";
import { isNewerVersion, LATEST_TAG_TTL_MS, readStored, RELEASES_TTL_MS, STORAGE_KEYS, writeStored, type Release } from "../dev-tools";
import type { DevToolbarData } from "../dev-tools.server";

/**
 * The admin toolbar's dev tooling (decision 0062, spec §2 admin modals "domain list" and
 * "project releases", §4, §8; decision 0062), rendered by the admin layout outside
 * production only, so none of it reaches the shoppers' bundles:
 * - "core 1.12.190" and, once the newest tag is known, whether a newer version exists
 *   (the tag is asked at most once an hour: localStorage, 1 h);
 * - the releases dialog (a fetcher post to /_cli/get-latest-release, kept 0.08 h in
 *   localStorage); a failure is a toast with the forge's message (spec §8);
 * - for scope admin the chosen domain and the change-domain dialog (a plain form to
 *   /_cli/set-domain that comes back here with a toast).
 * Without JavaScript both buttons are links to `?devTools=releases|domains`, where the
 * layout renders the same content as a panel.
 */
type ReleasesAnswer = { data: Release[] } | { errored: true; statusCode: number; message: string };

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

export function DevToolbar({ tools, locale }: { tools: DevToolbarData; locale: Locale }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"releases" | "domains" | null>(null);
  const latest = useLatestTag(tools.project);
  const newer = latest && isNewerVersion(latest, tools.coreVersion) ? latest : null;
  const open = (which: "releases" | "domains") => (event: MouseEvent) => {
    event.preventDefault();
    setDialog(which);
  };
  return (
    <div className="mb-4 space-y-3" data-testid="dev-toolbar">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <span className="font-semibold">{t("devTools.toolbar.label")}</span>
        <span data-testid="dev-core-version">{t("devTools.toolbar.core", { version: tools.coreVersion })}</span>
        {newer ? (
          <span className="rounded bg-amber-200 px-2 py-0.5 font-medium" data-testid="dev-newer-version">
            {t("devTools.releases.newer", { version: newer })}
          </span>
        ) : null}
        <a href="?devTools=releases" onClick={open("releases")} className="underline" data-testid="dev-releases-open">
          {t("devTools.releases.open")}
        </a>
        {tools.domains ? (
          <>
            <span data-testid="dev-domain">{t("devTools.domains.current", { domain: tools.domain ?? t("devTools.domains.none") })}</span>
            <a href="?devTools=domains" onClick={open("domains")} className="underline" data-testid="dev-domains-open">
              {t("devTools.domains.open")}
            </a>
          </>
        ) : null}
        <a href="/section-tool" className="underline">
          {t("admin.sectionTool")}
        </a>
      </div>
      {tools.panel === "releases" && tools.releases ? (
        <Panel title={t("devTools.releases.title")}>
          {tools.releases.ok ? (
            <ReleaseList
              releases={tools.releases.releases}
              coreVersion={tools.coreVersion}
              latest={tools.releases.latestTag}
              locale={locale}
            />
          ) : (
            <p role="alert" className="text-red-800">
              {t("devTools.errors.forge", { message: tools.releases.message })}
            </p>
          )}
        </Panel>
      ) : null}
      {tools.panel === "domains" && tools.domains ? (
        <Panel title={t("devTools.domains.title")}>
          <DomainForm domains={tools.domains} current={tools.domain} />
        </Panel>
      ) : null}
      {dialog === "releases" ? (
        <ReleasesDialog
          project={tools.project}
          coreVersion={tools.coreVersion}
          latest={latest}
          locale={locale}
          close={() => setDialog(null)}
        />
      ) : null}
      {dialog === "domains" && tools.domains ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setDialog(null)}
          title={t("devTools.domains.title")}
          closeLabel={t("devTools.close")}
          testId="dev-domains-dialog"
          width={560}
        >
          <DomainForm domains={tools.domains} current={tools.domain} />
        </Dialog>
      ) : null}
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="rounded border border-slate-200 bg-white p-4" data-testid="dev-panel">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        <a href="?" className="text-sm underline">
          {t("devTools.close")}
        </a>
      </div>
      {children}
    </section>
  );
}

/** The newest tag of the project: from localStorage when asked within the hour, else from /_cli/get-latest-tag. */
function useLatestTag(project: string | null): string | null {
  const [tag, setTag] = useState<string | null>(null);
  useEffect(() => {
    if (!project) return;
    const key = STORAGE_KEYS.latestTag(project);
    const kept = readStored<string>(storage(), key, LATEST_TAG_TTL_MS);
    if (kept !== undefined) return void setTag(kept);
    // A failure is kept as briefly as a release list, so a broken forge is not a toast on every admin page.
    const failedKey = `${key}:failed`;
    if (readStored<string>(storage(), failedKey, RELEASES_TTL_MS) !== undefined) return;
    let live = true;
    void fetch("/_cli/get-latest-tag", { headers: { Accept: "text/plain" } })
      .then(async (response) => {
        const text = await response.text();
        if (!live) return;
        if (!response.ok) throw new Error(text || response.statusText);
        writeStored(storage(), key, text);
        setTag(text);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        writeStored(storage(), failedKey, message);
        showToast({ type: "error", key: "devTools.errors.forge", values: { message } });
      });
    return () => {
      live = false;
    };
  }, [project]);
  return tag;
}

function ReleasesDialog({
  project,
  coreVersion,
  latest,
  locale,
  close,
}: {
  project: string | null;
  coreVersion: string;
  latest: string | null;
  locale: Locale;
  close: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ReleasesAnswer>();
  const holder = useRef<HTMLDivElement>(null);
  const key = project ? STORAGE_KEYS.releases(project, "") : null;
  const [kept] = useState(() => (key ? readStored<Release[]>(storage(), key, RELEASES_TTL_MS) : undefined));
  const answer = fetcher.data;

  useEffect(() => {
    // Asked once per opening unless kept; without a project the server's answer says what is missing.
    const form = holder.current?.querySelector("form");
    if (kept === undefined && form) fetcher.submit(form);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, []);
  useEffect(() => {
    if (!answer) return;
    if ("errored" in answer) showToast({ type: "error", key: "devTools.errors.forge", values: { message: answer.message } });
    else if (key) writeStored(storage(), key, answer.data);
  }, [answer, key]);

  const list = kept ?? (answer && "data" in answer ? answer.data : null);
  return (
    <>
      {/* Outside the dialog: its content mounts a render later (radix portal), the form is needed at once. */}
      <div ref={holder} hidden>
        <SecureFetcherForm fetcher={fetcher} action="/_cli/get-latest-release">
          {project ? <input type="hidden" name="gitlabProjectId" value={project} /> : null}
        </SecureFetcherForm>
      </div>
      <Dialog
        open
        onOpenChange={(o) => !o && close()}
        title={t("devTools.releases.title")}
        closeLabel={t("devTools.close")}
        testId="dev-releases-dialog"
        width={720}
      >
        {list ? (
          <ReleaseList releases={list} coreVersion={coreVersion} latest={latest ?? list[0]?.tag_name ?? null} locale={locale} />
        ) : null}
        {!list && answer && "errored" in answer ? (
          <p role="alert" className="text-red-800" data-testid="dev-releases-error">
            {t("devTools.errors.forge", { message: answer.message })}
          </p>
        ) : null}
        {!list && !answer ? <p aria-live="polite">{t("devTools.releases.loading")}</p> : null}
      </Dialog>
    </>
  );
}

function ReleaseList({
  releases,
  coreVersion,
  latest,
  locale,
}: {
  releases: Release[];
  coreVersion: string;
  latest: string | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const newer = latest && isNewerVersion(latest, coreVersion);
  return (
    <div className="space-y-4" data-testid="dev-releases">
      <p className="font-medium" data-testid="dev-releases-state">
        {newer ? t("devTools.releases.newer", { version: latest }) : t("devTools.releases.upToDate", { version: coreVersion })}
      </p>
      {releases.length === 0 ? <p>{t("devTools.releases.none")}</p> : null}
      <ol className="space-y-4">
        {releases.map((release) => (
          <li key={release.tag_name} className="border-t border-slate-200 pt-3" data-testid="dev-release">
            <p className="font-semibold">
              {release.name} <span className="font-mono text-sm text-slate-600">{release.tag_name}</span>
              {release.released_at ? <span className="ml-2 text-sm text-slate-600">{formatDate(release.released_at, locale)}</span> : null}
            </p>
            {release.description_html ? (
              // Put through the CMS allow-list on the server (forge.server.ts).
              <div className="prose prose-sm mt-1 max-w-none" dangerouslySetInnerHTML={{ __html: release.description_html }} />
            ) : release.description ? (
              <p className="mt-1 whitespace-pre-line">{release.description}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function DomainForm({ domains, current }: { domains: NonNullable<DevToolbarData["domains"]>; current: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("devTools");
  const back = `${location.pathname}${params.size ? `?${params}` : ""}`;
  if (domains.length === 0) return <p>{t("devTools.domains.empty")}</p>;
  return (
    <SecureForm action="/_cli/set-domain" className="space-y-3" data-testid="dev-domain-form">
      <input type="hidden" name="redirectTo" value={back} />
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">{t("devTools.domains.choose")}</legend>
        {domains.map((domain) => (
          <label key={domain.domain} className="flex items-center gap-2">
            <input type="radio" name="domain" value={domain.domain} defaultChecked={domain.domain === current} required />
            <span>{domain.name}</span> <span className="text-sm text-slate-600">{domain.url}</span>
          </label>
        ))}
      </fieldset>
      <Button size="sm">{t("devTools.domains.save")}</Button>
    </SecureForm>
  );
}
