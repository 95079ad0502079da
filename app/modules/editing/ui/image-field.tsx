import { useEffect, useId, useState, type DragEvent } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl, type MediaRef } from "~/lib/media";
import { useAnswerMessage, type Status } from "./answer-message";
import { useEditPost } from "./use-edit-post";

/**
 * A picture of a section (decision 0051): upload one by file input or by dropping it
 * (stored in the media library through /admin/edit/upload, storeUploads: type read from
 * the content, at most 20 files at once), or choose one from the library.
 *
 * `onOpenLibrary` is the slot for the media library dialog (spec §2 modal "media"; the
 * media helper's MediaLibraryDialog with props open, onOpenChange, multiple?, onSelect):
 * given, the field shows a button that calls it with a callback taking the chosen items.
 * Wired in one place, ./media-library-slot.tsx.
 */
export type OpenLibrary = (onSelect: (items: MediaRef[]) => void) => void;

type Props = {
  label: string;
  value: MediaRef | null;
  onChange: (value: MediaRef | null) => void;
  error?: string;
  onOpenLibrary?: OpenLibrary;
  setStatus: (status: Status) => void;
};

export function ImageField({ label, value, onChange, error, onOpenLibrary, setStatus }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useEditPost("/admin/edit/upload");
  const [over, setOver] = useState(false);
  useAnswerMessage(upload, setStatus, "editing.toolbar.uploaded");
  const answer = upload.answer;
  useEffect(() => {
    if (upload.state === "idle" && answer?.ok && Array.isArray(answer.items) && answer.items[0]) onChange(answer.items[0] as MediaRef);
    // Only a new answer sets the picture.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, upload.state]);
  const send = (files: FileList | null) => {
    if (files && files.length > 0) upload.submit({ files: [...files].slice(0, 20) });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };
  return (
    <fieldset className="space-y-2" data-testid="image-field">
      <legend className="font-semibold">{label}</legend>
      {value ? (
        <img
          src={mediaUrl(value, "thumbnail")}
          alt={value.alt}
          width={50}
          height={50}
          className="rounded border"
          data-testid="image-field-current"
        />
      ) : (
        <p className="text-sm text-slate-600">{t("editing.image.none")}</p>
      )}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`rounded border-2 border-dashed p-3 text-sm ${over ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
      >
        <label htmlFor={id} className="block">
          {t("editing.image.drop")}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="mt-2 block w-full text-sm"
          onChange={(event) => send(event.target.files)}
          aria-label={t("editing.image.choose")}
        />
      </div>
      <div className="flex gap-2">
        {onOpenLibrary ? (
          <Button size="sm" variant="secondary" type="button" onClick={() => onOpenLibrary((items) => items[0] && onChange(items[0]))}>
            {t("editing.image.library")}
          </Button>
        ) : null}
        {value ? (
          <Button size="sm" variant="ghost" type="button" onClick={() => onChange(null)}>
            {t("editing.image.remove")}
          </Button>
        ) : null}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
