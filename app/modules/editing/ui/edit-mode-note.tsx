/**
 * What the server renders of edit mode (issue 16 item 10): the note that in-place editing
 * needs JavaScript. In the browser the editor's chunk (./edit-mode.tsx) renders the same
 * note first, so it hydrates this markup, and then starts the editor. A module of its own
 * with nothing else in it: the site layout imports it statically for the server only.
 */
export function EditModeNote({ noScript }: { noScript: string }) {
  return <noscript>{noScript}</noscript>;
}
