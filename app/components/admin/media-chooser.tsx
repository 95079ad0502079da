import { useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useSecureFields } from "~/components/admin/secure-fields";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { BACKOFFICE_UPLOAD_MAX_FILES } from "~/lib/upload-limits";
import { UploadQueue } from "./upload-queue-list";
import { useUploadQueue } from "./upload-queue";

export type MediaChoice = { id: number; driveId: string; version: number; title: string; width: number | null; height: number | null };

/**
 * Images for a backoffice form, chosen from the media library or uploaded with the same
 * post (decision 0045: images are chosen from or uploaded to the media library). Works without
 * JavaScript: the library is a grid of checkboxes (radio buttons for one image) inside a
 * <details>, the upload a plain file input, so the form must be
 * `encType="multipart/form-data"`. The action reads the ticked ids (`name`) and stores the
 * files (`uploadName`) with storeUploads (app/modules/media/media-upload.server.ts), which
 * checks type and size from the content. With JavaScript a text box narrows the grid, and
 * with `uploadUrl` (the media library's JSON route) chosen files go to the library at once,
 * one per request with their progress and their own message, exactly as in the library
 * (decision 0112): the stored ones are ticked, so saving the form adds them, and the form's
 * own post carries no file and stays far below the body limit (decision 0134). A single-image
 * chooser keeps the plain upload.
 * The loader passes `choices` from mediaChoices({ include: chosenIds }) (the chosen images
 * are always among them) and the ids currently chosen. Without `uploadName` it only chooses
 * (a master component's pictures come from the library, decision 0133).
 */
export function MediaChooser({
  name,
  uploadName,
  choices,
  selected,
  multiple = true,
  label,
  uploadUrl,
}: {
  name: string;
  uploadName?: string;
  choices: MediaChoice[];
  selected: number[];
  multiple?: boolean;
  label: string;
  /** The JSON route that stores one upload per request ("/admin/media/library.json"). */
  uploadUrl?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  // Uploaded one by one (with JavaScript): already in the library, chosen until the form is saved.
  const [uploaded, setUploaded] = useState<MediaChoice[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const queue = useUploadQueue(uploadUrl ?? "");
  const secureFields = useSecureFields();
  const eachOnItsOwn = hydrated && multiple && uploadUrl !== undefined;
  const chosen = new Set(selected);
  const shown = filter ? choices.filter((c) => c.title.toLowerCase().includes(filter.toLowerCase())) : choices;
  const current = [...choices.filter((c) => chosen.has(c.id)), ...uploaded];

  const sendEach = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    setTooMany(files.length > BACKOFFICE_UPLOAD_MAX_FILES);
    if (!input.form || files.length === 0 || files.length > BACKOFFICE_UPLOAD_MAX_FILES || queue.running) return;
    const fields = secureFields(input.form);
    fields.set("intent", "upload");
    fields.set("access", "public");
    const stored = (await queue.send(fields, files)) as MediaChoice[];
    input.value = "";
    setUploaded((before) => [...before, ...stored.filter((item) => !before.some((b) => b.id === item.id))]);
  };

  return (
    <fieldset className="min-w-0 space-y-2 rounded border border-slate-200 p-3" data-testid={`media-chooser-${name}`}>
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {current.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("admin.media.chosen")}>
          {current.map((c) => (
            <li key={c.id}>
              <img src={mediaUrl(c, "thumbnail")} alt={c.title} width={50} height={50} className="h-12 w-12 rounded border object-cover" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t("admin.media.none")}</p>
      )}
      <details>
        <summary className="cursor-pointer text-sm text-brand-700 underline">{t("admin.media.fromLibrary")}</summary>
        {hydrated ? (
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("admin.media.filter")}
            aria-label={t("admin.media.filter")}
            className="mt-2 w-full rounded border px-2 py-1 text-sm"
          />
        ) : null}
        <ul className="mt-2 grid max-h-72 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-6">
          {!multiple ? (
            <li>
              <label className="flex h-full flex-col items-center justify-center gap-1 rounded border p-1 text-xs">
                <input type="radio" name={name} value="" defaultChecked={chosen.size === 0} />
                {t("admin.media.noImage")}
              </label>
            </li>
          ) : null}
          {shown.map((c) => (
            <li key={c.id}>
              <label className="flex flex-wrap items-center justify-center gap-1 rounded border p-1 text-xs has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                <img
                  src={mediaUrl(c, "thumbnail")}
                  alt=""
                  width={50}
                  height={50}
                  loading="lazy"
                  className="h-12 w-12 basis-full object-contain"
                />
                <input type={multiple ? "checkbox" : "radio"} name={name} value={c.id} defaultChecked={chosen.has(c.id)} />
                <span className="line-clamp-1 break-all">{c.title}</span>
              </label>
            </li>
          ))}
        </ul>
      </details>
      {uploaded.map((item) => (
        <input key={item.id} type="hidden" name={name} value={item.id} />
      ))}
      {/* Only where the form takes uploads: a master component's pictures come from the library alone (decision 0133). */}
      {uploadName ? (
        <>
          <label className="block text-sm">
            <span className="block">{t(multiple ? "admin.media.upload" : "admin.media.uploadOne")}</span>
            <input
              type="file"
              // With JavaScript the files are sent on their own as soon as they are chosen, not with the form.
              name={eachOnItsOwn ? undefined : uploadName}
              onChange={eachOnItsOwn ? (event) => void sendEach(event) : undefined}
              disabled={queue.running}
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              multiple={multiple}
              className="mt-1 max-w-full text-sm"
              data-testid={`media-chooser-${name}-upload`}
            />
          </label>
          {tooMany ? (
            <p className="text-sm text-red-700" role="alert">
              {t("adminMedia.upload.tooMany", { max: BACKOFFICE_UPLOAD_MAX_FILES })}
            </p>
          ) : null}
        </>
      ) : null}
      <UploadQueue files={queue.files} />
      {uploaded.length > 0 ? (
        <p className="text-sm text-slate-700" role="status" data-testid={`media-chooser-${name}-uploaded`}>
          {t("admin.media.uploadedChosen", { count: uploaded.length })}
        </p>
      ) : null}
    </fieldset>
  );
}
