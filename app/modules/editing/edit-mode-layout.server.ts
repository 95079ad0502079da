import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";

/**
 * What the site layout shows an editor in edit mode (decision 0051): the message for
 * browsers without JavaScript, translated here (it is what the layout gets), so shoppers'
 * pages carry none of it.
 */
export async function editModeNoScript(locale: Locale): Promise<string> {
  const t = await getFixedT(locale);
  return t("editing.noScript");
}
