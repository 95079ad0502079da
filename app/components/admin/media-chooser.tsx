import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";

export type MediaChoice = { id: number; driveId: string; version: number; title: string; width: number | null; height: number | null };

/**
 * Images for a backoffice form, chosen from the media library or uploaded with the same
 * post (decision 0045: images are chosen from or uploaded to the media library). Works without
 * JavaScript: the library is a grid of checkboxes (radio buttons for one image) inside a
 * <details>, the upload a plain file input, so the form must be
 * `encType="multipart/form-data"`. The action reads the ticked ids (`name`) and stores the
 * files (`uploadName`) with storeUploads (app/modules/media/media-upload.server.ts), which
 * checks type and size from the content. With JavaScript a text box narrows the grid.
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
}: {
  name: string;
  uploadName?: string;
  choices: MediaChoice[];
  selected: number[];
  multiple?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const chosen = new Set(selected);
  const shown = filter ? choices.filter((c) => c.title.toLowerCase().includes(filter.toLowerCase())) : choices;
  const current = choices.filter((c) => chosen.has(c.id));

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
      {uploadName ? (
        <label className="block text-sm">
          <span className="block">{t(multiple ? "admin.media.upload" : "admin.media.uploadOne")}</span>
          <input
            type="file"
            name={uploadName}
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            multiple={multiple}
            className="mt-1 max-w-full text-sm"
          />
        </label>
      ) : null}
    </fieldset>
  );
}
