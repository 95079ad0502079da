/**
 * What the server renders of edit mode (decision 0051): where the toolbar will be, the
 * note that in-place editing needs JavaScript. Not a <noscript>: the editor's chunk
 * (./edit-mode.tsx) renders this same note first, so it hydrates this markup, and replaces
 * it with the toolbar once it runs; without JavaScript it simply stays. A module of its
 * own with nothing else in it: the site layout imports it statically for the server only.
 */
export function EditModeNote({ noScript }: { noScript: string }) {
  return (
    <p
      role="note"
      data-testid="edit-mode-note"
      className="fixed inset-x-0 bottom-0 z-[45] border-t-4 border-amber-400 bg-slate-900 px-4 py-3 text-sm text-white"
    >
      {noScript}
    </p>
  );
}
