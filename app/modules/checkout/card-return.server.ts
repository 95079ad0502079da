import { env } from "~/.server/env.server";
import { sendDownloadLinks } from "~/modules/order/downloads.server";
import { settleCardPayment } from "~/modules/payment/card/card-settlement.server";

/**
 * The card provider's answer as the shopper brings it back (pgSuccess of spec §7): the
 * card return page and the API's order/pgSuccess both take it here. Settled (null: a bad
 * signature, nothing changed); when it made the order paid, an e-product's download links
 * go out at once (decision 0030).
 */
export async function settleCardReturn(source: URLSearchParams | Record<string, unknown>, orderId: number) {
  const settled = await settleCardPayment(source, "return", orderId);
  if (settled?.becamePaid) await sendDownloadLinks(settled.orderId, env.PUBLIC_URL);
  return settled;
}
