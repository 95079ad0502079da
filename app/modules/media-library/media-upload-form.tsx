import { useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { MEDIA_ACCESS } from "./media-library.schema";

type Folder = { id: number; name: string };

/**
 * The library's upload (decision 0052): a plain multipart form with a file input, so it
 * works without JavaScript; with it, files dropped on the form fill that input and the form
 * is submitted at once (one code path: the action checks count, types and sizes either way).
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
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <SecureForm
      method="post"
      encType="multipart/form-data"
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
      <FormError id="media-upload-error" errors={errors} testId="media-upload-error" />
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
