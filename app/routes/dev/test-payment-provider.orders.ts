import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { PAYMENT_GATEWAYS } from "~/.server/db/schema";
import { LOCALES } from "~/lib/locales";
import { getCurrentUser } from "~/.server/shopper.server";
import { createTestOrder } from "~/modules/payment/test-provider/test-orders.server";
import { requireTestProvider } from "~/routes/http/test-provider.server";

const demoOrderSchema = z.object({ gateway: z.enum(PAYMENT_GATEWAYS).default("card"), locale: z.enum(LOCALES).default("hr") });

/**
 * Test fixture, only where the test provider is on (docs/decisions/0072): places a demo
 * order for the signed-in customer, so browser tests and demos reach the order pages and
 * the card flow without walking through checkout (the embedded database cannot be opened
 * from the test process while the shop runs).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestProvider();
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ ok: false }, { status: 401 });
  const form = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(form, { schema: demoOrderSchema });
  if (submission.status !== "success") return Response.json({ ok: false }, { status: 400 });
  const { gateway, locale } = submission.value;
  const order = await createTestOrder(await getDb(), { userId: user.id, email: user.email, gateway, locale });
  return Response.json({ ok: true, ...order });
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
