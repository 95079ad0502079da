import { useFetcher } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation, WithNamespaces } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import type { MediaDialogItem, mediaDialogPage } from "./media-dialog.server";
import { MediaEditDialog } from "./media-edit-dialog";
import { useUploadQueue } from "~/components/admin/upload-queue";
import { UploadQueue } from "~/components/admin/upload-queue-list";

export type MediaLibrarySelection = {
  driveId: string;
  title: string;
  alt: string;
  width: number | null;
  height: number | null;
  version: number;
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  multiple?: boolean;
  onSelect: (items: MediaLibrarySelection[]) => void;
  /** The content language being edited: titles and alt texts are picked in it (default hr). */
  lang?: string;
};
type Page = Awaited<ReturnType<typeof mediaDialogPage>>;

const NAMESPACES = ["adminMedia", "admin"];

/**
 * The media library as a dialog for the in-page editor (spec §2 modal "media"; decisions 0051
 * and 0052): browse, search and filter by folder, upload by drag and drop or file
 * picker, edit a file's title and alt per language, and pick one (or several). It talks to
 * /admin/media/library.json (JSON, scope editor) and is imported only by edit-mode and admin
 * code, never by shoppers' pages. Without JavaScript there is /admin/media.
 */
export function MediaLibraryDialog(props: Props) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <WithNamespaces ns={NAMESPACES}>
        <LibraryDialog {...props} />
      </WithNamespaces>
    </Suspense>
  );
}

function LibraryDialog({ open, onOpenChange, multiple = false, onSelect, lang = "hr" }: Props) {
  const { t } = useTranslation();
  const list = useFetcher<Page>();
  // One file per request, like the library page: a batch never meets the body limit.
  const queue = useUploadQueue(`/admin/media/library.json?lang=${lang}`);
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const [folder, setFolder] = useState("");
  const [chosen, setChosen] = useState<MediaDialogItem[]>([]);
  const [editing, setEditing] = useState<MediaDialogItem | null>(null);
  const [over, setOver] = useState(false);

  const query = new URLSearchParams({ lang, ...(q ? { q } : {}), ...(folder ? { folder } : {}) }).toString();
  const reload = () => list.load(`/admin/media/library.json?${query}`);
  useEffect(() => {
    const timer = setTimeout(reload, q ? 300 : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the query changes
  }, [query]);
  const send = async (form: HTMLFormElement | null, files: FileList | null) => {
    if (!form || !files || files.length === 0 || queue.running) return;
    const stored = (await queue.send(form, [...files])) as MediaDialogItem[];
    if (input.current) input.current.value = "";
    // What was just uploaded is chosen at once: the usual next step is to pick it.
    if (stored.length > 0) setChosen((current) => (multiple ? [...stored, ...current] : stored.slice(0, 1)));
    reload();
  };

  const items = list.data?.items ?? [];
  const isChosen = (item: MediaDialogItem) => chosen.some((c) => c.id === item.id);
  const toggle = (item: MediaDialogItem) =>
    setChosen((current) => (isChosen(item) ? current.filter((c) => c.id !== item.id) : multiple ? [...current, item] : [item]));
  const choose = () => {
    onSelect(chosen.map(({ driveId, title, alt, width, height, version }) => ({ driveId, title, alt, width, height, version })));
    onOpenChange(false);
  };
  const saved = (item: MediaDialogItem) => {
    setChosen((current) => current.map((c) => (c.id === item.id ? item : c)));
    setEditing(null);
    reload();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("adminMedia.dialog.title")}
      closeLabel={t("adminMedia.dialog.close")}
      width={960}
      testId="media-library-dialog"
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-1 flex-col gap-1 text-sm font-semibold">
            {t("adminMedia.dialog.search")}
            <input
              type="search"
              value={q}
              maxLength={100}
              onChange={(e) => setQ(e.target.value)}
              className="rounded border border-slate-300 px-2 py-1 font-normal"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("adminMedia.filters.folder")}
            <select
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
              className="rounded border border-slate-300 px-2 py-1 font-normal"
            >
              <option value="">{t("adminMedia.dialog.allFolders")}</option>
              <option value="root">{t("adminMedia.filters.root")}</option>
              {(list.data?.folders ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        </div>

        <SecureForm
          encType="multipart/form-data"
          onSubmit={(e) => e.preventDefault()}
          className={`flex flex-wrap items-center gap-3 rounded border-2 border-dashed p-3 text-sm ${over ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
          data-testid="media-dialog-upload"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            void send(e.currentTarget, e.dataTransfer.files);
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          {folder && folder !== "root" ? <input type="hidden" name="folderId" value={folder} /> : null}
          <span className="font-semibold">{t("adminMedia.upload.drop")}</span>
          <input
            ref={input}
            type="file"
            name="files"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            aria-label={t("adminMedia.upload.files", { max: 20 })}
            onChange={(e) => void send(e.currentTarget.form, e.currentTarget.files)}
          />
          {queue.running ? <span>{t("adminMedia.dialog.uploading")}</span> : null}
          <div className="basis-full">
            <UploadQueue files={queue.files} />
          </div>
        </SecureForm>

        {list.state === "loading" && !list.data ? <p>{t("adminMedia.dialog.loading")}</p> : null}
        {list.data && items.length === 0 ? <p className="text-slate-600">{t("adminMedia.dialog.empty")}</p> : null}
        <ul className="grid max-h-[50vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5" data-testid="media-dialog-items">
          {items.map((item) => (
            <li
              key={item.id}
              className={`flex flex-col gap-1 rounded border p-1 text-xs ${isChosen(item) ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
              data-testid="media-dialog-item"
            >
              <button type="button" onClick={() => toggle(item)} aria-pressed={isChosen(item)} className="flex flex-col items-center gap-1">
                {item.access === "public" && item.mime.startsWith("image/") ? (
                  <img
                    src={mediaUrl(item, "medium")}
                    alt=""
                    width={120}
                    height={120}
                    loading="lazy"
                    className="aspect-square w-full object-contain"
                  />
                ) : (
                  <span className="flex aspect-square w-full items-center justify-center bg-slate-100 font-bold uppercase">
                    {item.extension}
                  </span>
                )}
                <span className="line-clamp-2 break-all">{item.title}</span>
              </button>
              <button type="button" onClick={() => setEditing(item)} className="text-brand-700 underline">
                {t("adminMedia.dialog.edit")}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t("adminMedia.dialog.close")}
          </Button>
          <Button type="button" disabled={chosen.length === 0} onClick={choose}>
            {multiple ? t("adminMedia.dialog.chooseN", { count: chosen.length }) : t("adminMedia.dialog.choose")}
          </Button>
        </div>
      </div>
      <MediaEditDialog item={editing} lang={lang} onClose={() => setEditing(null)} onSaved={saved} />
    </Dialog>
  );
}
