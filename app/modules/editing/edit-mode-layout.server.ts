import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { editorOf, isMobileView } from "./edit-mode.server";

/**
 * What the site layout needs of edit mode (decision 0051): null for everyone but an editor on
 * `?editPage=true`, and also null in the phone preview (`mobileView=true`, the page inside
 * the editor's 390 px frame shows the draft without a second toolbar). The message for
 * browsers without JavaScript is translated here (it is what this returns), so shoppers'
 * pages carry none of it.
 */
export async function editModeOf(request: Request, locale: Locale) {
  if (isMobileView(request)) return null;
  const editor = await editorOf(request);
  if (!editor) return null;
  const t = await getFixedT(locale);
  return t("editing.noScript");
}
