import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/.server/env.server";
import { sendDownloadLinks } from "~/modules/order/downloads.server";
import { settleCardPayment } from "~/modules/payment/card/card-settlement.server";

/**
 * The card provider's server-to-server callback (decision 0012): a signed form post, no
 * CSRF token (the signature is the proof). Answers 200 once the answer is recorded (also
 * for a repeated one, which changes nothing), 400 for a bad signature.
 */
export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ ok: false }, { status: 400 });
  }
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const settled = await settleCardPayment(fields, "callback");
  if (!settled) return Response.json({ ok: false, error: "bad signature" }, { status: 400 });
  // Paid now: an e-product's download links go out at once (decision 0030).
  if (settled.becamePaid) await sendDownloadLinks(settled.orderId, env.PUBLIC_URL);
  return Response.json({ ok: true, paymentStatus: settled.paymentStatus });
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
