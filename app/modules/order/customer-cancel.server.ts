import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { orders } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { SITE_ID } from "~/modules/kernel/options";
import { moveOrder } from "./order-admin.server";
import { shipmentsOf } from "./order-parts.server";
import { customerCancelRefusal, type CustomerCancelRefusal } from "./order-states";

/**
 * The customer cancelling their own order (decision 0126): the backoffice's cancel move
 * itself (moveOrder: the lock, the state machine, stock and coupon given back, the storno
 * of the invoice, the customer's mail, the audit row with the customer as the actor), asked
 * first whether the customer may (customerCancelRefusal). Another customer's order is not
 * found, never "not yours".
 */
type OrderRow = typeof orders.$inferSelect;
type Customer = { id: number; email: string };

/** The refusal's words (the API's message; the interface shows the key `orders.cancel.refused.<why>`). */
const REFUSALS: Record<CustomerCancelRefusal, string> = {
  closed: "The order can no longer be cancelled",
  shipped: "The order has already been shipped",
  paid: "The order has already been paid; ask the shop to cancel it",
};

export const CUSTOMER_CANCEL_REFUSALS = Object.values(REFUSALS);

function refused(why: CustomerCancelRefusal) {
  return new DomainError("cancelRefused", { message: REFUSALS[why], key: `orders.cancel.refused.${why}`, status: 409 });
}

const orderNotFound = () => new DomainError("orderNotFound", { message: "Order not found", key: "orders.notFound", status: 404 });

/** Why the customer may not cancel the order now (null: they may). */
export async function customerCancelState(order: OrderRow, executor?: Executor): Promise<CustomerCancelRefusal | null> {
  const parcels = (await shipmentsOf(executor ?? (await getDb()), order.id)).length;
  return customerCancelRefusal(order, parcels);
}

/** The customer's order by its number, or null. */
async function ownOrder(userId: number, slug: string): Promise<OrderRow | null> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, SITE_ID), eq(orders.userId, userId), eq(orders.slug, slug)));
  return order ?? null;
}

/**
 * Cancels the customer's order when they may; throws 404 for an order that is not theirs
 * and 409 with the reason otherwise. `note`: the customer's own words, kept with the
 * reason the storno and the backoffice show.
 */
export async function cancelOwnOrder(customer: Customer, slug: string, note = ""): Promise<OrderRow> {
  const order = await ownOrder(customer.id, slug);
  if (!order) throw orderNotFound();
  const t = await getFixedT(order.locale as Locale);
  const byCustomer = t("orders.cancel.byCustomer");
  const reason = note.trim() ? `${byCustomer}: ${note.trim()}` : byCustomer;
  const result = await moveOrder(
    customer,
    order.id,
    { intent: "cancel", version: order.version, reason },
    {
      // Documents the cancel issues name no staff member: the shop issues them.
      operator: null,
      refuse: async (tx, before) => {
        if (before.userId !== customer.id) throw orderNotFound();
        const why = await customerCancelState(before, tx);
        if (why) throw refused(why);
      },
    },
  );
  return result.order;
}
