import { data } from "@remix-run/node";
import { hasErrorCode } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import { INT4_MAX } from "~/lib/schema-fields";
import { requestLocale } from "~/.server/shopper.server";

/** The customer screens' 404 (an unknown id, a backoffice user's id, not a number), translated. */
async function notFound(request: Request): Promise<never> {
  const t = await getFixedT(requestLocale(request).locale, ["adminCustomers"]);
  throw data({ detail: t("adminCustomers.notFound") }, { status: 404 });
}

/** The customer id of the URL (/admin/customers/:id): anything but a row id is the screen's 404. */
export async function customerIdOf(request: Request, param: string | undefined): Promise<number> {
  const id = Number(param);
  if (/^[1-9]\d{0,9}$/.test(param ?? "") && id <= INT4_MAX) return id;
  return notFound(request);
}

/** What a loader reads about a customer, or the screen's 404 when there is no such customer. */
export async function orNotFound<T>(request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (hasErrorCode(error, "customerNotFound")) return notFound(request);
    throw error;
  }
}
