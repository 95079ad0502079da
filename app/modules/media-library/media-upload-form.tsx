import { useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { showToast } from "~/lib/toast";
import { messageKey } from "~/lib/validation-message";
import { MEDIA_ACCESS } from "./media-library.schema";
import { UploadQueue } from "~/components/admin/upload-queue-list";
import { useUploadQueue } from "~/components/admin/upload-queue";

type Folder = { id: number; name: string };

/** The JSON route that stores one upload per request (the same checks as the page's action). */
const UPLOAD_URL = "/admin/media/library.json";

/**
 * The library's upload (decision 0052): a plain multipart form with a file input, so it
 * works without JavaScript (a post over the body limit gets a page saying so). With it,
 * the chosen or dropped files are sent one per request, each with its progress and its own
 * message, so no number of files meets the body limit; the list reloads when all are done.
 */
export function MediaUploadForm({
  folders,
  folderId,
  max,
  errors,
}: {
  folders: Folder[];
  folderId?: number;
  max: number;
  errors?: readonly string[] | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [tooMany, setTooMany] = useState(false);
  const queue = useUploadQueue(UPLOAD_URL);
  const revalidator = useRevalidator();
  const pending = queue.running || (navigation.state === "submitting" && navigation.formData?.get("intent") === "upload");
  const sendEach = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const files = [...(input.current?.files ?? [])];
    setTooMany(files.length > max);
    if (files.length === 0 || files.length > max || queue.running) return;
    const stored = await queue.send(form, files);
    if (input.current) input.current.value = "";
    if (stored.length > 0) showToast({ type: "success", key: "adminMedia.upload.done", values: { count: stored.length } });
    revalidator.revalidate();
  };
  const formErrors = tooMany ? [messageKey("adminMedia.upload.tooMany", { max })] : errors;
  return (
    <SecureForm
      method="post"
      encType="multipart/form-data"
      onSubmit={hydrated ? sendEach : undefined}
      className={`space-y-3 rounded border-2 border-dashed bg-white p-4 ${over ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
      data-testid="media-upload"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!input.current || event.dataTransfer.files.length === 0) return;
        input.current.files = event.dataTransfer.files;
        input.current.form?.requestSubmit();
      }}
    >
      <input type="hidden" name="intent" value="upload" />
      <h2 className="text-lg font-semibold">{t("adminMedia.upload.title")}</h2>
      {hydrated ? (
        <p className="text-sm font-semibold text-brand-800" data-testid="media-drop">
          {t("adminMedia.upload.drop")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminMedia.upload.files", { max })}
          <input
            ref={input}
            type="file"
            name="files"
            multiple
            required
            className="text-sm font-normal"
            aria-describedby="media-upload-hint media-upload-error"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminMedia.upload.access")}
          <select name="access" defaultValue="public" className="rounded border border-slate-300 px-2 py-2 font-normal">
            {MEDIA_ACCESS.map((a) => (
              <option key={a} value={a}>
                {t(`adminMedia.access.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <FolderSelect name="folderId" label={t("adminMedia.upload.folder")} folders={folders} value={folderId} />
        <Button pending={pending}>{t("adminMedia.upload.submit")}</Button>
      </div>
      <p id="media-upload-hint" className="text-xs text-slate-600">
        {t("adminMedia.upload.hint")}
      </p>
      <FormError id="media-upload-error" errors={formErrors} testId="media-upload-error" />
      <UploadQueue files={queue.files} />
    </SecureForm>
  );
}

/** A folder select whose empty value is the library's root. */
export function FolderSelect({
  name,
  label,
  folders,
  value,
  form,
}: {
  name: string;
  label: string;
  folders: Folder[];
  value?: number | string | null;
  form?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <select
        name={name}
        form={form}
        defaultValue={value ? String(value) : ""}
        className="rounded border border-slate-300 px-2 py-2 font-normal"
      >
        <option value="">{t("adminMedia.filters.root")}</option>
        {folders.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
    </label>
  );
}
