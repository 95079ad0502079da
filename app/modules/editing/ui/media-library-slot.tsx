import { useRef, useState } from "react";
import type { MediaRef } from "~/lib/media";
import { LOCALE_LANGUAGE_CODE, LOCALES } from "~/lib/locales";
import { MediaLibraryDialog } from "~/modules/media-library/media-library-dialog";
import type { OpenLibrary } from "./image-field";

/**
 * Where the in-page editor opens the media library (spec §2 modal "media";
 * decision 0052). One dialog per panel: `onOpenLibrary` opens it and hands the chosen items
 * to the field that asked; titles and alt texts are picked in the language being edited.
 */
export function useMediaLibrary(languageCode: string): { onOpenLibrary: OpenLibrary; libraryDialog: React.ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<((items: MediaRef[]) => void) | null>(null);
  const lang = LOCALES.find((locale) => LOCALE_LANGUAGE_CODE[locale] === languageCode) ?? "hr";
  const onOpenLibrary: OpenLibrary = (onSelect) => {
    pending.current = onSelect;
    setOpen(true);
  };
  const libraryDialog = (
    <MediaLibraryDialog
      open={open}
      onOpenChange={setOpen}
      lang={lang}
      onSelect={(items) => {
        pending.current?.(items);
        pending.current = null;
        setOpen(false);
      }}
    />
  );
  return { onOpenLibrary, libraryDialog };
}
