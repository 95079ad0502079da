import { lazy, Suspense, useId, useState } from "react";
import { SerpPreview } from "~/components/admin/serp-preview";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { excerptOf } from "~/lib/excerpt";
import { useTranslation } from "~/lib/i18n";
import { pageTitle } from "~/lib/page-title";
import { ADDABLE_COMPONENTS } from "../component-edits";
import { useAnswerMessage, useRefusalText, type Status } from "./answer-message";
import { ConfirmDialog } from "./confirm-dialog";
import type { Opened } from "./edit-mode";
import { useHeadingFocus, WAITING } from "./editor-focus";
import { useEditorBusy, useEditPost, type PageEdit } from "./use-edit-post";

const RichText = lazy(() => import("./rich-text"));

/**
 * spec §2 modal "section manager" (decision 0051): the page's sections in order, each
 * edited, moved, duplicated, hidden, removed (after a confirmation) or saved as a master
 * component; new sections from the component types or from saved master components
 * ("choose master component"). And the page's own texts (title, description, body).
 */
type Props = { edit: PageEdit; opened: Opened; open: (opened: Opened) => void; setStatus: (status: Status) => void };

const summary = (component: Record<string, unknown>) =>
  typeof component.title === "string" && component.title
    ? component.title
    : typeof component.html === "string"
      ? component.html
          .replace(/<[^>]+>/g, " ")
          .trim()
          .slice(0, 60)
      : "";

export default function SectionManager({ edit, opened, open, setStatus }: Props) {
  if (opened?.kind === "texts") return <PageTexts edit={edit} close={() => open(null)} setStatus={setStatus} />;
  return <Sections edit={edit} open={open} setStatus={setStatus} />;
}

function Sections({ edit, open, setStatus }: Omit<Props, "opened">) {
  const { t } = useTranslation();
  const id = useId();
  const post = useEditPost("/admin/edit/page");
  const busy = useEditorBusy();
  const [type, setType] = useState<string>("text");
  const [removing, setRemoving] = useState<number | null>(null);
  const [mastering, setMastering] = useState<number | null>(null);
  const [choosingMaster, setChoosingMaster] = useState(false);
  useAnswerMessage(post, setStatus, (answer) => (answer.masterId ? "editing.toolbar.masterSaved" : "editing.toolbar.saved"));
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const components = (edit.content?.components ?? []) as unknown as (Record<string, unknown> & { type: string; hidden?: boolean })[];
  const page = { pageId: edit.pageId, lng: edit.languageCode, revision: edit.draft?.revision ?? 0 };
  const change = (fields: Record<string, string | number>) => post.submit({ ...page, ...fields });
  return (
    <div className="space-y-4" data-testid="section-manager">
      <div className="flex items-center justify-between">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold">
          {t("editing.sections.title")}
        </h2>
        <Button size="sm" variant="ghost" type="button" onClick={() => open(null)}>
          {t("editing.panel.close")}
        </Button>
      </div>
      {components.length === 0 ? <p className="text-slate-600">{t("editing.sections.empty")}</p> : null}
      <ol className="space-y-2">
        {components.map((component, index) => {
          const master = component.type === "master" ? edit.masters.find((m) => m.id === component.masterId) : undefined;
          const name =
            component.type === "master"
              ? t("editing.master.section", { name: master?.name ?? t("editing.master.missing") })
              : `${t(`editing.types.${component.type}`)}${summary(component) ? ` – ${summary(component)}` : ""}`;
          return (
            <li key={`${index}-${component.type}`} className="rounded border border-slate-200 p-2" data-testid="section-item">
              <p className="font-semibold">
                {index + 1}. {name}
                {component.hidden ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs">{t("editing.sections.hidden")}</span> : null}
              </p>
              <div className="mt-1 flex flex-wrap gap-1" role="group" aria-label={name}>
                {component.type === "master" ? (
                  // A master is not this page's content: it is edited on its own screen, and every page follows.
                  <a
                    href={`/admin/masters/${String(component.masterId)}`}
                    className="rounded border border-slate-300 px-2 py-1 text-sm underline"
                    data-testid="section-master-link"
                  >
                    {t("editing.master.edit")}
                  </a>
                ) : (
                  <Button size="sm" variant="secondary" type="button" onClick={() => open({ kind: "component", index })}>
                    {t("editing.sections.edit")}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  type="button"
                  disabled={busy || index === 0}
                  onClick={() => change({ intent: "move", index, to: index - 1 })}
                >
                  {t("editing.sections.up")}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  type="button"
                  disabled={busy || index === components.length - 1}
                  onClick={() => change({ intent: "move", index, to: index + 1 })}
                >
                  {t("editing.sections.down")}
                </Button>
                <Button size="sm" variant="ghost" type="button" disabled={busy} onClick={() => change({ intent: "duplicate", index })}>
                  {t("editing.sections.duplicate")}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  type="button"
                  disabled={busy}
                  onClick={() => change({ intent: "hide", index, hidden: component.hidden ? "false" : "true" })}
                >
                  {component.hidden ? t("editing.sections.show") : t("editing.sections.hide")}
                </Button>
                {component.type === "master" ? null : (
                  <Button size="sm" variant="ghost" type="button" disabled={busy} onClick={() => setMastering(index)}>
                    {t("editing.sections.saveMaster")}
                  </Button>
                )}
                <Button size="sm" variant="dangerGhost" type="button" disabled={busy} onClick={() => setRemoving(index)}>
                  {t("editing.sections.remove")}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="space-y-2 rounded bg-slate-50 p-2">
        <label htmlFor={`${id}-type`} className="block font-semibold">
          {t("editing.sections.type")}
        </label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(event) => setType(event.target.value)}
          className="w-full rounded border border-slate-300 p-2"
        >
          {ADDABLE_COMPONENTS.map((addable) => (
            <option key={addable} value={addable}>
              {t(`editing.types.${addable}`)}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" type="button" disabled={busy} onClick={() => change({ intent: "add", type, at: components.length })}>
            {t("editing.sections.add")}
          </Button>
          <Button size="sm" variant="secondary" type="button" onClick={() => setChoosingMaster(true)}>
            {t("editing.sections.addMaster")}
          </Button>
        </div>
      </div>
      {removing !== null && components[removing] ? (
        <ConfirmDialog
          text={t("editing.confirm.remove", { name: t(`editing.types.${components[removing].type}`) })}
          confirm={() => change({ intent: "remove", index: removing })}
          close={() => setRemoving(null)}
        />
      ) : null}
      {mastering !== null ? (
        <MasterName close={() => setMastering(null)} save={(name) => change({ intent: "saveMaster", index: mastering, name })} />
      ) : null}
      {choosingMaster ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setChoosingMaster(false)}
          title={t("editing.master.title")}
          closeLabel={t("editing.panel.close")}
          testId="choose-master-dialog"
        >
          {edit.masters.length === 0 ? <p>{t("editing.master.none")}</p> : null}
          <ul className="space-y-1">
            {edit.masters.map((master) => (
              <li key={master.id} className="flex items-center justify-between gap-2">
                <span>
                  {master.name} <span className="text-slate-500">({t(`editing.types.${master.type}`)})</span>
                </span>
                <Button
                  size="sm"
                  type="button"
                  onClick={() => {
                    change({ intent: "addMaster", masterId: master.id, at: components.length });
                    setChoosingMaster(false);
                  }}
                >
                  {t("editing.master.choose")}
                </Button>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </div>
  );
}

function MasterName({ close, save }: { close: () => void; save: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.sections.saveMaster")}
      closeLabel={t("editing.panel.close")}
      width={440}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return;
          save(name.trim());
          close();
        }}
      >
        <label htmlFor={id} className="block">
          {t("editing.sections.masterName")}
        </label>
        <input
          id={id}
          value={name}
          required
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          className="mb-3 w-full rounded border border-slate-300 p-2"
        />
        <Button type="submit">{t("editing.sections.saveMaster")}</Button>
      </form>
    </Dialog>
  );
}

function PageTexts({ edit, close, setStatus }: { edit: PageEdit; close: () => void; setStatus: (status: Status) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const post = useEditPost("/admin/edit/page");
  const busy = useEditorBusy();
  const refusal = useRefusalText();
  const [title, setTitle] = useState(edit.content?.title ?? "");
  const [metaDescription, setMetaDescription] = useState(edit.content?.metaDescription ?? "");
  const [bodyHtml, setBodyHtml] = useState(edit.content?.bodyHtml ?? "");
  useAnswerMessage(post, setStatus, "editing.toolbar.saved");
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const refused = post.answer && !post.answer.ok ? post.answer.error : null;
  return (
    <form
      className="space-y-3"
      data-testid="page-texts"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        post.submit({
          intent: "texts",
          pageId: edit.pageId,
          lng: edit.languageCode,
          revision: edit.draft?.revision ?? 0,
          title,
          metaDescription,
          bodyHtml,
        });
      }}
    >
      <div className="flex items-center justify-between">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold">
          {t("editing.texts.title")}
        </h2>
        <Button size="sm" variant="ghost" type="button" onClick={close}>
          {t("editing.panel.close")}
        </Button>
      </div>
      <label htmlFor={`${id}-title`} className="block font-semibold">
        {t("editing.panel.fields.title")}
      </label>
      <input
        id={`${id}-title`}
        value={title}
        required
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        className="w-full rounded border border-slate-300 p-2"
      />
      <label htmlFor={`${id}-meta`} className="block font-semibold">
        {t("editing.panel.fields.metaDescription")}
      </label>
      <textarea
        id={`${id}-meta`}
        value={metaDescription}
        maxLength={300}
        onChange={(event) => setMetaDescription(event.target.value)}
        className="w-full rounded border border-slate-300 p-2"
      />
      {edit.serp ? (
        <SerpPreview
          title={edit.serp.homeTitle ?? pageTitle(title, edit.serp.siteName)}
          description={metaDescription}
          fallbackDescription={excerptOf(bodyHtml)}
          url={edit.serp.url}
        />
      ) : null}
      <span className="block font-semibold">{t("editing.panel.fields.html")}</span>
      <Suspense fallback={null}>
        <RichText id={`${id}-body`} label={t("editing.panel.fields.html")} value={bodyHtml} onChange={setBodyHtml} />
      </Suspense>
      {refused ? <p className="text-sm text-red-700">{refusal(refused)}</p> : null}
      <Button type="submit" aria-disabled={busy || undefined} className={WAITING}>
        {t("editing.panel.save")}
      </Button>
    </form>
  );
}
