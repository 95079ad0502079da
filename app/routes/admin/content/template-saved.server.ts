import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import type { Toast } from "~/.server/toast.server";
import type { RemovedKind } from "~/modules/kernel/sanitize.server";

/**
 * The toast after a template save: plain success, or a warning naming what the allow-list
 * removed (scripts, event handlers, styles...), so nothing disappears without a word.
 * `key` is the success message; its `...Removed` twin carries the list.
 */
export async function savedToast(
  request: Request,
  key: "adminTemplates.done.save" | "adminTemplates.done.product",
  removed: RemovedKind[],
) {
  if (removed.length === 0) return { type: "success", key } satisfies Toast;
  const t = await getFixedT(requestLocale(request).locale, ["adminTemplates"]);
  const list = removed.map((kind) => t(`adminTemplates.removed.${kind}`)).join(", ");
  return {
    type: "warning",
    key: key === "adminTemplates.done.save" ? "adminTemplates.done.saveRemoved" : "adminTemplates.done.productRemoved",
    values: { removed: list },
  } satisfies Toast;
}
