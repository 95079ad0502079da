import { lazy, Suspense, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import type { MediaLibrarySelection } from "./media-library-dialog";

// The dialog's code loads when it is first opened (DESIGN.md: dialogs load when needed).
const MediaLibraryDialog = lazy(() => import("./media-library-dialog").then((m) => ({ default: m.MediaLibraryDialog })));

/**
 * "Get a picture's address" on /admin/media: the editor's media dialog (browse, upload, edit,
 * pick) opened from the library itself, showing the addresses of what was picked, to paste
 * where a picture is linked by URL. JavaScript only; without it the grid links every file's page.
 */
export function MediaPickerButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<MediaLibrarySelection[]>([]);
  if (!hydrated) return null;
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t("adminMedia.picker.open")}
      </Button>
      {picked.length ? (
        <ul className="space-y-1 text-xs" data-testid="media-picked" aria-label={t("adminMedia.picker.picked")}>
          {picked.map((item) => (
            <li key={item.driveId}>
              <span className="font-semibold">{item.title}</span> <code className="break-all">{mediaUrl(item, "large")}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <MediaLibraryDialog open={open} onOpenChange={setOpen} multiple onSelect={setPicked} />
        </Suspense>
      ) : null}
    </div>
  );
}
