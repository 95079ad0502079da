import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/.server/db/client.server";
import { PAYMENT_GATEWAYS, type PaymentGateway } from "~/.server/db/schema";
import { isLocale } from "~/lib/locales";
import { getCurrentUser } from "~/modules/account/user.server";
import { createTestOrder } from "~/modules/payment/test-provider/test-orders.server";
import { requireTestProvider } from "~/modules/payment/test-provider/test-provider.server";

/**
 * Test fixture, only where the test provider is on (docs/decisions/0012): places a demo
 * order for the signed-in customer, so browser tests and demos reach the order pages and
 * the card flow without walking through checkout (the embedded database cannot be opened
 * from the test process while the shop runs).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestProvider();
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ ok: false }, { status: 401 });
  const form = await request.formData().catch(() => null);
  const gateway = String(form?.get("gateway") ?? "card");
  const locale = String(form?.get("locale") ?? "hr");
  if (!(PAYMENT_GATEWAYS as readonly string[]).includes(gateway) || !isLocale(locale)) return Response.json({ ok: false }, { status: 400 });
  const order = await createTestOrder(await getDb(), { userId: user.id, email: user.email, gateway: gateway as PaymentGateway, locale });
  return Response.json({ ok: true, ...order });
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
