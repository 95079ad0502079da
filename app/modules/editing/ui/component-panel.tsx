import { lazy, Suspense, useEffect, useId } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import type { MediaRef } from "~/lib/media";
import { useAnswerMessage, useRefusalText, type Status } from "./answer-message";
import { useHeadingFocus, WAITING } from "./editor-focus";
import { ImageField } from "./image-field";
import { LinkField, type StoredLink } from "./link-field";
import { useLivePreview } from "./live-preview";
import { useMediaLibrary } from "./media-library-slot";
import { SliderSource } from "./slider-source";
import { useUndoable, useUndoKeys } from "./undo";
import { useEditorBusy, useEditPost, type PageEdit } from "./use-edit-post";

const RichText = lazy(() => import("./rich-text"));

/**
 * A section's settings (decision 0051): the fields of its type, saved into the draft as
 * one post that the server checks with the component's own schema; a refusal shows its
 * translated message at the field it names.
 */
type Field =
  | { name: string; kind: "text" | "textarea"; max: number }
  | { name: string; kind: "number"; min: number; max: number; step?: number }
  | { name: string; kind: "image" | "richtext" | "source" }
  | { name: string; kind: "link"; optional: boolean }
  | { name: string; kind: "note" };

const FIELDS: Record<string, Field[]> = {
  hero: [
    { name: "title", kind: "text", max: 200 },
    { name: "text", kind: "textarea", max: 1000 },
    { name: "image", kind: "image" },
    { name: "cta", kind: "link", optional: true },
  ],
  text: [{ name: "html", kind: "richtext" }],
  image: [
    { name: "image", kind: "image" },
    { name: "caption", kind: "text", max: 300 },
  ],
  gallery: [
    { name: "title", kind: "text", max: 200 },
    { name: "images", kind: "note" },
  ],
  productSlider: [
    { name: "title", kind: "text", max: 200 },
    { name: "source", kind: "source" },
    { name: "limit", kind: "number", min: 1, max: 20 },
  ],
  postList: [
    { name: "title", kind: "text", max: 200 },
    { name: "limit", kind: "number", min: 1, max: 20 },
  ],
  contactForm: [],
  form: [{ name: "slug", kind: "text", max: 200 }],
  cta: [
    { name: "title", kind: "text", max: 200 },
    { name: "text", kind: "textarea", max: 1000 },
    { name: "link", kind: "link", optional: false },
  ],
  map: [
    { name: "title", kind: "text", max: 200 },
    { name: "address", kind: "text", max: 300 },
    { name: "lat", kind: "number", min: -90, max: 90, step: 0.00001 },
    { name: "lon", kind: "number", min: -180, max: 180, step: 0.00001 },
    { name: "zoom", kind: "number", min: 1, max: 19 },
  ],
  logoList: [
    { name: "title", kind: "text", max: 200 },
    { name: "logos", kind: "note" },
  ],
  certificates: [
    { name: "title", kind: "text", max: 200 },
    { name: "items", kind: "note" },
  ],
};

type Values = Record<string, unknown> & { type: string };
type Props = { edit: PageEdit; index: number; close: () => void; setStatus: (status: Status) => void };

export default function ComponentPanel({ edit, index, close, setStatus }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const stored = edit.content?.components[index] as Values | undefined;
  const history = useUndoable<Values | undefined>(() => (stored ? structuredClone(stored) : undefined));
  const { value: values, change, undo, redo } = history;
  useUndoKeys('[data-testid="component-panel"]', undo, redo);
  const post = useEditPost("/admin/edit/page");
  const busy = useEditorBusy();
  const refusal = useRefusalText();
  const { onOpenLibrary, libraryDialog } = useMediaLibrary(edit.languageCode);
  useAnswerMessage(post, setStatus, "editing.toolbar.saved");
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const commitPreview = useLivePreview(edit, index, values);
  const saved = post.state === "idle" && post.answer?.ok === true;
  // Saved and the page reloaded: the page's own render shows these values from now on (once per answer).
  useEffect(() => {
    if (saved) commitPreview();
  }, [saved, post.answer, commitPreview]);
  if (!values) return null;
  const set = (name: string, value: unknown) => change(name, (current) => (current ? { ...current, [name]: value } : current));
  const refused = post.answer && !post.answer.ok ? post.answer.error : null;
  const errorAt = (name: string) => (refused && (refused.field ?? "").split(".")[0] === name ? refusal(refused) : undefined);
  const typeName = t(`editing.types.${values.type}`);
  const save = () =>
    post.submit({
      intent: "component",
      pageId: edit.pageId,
      lng: edit.languageCode,
      revision: edit.draft?.revision ?? 0,
      index,
      component: JSON.stringify(values),
    });
  return (
    <form
      className="space-y-4"
      data-testid="component-panel"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) save();
      }}
    >
      <div className="flex items-center justify-between">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold">
          {t("editing.panel.title", { type: typeName })}
        </h2>
        <Button size="sm" variant="ghost" type="button" onClick={close}>
          {t("editing.panel.close")}
        </Button>
      </div>
      {(FIELDS[values.type] ?? []).map((field) => {
        const label = t(
          `editing.panel.fields.${field.name === "html" ? "html" : field.name === "logos" || field.name === "items" || field.name === "images" ? "title" : field.name}`,
        );
        const inputId = `${id}-${field.name}`;
        const error = field.kind === "source" ? (errorAt("tag") ?? errorAt("category")) : errorAt(field.name);
        switch (field.kind) {
          case "text":
          case "textarea": {
            const Input = field.kind === "text" ? "input" : "textarea";
            return (
              <div key={field.name} className="space-y-1">
                <label htmlFor={inputId} className="block font-semibold">
                  {label}
                </label>
                <Input
                  id={inputId}
                  value={String(values[field.name] ?? "")}
                  maxLength={field.max}
                  onChange={(event) => set(field.name, event.target.value)}
                  className="w-full rounded border border-slate-300 p-2"
                  aria-invalid={error ? true : undefined}
                />
                {error ? <p className="text-sm text-red-700">{error}</p> : null}
              </div>
            );
          }
          case "number":
            return (
              <div key={field.name} className="space-y-1">
                <label htmlFor={inputId} className="block font-semibold">
                  {label}
                </label>
                <input
                  id={inputId}
                  type="number"
                  min={field.min}
                  max={field.max}
                  step={field.step ?? 1}
                  value={String(values[field.name] ?? "")}
                  onChange={(event) => set(field.name, event.target.value === "" ? undefined : Number(event.target.value))}
                  className="w-full rounded border border-slate-300 p-2"
                />
                {error ? <p className="text-sm text-red-700">{error}</p> : null}
              </div>
            );
          case "richtext":
            return (
              <div key={field.name} className="space-y-1">
                <span className="block font-semibold">{label}</span>
                <Suspense fallback={null}>
                  {/* Shown anew after an undo or redo: the editor reads its text only when it starts. */}
                  <RichText
                    key={history.restored}
                    id={inputId}
                    label={label}
                    value={String(values.html ?? "")}
                    onChange={(html) => set("html", html)}
                  />
                </Suspense>
                {error ? <p className="text-sm text-red-700">{error}</p> : null}
              </div>
            );
          case "image":
            return (
              <ImageField
                key={field.name}
                label={label}
                value={(values[field.name] as MediaRef | null) ?? null}
                onChange={(media) => set(field.name, media)}
                error={error}
                onOpenLibrary={onOpenLibrary}
                setStatus={setStatus}
              />
            );
          case "link":
            return (
              <LinkField
                key={field.name}
                label={label}
                value={(values[field.name] as StoredLink | null) ?? null}
                onChange={(link) => set(field.name, link)}
                lng={edit.languageCode}
                optional={field.optional}
                error={error}
              />
            );
          case "source":
            return (
              <SliderSource
                key={field.name}
                label={label}
                value={{ tag: values.tag as string | undefined, category: values.category as string | undefined }}
                onChange={(source) =>
                  change("source", (current) => (current ? { ...current, tag: source.tag, category: source.category } : current))
                }
                lng={edit.languageCode}
                error={error}
              />
            );
          case "note":
            return (
              <p key={field.name} className="text-sm text-slate-600">
                {t("editing.panel.notEditableHere")}
              </p>
            );
        }
      })}
      {refused && !refused.field ? <p className="text-sm text-red-700">{refusal(refused)}</p> : null}
      {/* Not disabled while saving: a disabled button would drop the keyboard's focus. */}
      <Button type="submit" aria-disabled={busy || undefined} className={WAITING}>
        {t("editing.panel.save")}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className={`ml-2 ${WAITING}`}
        aria-disabled={!history.canUndo || undefined}
        aria-keyshortcuts="Control+Z"
        onClick={undo}
      >
        {t("editing.panel.undo")}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className={WAITING}
        aria-disabled={!history.canRedo || undefined}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={redo}
      >
        {t("editing.panel.redo")}
      </Button>
      {libraryDialog}
    </form>
  );
}
