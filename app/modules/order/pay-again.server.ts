import { and, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import type { PaymentStart } from "~/modules/payment/gateway.server";
import { startPayment } from "~/modules/payment/payment.server";
import { awaitsPayment } from "./order-states";

/**
 * "Pay now" for an unpaid card order of this customer (order detail page): null when the
 * order is not theirs, not a card order, already paid (or refunded) or cancelled.
 */
export async function restartCardPayment(userId: number, slug: string, origin: string): Promise<PaymentStart | null> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.slug, slug)));
  if (!order || order.paymentGateway !== "card" || !awaitsPayment(order)) return null;
  return startPayment(
    "card",
    {
      id: order.id,
      slug: order.slug,
      orderTotalCents: order.orderTotalCents,
      currencyLabel: order.currencyLabel,
      email: order.email,
      locale: order.locale as Locale,
    },
    origin,
  );
}
