import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import { useTranslation, WithNamespaces } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { EditModeNote, type EditModeNoteText } from "./edit-mode-note";
import { Outlines } from "./outlines";
import { TOOLBAR_ID, useKeptFocus, usePanelEscape, usePanelFocus, useStartOfBody } from "./editor-focus";
import { useEditorTabOrder } from "./tab-order";
import { useAnswerMessage, type Status } from "./answer-message";
import { usePageEdit, useEditorBusy, useEditPost, type PageEdit } from "./use-edit-post";

/**
 * The in-page editor (DESIGN.md "Edit mode", decision 0051): the site layout loads this chunk
 * only when its loader says edit mode, so shoppers never receive it. It adds a toolbar
 * (page, language, phone preview, publish, history, exit), outlines on everything
 * editable, and the panels and dialogs that change the page's draft. Every change is a
 * post to /admin/edit/...; Remix then reloads the page's data and the page shows the draft.
 */
export const EDIT_MODE_NAMESPACES = ["editing", "admin", "adminMedia"];

// The panels and dialogs load when first opened: the toolbar shows at once.
const SectionManager = lazy(() => import("./section-manager"));
const ComponentPanel = lazy(() => import("./component-panel"));
const EditDialogs = lazy(() => import("./edit-dialogs"));

export type Opened =
  | { kind: "sections" }
  | { kind: "component"; index: number }
  | { kind: "texts" }
  | { kind: "history" }
  | { kind: "newPage" }
  | { kind: "mobile" }
  | { kind: "discard" }
  | { kind: "previewLink" }
  | null;

/**
 * The server renders only the note for browsers without JavaScript; in the browser the
 * same note hydrates, and the editor takes its place once mounted (its messages load first).
 */
export default function EditMode({ noScript }: { noScript: EditModeNoteText }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <EditModeNote noScript={noScript} />;
  return (
    <Suspense fallback={null}>
      <WithNamespaces ns={EDIT_MODE_NAMESPACES}>
        <Editor />
      </WithNamespaces>
    </Suspense>
  );
}

function Editor() {
  const { t } = useTranslation();
  const { edit, alternates } = usePageEdit();
  const [opened, setOpened] = useState<Opened>(null);
  const [status, setStatus] = useState<Status>(null);
  const location = useLocation();
  const panel = opened?.kind === "sections" || opened?.kind === "component" || opened?.kind === "texts";
  const opener = usePanelFocus(panel);
  const open = useCallback(
    (next: Opened) => {
      opener.remember();
      setOpened(next);
    },
    [opener],
  );
  // Another page: what was open belonged to the one before.
  useEffect(() => setOpened(null), [location.pathname]);
  useEditorTabOrder();
  useKeptFocus();
  usePanelEscape(panel, () => open(null));
  const start = useStartOfBody();
  return (
    <>
      {/* First in the document: the skip link, then the outlines' labels (./tab-order.ts places each before its section). */}
      {start
        ? createPortal(
            <>
              <a
                href={`#${TOOLBAR_ID}`}
                className="skip-link"
                data-testid="edit-skip-link"
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(TOOLBAR_ID)?.focus();
                }}
              >
                {t("editing.toolbar.skipTo")}
              </a>
              <Outlines edit={edit} onSection={(index) => open({ kind: "component", index })} onTexts={() => open({ kind: "texts" })} />
            </>,
            start,
          )
        : null}
      <div aria-hidden="true" style={{ height: "var(--edit-toolbar-height, 6rem)" }} />
      <Toolbar edit={edit} alternates={alternates} open={open} status={status} setStatus={setStatus} />
      {edit && panel ? (
        <aside
          className="fixed top-0 right-0 z-[45] w-full max-w-md overflow-y-auto border-l border-slate-300 bg-white p-4 shadow-2xl"
          // Above the toolbar, whose height changes as its buttons wrap.
          style={{ bottom: "var(--edit-toolbar-height, 6rem)" }}
          aria-label={t("editing.toolbar.label")}
          data-testid="edit-panel"
        >
          <Suspense fallback={null}>
            {opened.kind === "component" ? (
              <ComponentPanel
                key={opened.index}
                edit={edit}
                index={opened.index}
                close={() => open({ kind: "sections" })}
                setStatus={setStatus}
              />
            ) : (
              <SectionManager edit={edit} opened={opened} open={open} setStatus={setStatus} />
            )}
          </Suspense>
        </aside>
      ) : null}
      {opened && !panel ? (
        <Suspense fallback={null}>
          <EditDialogs edit={edit} opened={opened} close={() => open(null)} setStatus={setStatus} />
        </Suspense>
      ) : null}
    </>
  );
}

type ToolbarProps = {
  edit: PageEdit | null;
  alternates: Partial<Record<string, string>>;
  open: (opened: Opened) => void;
  status: Status;
  setStatus: (status: Status) => void;
};

function useToolbarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty("--edit-toolbar-height", `${toolbar.offsetHeight}px`),
    );
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, []);
  return ref;
}

function Toolbar({ edit, alternates, open, status, setStatus }: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const ref = useToolbarHeight();
  const busy = useEditorBusy();
  const publish = useEditPost("/admin/edit/page");
  const translate = useEditPost("/admin/edit/page");
  useAnswerMessage(publish, setStatus, "editing.toolbar.published");
  useAnswerMessage(translate, setStatus, "editing.toolbar.translated");
  const location = useLocation();
  const page = edit ? { pageId: edit.pageId, lng: edit.languageCode, revision: edit.draft?.revision ?? 0 } : null;
  const untranslated = edit !== null && edit.liveVersion === null;
  const exit = location.pathname;
  return (
    <div
      ref={ref}
      id={TOOLBAR_ID}
      // The skip link's target: the keyboard goes on from here to the toolbar's controls.
      tabIndex={-1}
      role="toolbar"
      aria-label={t("editing.toolbar.label")}
      data-testid="edit-toolbar"
      // What a test or a support person needs to name the edited content.
      data-page-id={edit?.pageId}
      data-lng={edit?.languageCode}
      data-revision={edit?.draft?.revision ?? 0}
      className="fixed inset-x-0 bottom-0 z-[45] flex flex-wrap items-center gap-2 border-t-4 border-amber-400 bg-slate-900 px-4 py-2 text-sm text-white"
    >
      <strong className="mr-2">{edit?.content?.title ?? t("editing.toolbar.label")}</strong>
      {edit ? (
        <span data-testid="edit-state" className="rounded bg-white/10 px-2 py-1">
          {edit.draft
            ? t("editing.toolbar.draft", { who: edit.draft.updatedByEmail })
            : edit.liveVersion
              ? t("editing.toolbar.live", { version: edit.liveVersion })
              : t("editing.toolbar.untranslated")}
          {edit.status === "draft" ? ` · ${t("editing.toolbar.unpublishedPage")}` : ""}
        </span>
      ) : (
        <span className="text-slate-300">{t("editing.toolbar.noPage")}</span>
      )}
      <nav aria-label={t("editing.toolbar.language")} className="flex gap-1">
        {LOCALES.map((locale) => (
          <a
            key={locale}
            href={`${alternates[locale] ?? (locale === "hr" ? "/" : `/${locale}`)}?editPage=true`}
            aria-current={locale === i18n.language ? "true" : undefined}
            className={`rounded px-2 py-1 uppercase ${locale === i18n.language ? "bg-amber-400 text-slate-900" : "hover:bg-white/10"}`}
          >
            {locale}
          </a>
        ))}
      </nav>
      <div className="ml-auto flex flex-wrap gap-2">
        {edit && untranslated ? (
          <Button
            size="sm"
            variant="inverse"
            type="button"
            disabled={busy}
            onClick={() => translate.submit({ intent: "translate", ...page! })}
          >
            {t("editing.toolbar.translate")}
          </Button>
        ) : null}
        {edit && !untranslated ? (
          <>
            <Button size="sm" variant="inverse" type="button" onClick={() => open({ kind: "sections" })}>
              {t("editing.toolbar.sections")}
            </Button>
            <Button size="sm" variant="inverse" type="button" onClick={() => open({ kind: "texts" })}>
              {t("editing.toolbar.texts")}
            </Button>
            <Button size="sm" variant="inverse" type="button" onClick={() => open({ kind: "history" })}>
              {t("editing.toolbar.history")}
            </Button>
            {/* For the owner's approval: the draft as it would publish, without signing in (decision 0124). */}
            <Button size="sm" variant="inverse" type="button" disabled={!edit.draft || busy} onClick={() => open({ kind: "previewLink" })}>
              {t("editing.toolbar.previewLink")}
            </Button>
            <Button size="sm" variant="inverse" type="button" disabled={!edit.draft || busy} onClick={() => open({ kind: "discard" })}>
              {t("editing.toolbar.discard")}
            </Button>
            {/* A page never published can go live as made, with no edit first. */}
            <Button
              size="sm"
              type="button"
              disabled={(!edit.draft && edit.status !== "draft") || busy}
              onClick={() => publish.submit({ intent: "publish", ...page! })}
            >
              {t("editing.toolbar.publish")}
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="inverse" type="button" onClick={() => open({ kind: "mobile" })}>
          {t("editing.toolbar.mobile")}
        </Button>
        <Button size="sm" variant="inverse" type="button" onClick={() => open({ kind: "newPage" })}>
          {t("editing.toolbar.newPage")}
        </Button>
        {/* A new document: the shoppers' page without any of the editor. */}
        <a href={exit} className="rounded px-2 py-1 underline hover:bg-white/10" data-testid="edit-exit">
          {t("editing.toolbar.exit")}
        </a>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="edit-status"
        className={`basis-full ${status?.error ? "text-amber-300" : "text-emerald-300"}`}
      >
        {busy ? t("editing.toolbar.busy") : (status?.text ?? "")}
      </p>
    </div>
  );
}
