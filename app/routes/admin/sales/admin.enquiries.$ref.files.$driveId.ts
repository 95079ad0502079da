import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { requireStaff } from "~/routes/http/staff.server";
import { submittedFile } from "~/modules/forms/submitted-files.server";
import { fileResponse } from "~/routes/http/download.server";
import { parseInboxRef } from "~/modules/enquiry/inbox-ref";
import { requestLocale } from "~/.server/shopper.server";

/**
 * A file a shopper sent with a form (spec §5 public uploads, decision 0078): stored
 * private, so only staff who read the inbox get it, and only through the submission it
 * came with (a file of another submission, or any other private media, is a 404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const ref = parseInboxRef(params.ref);
  const file = ref?.source === "submission" ? await submittedFile(ref.id, params.driveId ?? "") : null;
  if (!file) {
    const t = await getFixedT(requestLocale(request).locale, ["adminEnquiries"]);
    throw data({ detail: t("adminEnquiries.notFound") }, { status: 404 });
  }
  return fileResponse(file);
}
