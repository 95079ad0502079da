import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { PAGE_TEMPLATES } from "~/modules/cms/page-templates";
import { useAnswerMessage, useRefusalText, type Status } from "./answer-message";
import { ConfirmDialog } from "./confirm-dialog";
import { PreviewLinkField } from "./preview-link-field";
import type { Opened } from "./edit-mode";
import { useEditorBusy, useEditPost, type PageEdit } from "./use-edit-post";

/** The toolbar's dialogs: history (restore), new page, phone preview, discard, preview link. */
type Props = { edit: PageEdit | null; opened: Opened; close: () => void; setStatus: (status: Status) => void };

export default function EditDialogs({ edit, opened, close, setStatus }: Props) {
  switch (opened?.kind) {
    case "history":
      return edit ? <History edit={edit} close={close} setStatus={setStatus} /> : null;
    case "newPage":
      return <NewPage lng={edit?.languageCode} close={close} />;
    case "mobile":
      return <MobilePreview close={close} />;
    case "discard":
      return edit ? <Discard edit={edit} close={close} setStatus={setStatus} /> : null;
    case "previewLink":
      return edit ? <PreviewLink edit={edit} close={close} /> : null;
    default:
      return null;
  }
}

function Discard({ edit, close, setStatus }: { edit: PageEdit; close: () => void; setStatus: (status: Status) => void }) {
  const { t } = useTranslation();
  const post = useEditPost("/admin/edit/page");
  useAnswerMessage(post, setStatus, "editing.toolbar.discarded");
  const [asked, setAsked] = useState(true);
  useEffect(() => {
    if (!asked && post.state === "idle" && post.answer) close();
  }, [asked, post.state, post.answer, close]);
  if (!asked) return null;
  return (
    <ConfirmDialog
      text={t("editing.confirm.discard")}
      confirm={() => post.submit({ intent: "discard", pageId: edit.pageId, lng: edit.languageCode, revision: edit.draft?.revision ?? 0 })}
      close={() => setAsked(false)}
    />
  );
}

type Version = { id: number; version: number; source: string; note: string; createdByEmail: string; createdAt: string };

function History({ edit, close, setStatus }: { edit: PageEdit; close: () => void; setStatus: (status: Status) => void }) {
  const { t, i18n } = useTranslation();
  const list = useFetcher<{ liveVersion: number | null; versions: Version[] }>();
  const post = useEditPost("/admin/edit/page");
  const busy = useEditorBusy();
  const [restoring, setRestoring] = useState<Version | null>(null);
  useAnswerMessage(post, setStatus, "editing.toolbar.restored");
  const { load } = list;
  // Loaded again after a restore: the restore is the newest version.
  useEffect(() => {
    if (post.state === "idle") load(`/admin/edit/page?${new URLSearchParams({ pageId: String(edit.pageId), lng: edit.languageCode })}`);
  }, [load, edit.pageId, edit.languageCode, post.state, edit.liveVersion]);
  const liveVersion = list.data?.liveVersion ?? null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Zagreb" }).format(new Date(iso));
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.history.title")}
      closeLabel={t("editing.panel.close")}
      testId="history-dialog"
      width={640}
    >
      {list.data && list.data.versions.length === 0 ? <p>{t("editing.history.empty")}</p> : null}
      <ol className="space-y-2">
        {list.data?.versions.map((version) => {
          const restoreOf = /^restore of (\d+)$/.exec(version.note);
          return (
            <li
              key={version.id}
              className="flex items-center justify-between gap-2 border-b border-slate-100 pb-2"
              data-testid="history-version"
            >
              <div>
                <p className="font-semibold">
                  {t("editing.history.version", { version: version.version })} · {t(`editing.history.sources.${version.source}`)}
                  {restoreOf ? ` (${t("editing.history.restoreOf", { version: restoreOf[1] })})` : ""}
                  {version.version === liveVersion ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1 text-xs text-emerald-900">{t("editing.history.live")}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t("editing.history.by", { who: version.createdByEmail, when: when(version.createdAt) })}
                </p>
              </div>
              {version.version !== liveVersion && liveVersion !== null ? (
                <Button size="sm" variant="secondary" type="button" disabled={busy} onClick={() => setRestoring(version)}>
                  {t("editing.history.restore")}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {restoring && liveVersion !== null ? (
        <ConfirmDialog
          text={t("editing.confirm.restore", { version: restoring.version })}
          confirm={() =>
            post.submit({
              intent: "restore",
              pageId: edit.pageId,
              lng: edit.languageCode,
              revision: edit.draft?.revision ?? 0,
              versionId: restoring.id,
              liveVersion,
            })
          }
          close={() => setRestoring(null)}
        />
      ) : null}
    </Dialog>
  );
}

function NewPage({ lng = "hrv", close }: { lng?: string; close: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const post = useEditPost("/admin/edit/new-page");
  const refusal = useRefusalText();
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState("");
  const [template, setTemplate] = useState<string>("text");
  const answer = post.answer;
  useEffect(() => {
    // The new page opens in edit mode: a new document, its own data.
    if (answer?.ok && typeof answer.path === "string") window.location.assign(answer.path);
  }, [answer]);
  const refused = answer && !answer.ok ? answer.error : null;
  const errorAt = (field: string) => (refused && refused.field === field ? refusal(refused) : null);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.newPage.title")}
      closeLabel={t("editing.panel.close")}
      testId="new-page-dialog"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          post.submit({ lng, title, slug, template });
        }}
      >
        <label htmlFor={`${id}-title`} className="block font-semibold">
          {t("editing.newPage.pageTitle")}
        </label>
        <input
          id={`${id}-title`}
          value={title}
          required
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          className="w-full rounded border border-slate-300 p-2"
        />
        {errorAt("title") ? <p className="text-sm text-red-700">{errorAt("title")}</p> : null}
        <label htmlFor={`${id}-slug`} className="block font-semibold">
          {t("editing.newPage.slug")}
        </label>
        <input
          id={`${id}-slug`}
          value={slug}
          maxLength={120}
          onChange={(event) => setSlug(event.target.value)}
          className="w-full rounded border border-slate-300 p-2"
          aria-invalid={errorAt("slug") ? true : undefined}
        />
        {errorAt("slug") ? (
          <p className="text-sm text-red-700" data-testid="slug-error">
            {errorAt("slug")}
          </p>
        ) : null}
        <label htmlFor={`${id}-template`} className="block font-semibold">
          {t("editing.newPage.template")}
        </label>
        <select
          id={`${id}-template`}
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
          className="w-full rounded border border-slate-300 p-2"
        >
          {PAGE_TEMPLATES.map((name) => (
            <option key={name} value={name}>
              {t(`admin.content.templates.${name}`)}
            </option>
          ))}
        </select>
        {refused && !["title", "slug"].includes(refused.field ?? "") ? <p className="text-sm text-red-700">{refusal(refused)}</p> : null}
        <Button type="submit" pending={post.state !== "idle"}>
          {t("editing.newPage.create")}
        </Button>
      </form>
    </Dialog>
  );
}

/** spec §4 "mobileView=true marks mobile rendering": the page (with its draft) in a 390 px frame. */
function MobilePreview({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("editPage", "true");
  params.set("mobileView", "true");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.mobile.title")}
      closeLabel={t("editing.panel.close")}
      testId="mobile-preview-dialog"
      width={440}
    >
      <iframe
        src={`${location.pathname}?${params}`}
        title={t("editing.mobile.frame")}
        width={390}
        height={700}
        className="mx-auto block rounded border border-slate-300"
        data-testid="mobile-preview"
        style={{ width: 390, height: 700 }}
      />
    </Dialog>
  );
}

/**
 * A preview link of the draft for the owner (decision 0124): made when the dialog opens (one
 * post, nothing stored), shown with its copy button and expiry; "new link" makes another.
 */
function PreviewLink({ edit, close }: { edit: PageEdit; close: () => void }) {
  const { t } = useTranslation();
  const post = useEditPost("/admin/edit/preview-link");
  const refusal = useRefusalText();
  const { submit } = post;
  const make = useCallback(() => submit({ pageId: edit.pageId, lng: edit.languageCode }), [submit, edit.pageId, edit.languageCode]);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    make();
  }, [make]);
  const answer = post.state === "idle" ? post.answer : undefined;
  const link = answer?.ok && typeof answer.url === "string" && typeof answer.expiresAt === "string" ? answer : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.previewLink.title")}
      closeLabel={t("editing.panel.close")}
      testId="preview-link-dialog"
      width={640}
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t("editing.previewLink.intro")}</p>
        {link ? <PreviewLinkField url={link.url as string} expiresAt={link.expiresAt as string} /> : null}
        {answer && !answer.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal(answer.error)}
          </p>
        ) : null}
        {post.state !== "idle" ? <p className="text-sm">{t("editing.previewLink.making")}</p> : null}
        <Button type="button" variant="secondary" size="sm" disabled={post.state !== "idle"} onClick={make}>
          {t("editing.previewLink.again")}
        </Button>
      </div>
    </Dialog>
  );
}
