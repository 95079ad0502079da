import { usePageEdit } from "./use-edit-post";

/** The note's texts, translated on the server (edit-mode-layout.server.ts). */
export type EditModeNoteText = { text: string; previewLink: string };

/**
 * What the server renders of edit mode (decision 0051): where the toolbar will be, the
 * note that in-place editing needs JavaScript. Not a <noscript>: the editor's chunk
 * (./edit-mode.tsx) renders this same note first, so it hydrates this markup, and replaces
 * it with the toolbar once it runs; without JavaScript it simply stays. A module of its
 * own with nothing else in it: the site layout imports it statically for the server only.
 * A page with a draft in this language also gets the way to its preview link, which works
 * without JavaScript (decision 0124).
 */
export function EditModeNote({ noScript }: { noScript: EditModeNoteText }) {
  const { edit } = usePageEdit();
  const previewLink = edit?.draft
    ? `/admin/edit/preview-link?${new URLSearchParams({ pageId: String(edit.pageId), lng: edit.languageCode })}`
    : null;
  return (
    <p
      role="note"
      data-testid="edit-mode-note"
      className="fixed inset-x-0 bottom-0 z-[45] border-t-4 border-amber-400 bg-slate-900 px-4 py-3 text-sm text-white"
    >
      {noScript.text}
      {previewLink ? (
        <>
          {" "}
          <a href={previewLink} className="font-semibold underline" data-testid="edit-mode-note-preview-link">
            {noScript.previewLink}
          </a>
        </>
      ) : null}
    </p>
  );
}
