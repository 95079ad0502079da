import type { OpenLibrary } from "./image-field";

/**
 * Where the in-page editor opens the media library (spec §2 modal "media"). The media
 * library dialog is built beside this editor (issue 16 item 7: MediaLibraryDialog with
 * props open, onOpenChange, multiple?, onSelect(items: {driveId,title,alt,width,height,version}[])).
 * Wire it here: keep the dialog's open state in this hook, render the dialog from
 * `libraryDialog`, and return an `onOpenLibrary` that opens it and hands the chosen items
 * to the callback. Until then image fields offer upload only (no library button).
 */
export function useMediaLibrary(): { onOpenLibrary: OpenLibrary | undefined; libraryDialog: React.ReactNode } {
  return { onOpenLibrary: undefined, libraryDialog: null };
}
