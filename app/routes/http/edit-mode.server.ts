import type { Locale } from "~/lib/locales";
import { getCurrentUser } from "~/.server/shopper.server";
import { isPageEditor } from "~/modules/editing/edit-mode.server";
import { editModeNoScript } from "~/modules/editing/edit-mode-layout.server";

/**
 * The page's editor on `?editPage=true` (spec §4, DESIGN.md "Edit mode"), or null. The
 * session is read only when the query asks for it, so shoppers' pages cost nothing more.
 */
export async function editorOf(request: Request) {
  const url = new URL(request.url);
  if (url.searchParams.get("editPage") !== "true") return null;
  const user = await getCurrentUser(request);
  return isPageEditor(user) ? user : null;
}

/** Whether the page is shown for a phone preview (spec §4 "mobileView=true marks mobile rendering"). */
export const isMobileView = (request: Request) => new URL(request.url).searchParams.get("mobileView") === "true";

/**
 * What the site layout needs of edit mode (decision 0051): null for everyone but an editor on
 * `?editPage=true`, and also null in the phone preview (`mobileView=true`, the page inside
 * the editor's 390 px frame shows the draft without a second toolbar).
 */
export async function editModeOf(request: Request, locale: Locale) {
  if (isMobileView(request)) return null;
  const editor = await editorOf(request);
  if (!editor) return null;
  return editModeNoScript(locale);
}
