import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EditModeNoteText } from "./ui/edit-mode-note";

/**
 * What the site layout shows an editor in edit mode (decision 0051): the message for
 * browsers without JavaScript, translated here (it is what the layout gets), so shoppers'
 * pages carry none of it. `previewLink` names the screen that makes a draft's preview link
 * without JavaScript (decision 0124).
 */
export async function editModeNoScript(locale: Locale): Promise<EditModeNoteText> {
  const t = await getFixedT(locale);
  return { text: t("editing.noScript"), previewLink: t("editing.previewLink.noScript") };
}
