import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { SecureFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { MediaDialogItem } from "./media-dialog.server";

export type DialogAnswer = { ok: true; items: MediaDialogItem[] } | { ok: false; message: string };

/**
 * The "edit media" sub-dialog of the media library dialog (spec §2 modal "edit media"):
 * title and alt text per language, Croatian first and required; posts to
 * /admin/media/library.json with the revision it showed, so a stale edit is refused.
 */
export function MediaEditDialog({
  item,
  lang,
  onClose,
  onSaved,
}: {
  item: MediaDialogItem | null;
  lang: string;
  onClose: () => void;
  onSaved: (item: MediaDialogItem) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<DialogAnswer>();
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok && answer.items[0]?.id === item?.id) onSaved(answer.items[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer, fetcher.state]);
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("adminMedia.dialog.editTitle")}
      closeLabel={t("adminMedia.dialog.close")}
      testId="media-edit-dialog"
    >
      {item ? (
        <SecureFetcherForm
          fetcher={fetcher}
          action={`/admin/media/library.json?lang=${lang}`}
          className="space-y-3"
          key={`${item.id}-${item.revision}`}
        >
          <input type="hidden" name="intent" value="texts" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="revision" value={item.revision} />
          {LOCALES.map((l) => (
            <fieldset key={l} className="space-y-2 rounded border border-slate-200 p-3" lang={l}>
              <legend className="px-1 text-sm font-semibold">{t(`admin.languages.${l}`)}</legend>
              <label className="flex flex-col gap-1 text-sm">
                {t("adminMedia.fields.title")}
                <input
                  name={`texts.${l}.title`}
                  defaultValue={item.texts[l].title}
                  required={l === "hr"}
                  maxLength={200}
                  className="rounded border border-slate-300 px-2 py-1"
                />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                {t("adminMedia.fields.alt")}
                <input
                  name={`texts.${l}.alt`}
                  defaultValue={item.texts[l].alt}
                  maxLength={300}
                  className="rounded border border-slate-300 px-2 py-1"
                />
              </label>
            </fieldset>
          ))}
          {answer && !answer.ok ? (
            <p role="alert" className="text-sm text-red-700">
              {answer.message}
            </p>
          ) : null}
          <Button pending={fetcher.state !== "idle"}>{t("adminMedia.save")}</Button>
        </SecureFetcherForm>
      ) : null}
    </Dialog>
  );
}
