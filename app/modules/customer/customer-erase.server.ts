import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { getDb, type Executor } from "~/.server/db/client.server";
import {
  accountTokens,
  addresses,
  carts,
  comments,
  consentLogs,
  enquiryReplies,
  formSubmissions,
  loginFailures,
  mailOutbox,
  newsletterSubscribers,
  orders,
  priceEnquiries,
  sessions,
  users,
  wishlistEntries,
  type OrderAddress,
} from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { throttleKey } from "~/modules/account/login-throttle.server";
import { SITE_ID } from "~/modules/kernel/options";
import { erasedOrderEmail } from "~/modules/account/erased-email";
import { isOpenOrder } from "~/modules/order/order-states";
import { lockCustomer } from "./customer-admin.server";

/**
 * GDPR erasure (GDPR art. 17, decision 0040), in one transaction:
 * - it waits for the customer's open orders (received, shipped …): the shop still needs
 *   their name, street and phone to deliver them, so erasure is refused and says which;
 * - orders stay for the accounts (art. 17(3)(b): the law keeps invoices for eleven years)
 *   and keep what their issued invoice names as the buyer: a private buyer's name and
 *   street, a company's name, OIB and street, the place; everything else of the person goes
 *   (e-mail `obrisano-<id>@invalid`, phones and e-mails of both addresses, the delivery
 *   address's name and street, the delivery instructions and member card);
 * - carts that became orders lose their addresses the same way; the others are deleted;
 * - the account and everything hanging on it are deleted: addresses, wishlist, sessions,
 *   tokens, comments, the sign-in lock; so are the newsletter sign-up, price enquiries and
 *   form submissions (with the shop's replies) and mails sent to the e-mail;
 * - the consent log rows keep what was accepted when, without the e-mail.
 * The audit row names the customer's id and how many rows each step touched, no personal data.
 */
export type ErasureCounts = Record<
  | "orders"
  | "addresses"
  | "wishlist"
  | "sessions"
  | "tokens"
  | "carts"
  | "comments"
  | "newsletter"
  | "enquiries"
  | "submissions"
  | "consentLogs"
  | "mails",
  number
>;

export const erasureNotConfirmed = () =>
  new DomainError("erasureNotConfirmed", {
    message: "The typed e-mail is not the customer's",
    key: "adminCustomers.erase.mismatch",
    field: "confirmEmail",
  });

/** `key`: the backoffice's wording about "the customer" by default; the customer's own erasure says "you". */
export const erasureWaitsForOrders = (open: string[], key = "adminCustomers.erase.openOrders") =>
  new DomainError("erasureOpenOrders", {
    message: "The customer has open orders",
    key,
    values: { count: open.length, orders: open.join(", ") },
    status: 409,
  });

/**
 * An order's address as the accounts need it. The delivery address keeps only the place.
 * The billing address is the invoice's buyer and keeps what the invoice prints: a company's
 * name, OIB and street (a person's name beside it goes), a private buyer's name and street;
 * no e-mail or phone either way.
 */
export function anonymiseAddress(address: OrderAddress | null, role: "delivery" | "invoiceBuyer"): OrderAddress | null {
  if (!address) return null;
  const company = address.companyOib !== "" || address.companyName !== "";
  const keepName = role === "invoiceBuyer" && !company;
  const keepStreet = role === "invoiceBuyer" || company;
  return {
    ...address,
    firstName: keepName ? address.firstName : "",
    lastName: keepName ? address.lastName : "",
    contactEmail: "",
    contactPhone: "",
    street: keepStreet ? address.street : "",
    houseNumber: keepStreet ? address.houseNumber : "",
  };
}

export async function eraseCustomer(staff: Staff, id: number, input: { version: number; confirmEmail: string }): Promise<ErasureCounts> {
  const db = await getDb();
  const counts = await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    checkVersion(customer.version, input.version);
    if (input.confirmEmail.trim().toLowerCase() !== customer.email) throw erasureNotConfirmed();
    return eraseLocked(tx, staff, customer);
  });
  await customersChanged();
  return counts;
}

/**
 * The customer's own erasure (the headless API's account deletion, decision 0127): the same
 * rules and steps as the backoffice's. The caller has checked the password. The audit row
 * names no actor's e-mail, since that is the very e-mail being erased.
 */
export async function eraseOwnAccount(userId: number): Promise<ErasureCounts> {
  const db = await getDb();
  const counts = await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, userId);
    return eraseLocked(tx, { id: userId, email: SELF_ERASURE_ACTOR }, customer, "account.erase.openOrders");
  });
  await customersChanged();
  return counts;
}

/** What the audit log shows as the actor of a customer's own erasure. */
export const SELF_ERASURE_ACTOR = "customer (self-service)";

/** The customer's open orders (by number) that keep their data in the shop; erasure waits for them. */
async function openOrdersOf(tx: Executor, id: number): Promise<string[]> {
  const rows = await tx.select({ slug: orders.slug, status: orders.status }).from(orders).where(eq(orders.userId, id)).orderBy(orders.id);
  return rows.filter((order) => isOpenOrder(order.status)).map((order) => order.slug);
}

async function eraseLocked(
  tx: Executor,
  actor: Pick<Staff, "id" | "email">,
  customer: { id: number; email: string },
  openOrdersKey?: string,
) {
  const id = customer.id;
  const open = await openOrdersOf(tx, id);
  if (open.length > 0) throw erasureWaitsForOrders(open, openOrdersKey);
  const email = customer.email;
  const counts: ErasureCounts = {
    orders: await anonymiseOrders(tx, id),
    carts: await eraseCarts(tx, id),
    addresses: await removed(tx.delete(addresses).where(eq(addresses.userId, id)).returning({ id: addresses.id })),
    wishlist: await removed(tx.delete(wishlistEntries).where(eq(wishlistEntries.userId, id)).returning({ id: wishlistEntries.id })),
    sessions: await removed(tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })),
    tokens: await removed(tx.delete(accountTokens).where(eq(accountTokens.userId, id)).returning({ id: accountTokens.id })),
    comments: await removed(tx.delete(comments).where(eq(comments.userId, id)).returning({ id: comments.id })),
    newsletter: await removed(
      tx
        .delete(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.siteId, SITE_ID), eq(newsletterSubscribers.email, email)))
        .returning({ id: newsletterSubscribers.id }),
    ),
    enquiries: await eraseCorrespondence(tx, "enquiry", email),
    submissions: await eraseCorrespondence(tx, "submission", email),
    consentLogs: await removed(
      tx
        .update(consentLogs)
        .set({ email: null })
        .where(and(eq(consentLogs.siteId, SITE_ID), eq(consentLogs.email, email)))
        .returning({ id: consentLogs.id }),
    ),
    mails: await removed(tx.delete(mailOutbox).where(eq(mailOutbox.to, email)).returning({ id: mailOutbox.id })),
  };
  await tx.delete(loginFailures).where(eq(loginFailures.key, throttleKey(email)));
  await tx.delete(users).where(eq(users.id, id));
  await recordAudit(tx, actor, { entity: "customer", entityId: id, action: "erase", after: counts });
  return counts;
}

async function removed(rows: Promise<unknown[]>): Promise<number> {
  return (await rows).length;
}

async function anonymiseOrders(tx: Executor, userId: number): Promise<number> {
  const rows = await tx
    .select({ id: orders.id, delivery: orders.deliveryAddress, billing: orders.billingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .for("update");
  for (const row of rows) {
    await tx
      .update(orders)
      .set({
        email: erasedOrderEmail(row.id),
        userId: null,
        deliveryAddress: anonymiseAddress(row.delivery, "delivery")!,
        billingAddress: anonymiseAddress(row.billing, "invoiceBuyer")!,
        instructions: "",
        memberCardBarcode: null,
        version: sql`${orders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
  }
  return rows.length;
}

/** Carts never ordered are deleted; an ordered one keeps its lines for the order but loses the person. */
async function eraseCarts(tx: Executor, userId: number): Promise<number> {
  const open = await tx
    .delete(carts)
    .where(
      and(
        eq(carts.userId, userId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.cartId, carts.id)),
        ),
      ),
    )
    .returning({ id: carts.id });
  const ordered = await tx
    .select({ id: carts.id, delivery: carts.deliveryAddress, billing: carts.billingAddress })
    .from(carts)
    .where(eq(carts.userId, userId));
  for (const cart of ordered) {
    await tx
      .update(carts)
      .set({
        userId: null,
        deliveryAddress: anonymiseAddress(cart.delivery, "delivery"),
        billingAddress: anonymiseAddress(cart.billing, "invoiceBuyer"),
        instructions: "",
        memberCardBarcode: null,
      })
      .where(eq(carts.id, cart.id));
  }
  return open.length + ordered.length;
}

/** Price enquiries or form submissions sent with the e-mail, and the shop's replies to them. */
async function eraseCorrespondence(tx: Executor, source: "enquiry" | "submission", email: string): Promise<number> {
  const table = source === "enquiry" ? priceEnquiries : formSubmissions;
  const rows = await tx
    .delete(table)
    .where(and(eq(table.siteId, SITE_ID), eq(table.email, email)))
    .returning({ id: table.id });
  if (rows.length > 0)
    await tx.delete(enquiryReplies).where(
      and(
        eq(enquiryReplies.source, source),
        inArray(
          enquiryReplies.sourceId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return rows.length;
}
