import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { media, orderItems, orders, products, users } from "~/.server/db/schema";
import { readSignedToken, signedToken } from "~/.server/auth/signed-token.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { checkoutSettings } from "~/modules/site/checkout-settings.server";
import { sendMail, type OutboxMail, wakeMailRelay } from "~/modules/mail/mail.server";
import { channelOf, outstandingCents, recordMoney, type MoneyEntry, type MoneyRecorded } from "~/modules/payment/ledger.server";

/**
 * E-product delivery by link (spec §1 checkout settings, docs/decisions/0030).
 * Once an order is paid, each of its e-product lines with a file gets a download link:
 * /preuzimanje/{token}, the token naming the order line and the moment the link expires
 * (paidAt + eProductLinkDays), signed with the session secret. The link is sent by mail and
 * shown on the order page; routes/account/download.ts serves the file only to the order's customer.
 */
export const DEFAULT_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Download = { itemId: number; name: string; path: string; expiresAt: Date; expired: boolean };

const DOWNLOAD = "e-product-download";

export function downloadToken(itemId: number, expiresAt: Date): string {
  return signedToken(DOWNLOAD, [String(itemId), String(Math.floor(expiresAt.getTime() / 1000))]);
}

/** The order line and expiry a token names when its signature checks out (any secret in rotation), else null. */
export function readDownloadToken(token: string): { itemId: number; expiresAt: Date } | null {
  const fields = readSignedToken(DOWNLOAD, token);
  if (!fields || fields.length !== 2 || !/^\d{1,9}$/.test(fields[0]) || !/^\d{1,12}$/.test(fields[1])) return null;
  return { itemId: Number(fields[0]), expiresAt: new Date(Number(fields[1]) * 1000) };
}

export async function linkDays(db: Executor): Promise<number> {
  const days = (await checkoutSettings(db)).eProductLinkDays;
  return typeof days === "number" && days > 0 ? days : DEFAULT_LINK_DAYS;
}

type OrderRow = typeof orders.$inferSelect;

/** The download links of a paid order (none before payment). */
export async function orderDownloads(
  order: Pick<OrderRow, "id" | "locale" | "paymentStatus" | "paidAt">,
  db?: Executor,
): Promise<Download[]> {
  if (order.paymentStatus !== "paid" || !order.paidAt) return [];
  const executor = db ?? (await getDb());
  const lines = await executor
    .select({ id: orderItems.id, name: orderItems.name })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, order.id), eq(products.format, "e-product")))
    .orderBy(asc(orderItems.position));
  const withFile = lines.length
    ? await filesOf(
        executor,
        lines.map((l) => l.id),
      )
    : new Map<number, unknown>();
  const expiresAt = new Date(order.paidAt.getTime() + (await linkDays(executor)) * DAY_MS);
  const expired = expiresAt.getTime() <= Date.now();
  return lines
    .filter((l) => withFile.has(l.id))
    .map((l) => ({
      itemId: l.id,
      name: l.name,
      path: href("download", order.locale as Locale, { token: downloadToken(l.id, expiresAt) }),
      expiresAt,
      expired,
    }));
}

/** The file of each e-product order line that has one. */
async function filesOf(db: Executor, itemIds: number[]) {
  const rows = await db
    .select({ itemId: orderItems.id, path: media.path, mime: media.mime, name: media.originalName, size: media.size })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(media, eq(media.id, products.eProductMediaId))
    .where(inArray(orderItems.id, itemIds));
  return new Map(rows.map((r) => [r.itemId, r]));
}

/** What the download route needs for one order line: the order's owner and payment, and the file. */
export async function downloadOf(itemId: number) {
  const db = await getDb();
  const [line] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId));
  if (!line) return null;
  const [row] = await db
    .select({ order: orders, guest: users.isGuest })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, line.orderId));
  const file = (await filesOf(db, [itemId])).get(itemId);
  return row && file ? { order: row.order, ownerIsGuest: row.guest === true, file } : null;
}

/** The mail with the download links, sent when the order becomes paid (card: at once; bank transfer: when marked paid). */
export async function sendDownloadLinks(orderId: number, origin: string, tx?: Executor) {
  const db = tx ?? (await getDb());
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const downloads = await orderDownloads(order, db);
  if (downloads.length === 0) return null;
  const locale = order.locale as Locale;
  const t = await getFixedT(locale);
  const until = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Zagreb" }).format(
    downloads[0].expiresAt,
  );
  const links = downloads.map((d) => `${d.name}: ${origin}${d.path}`).join("\n");
  const text = [
    t("checkout.downloads.mailLead", { slug: order.slug }),
    "",
    links,
    "",
    t("checkout.downloads.validUntil", { date: until }),
    t("checkout.downloads.signInNote"),
  ].join("\n");
  const subject = t("checkout.downloads.mailSubject", { slug: order.slug });
  const template = { locale, values: { orderNumber: order.slug, downloads: links, validUntil: until } };
  const mail = await sendMail({ kind: "eProductDownload", to: order.email, subject, text, orderId: order.id, template }, tx);
  return mail;
}

/**
 * THE one place an order is paid by hand (the bank transfer arrived, the courier brought the
 * cash; the backoffice's "paid" and "delivered" moves, decision 0039): inside the caller's
 * transaction, the money goes into the order's ledger (payment/ledger.server.ts) and, when
 * that makes the order paid in full, the download links' mail is written to the outbox. A
 * part of the total leaves the order awaiting the rest. The caller delivers the mail after its commit.
 */
export async function payOrder(
  tx: Executor,
  orderId: number,
  origin: string,
  received: Omit<MoneyEntry, "kind">,
): Promise<MoneyRecorded & { mail: OutboxMail | null }> {
  const recorded = await recordMoney(tx, orderId, { ...received, kind: "payment" });
  return { ...recorded, mail: recorded.becamePaid ? await sendDownloadLinks(orderId, origin, tx) : null };
}

/** Marks an order paid in full in a transaction of its own and sends its download links; false when nothing was owed. */
export async function markOrderPaid(orderId: number, origin: string) {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.paymentStatus === "paid" || outstandingCents(order) === 0) return null;
    return payOrder(tx, orderId, origin, { amountCents: outstandingCents(order), channel: channelOf(order.paymentGateway) });
  });
  if (result?.mail) wakeMailRelay();
  return result?.becamePaid ?? false;
}

/** The order page's downloads: the links once paid, or that links will come after payment. */
export async function downloadsView(order: {
  id: number;
  locale: string;
  paymentStatus: OrderRow["paymentStatus"];
  paidAt: string | null;
}) {
  const db = await getDb();
  const links = await orderDownloads({ ...order, paidAt: order.paidAt ? new Date(order.paidAt) : null }, db);
  if (links.length)
    return {
      pending: false,
      links: links.map((d) => ({ name: d.name, href: d.path, expiresAt: d.expiresAt.toISOString(), expired: d.expired })),
    };
  const [line] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, order.id), eq(products.format, "e-product")))
    .limit(1);
  return { pending: Boolean(line) && order.paymentStatus !== "paid", links: [] };
}
export type DownloadsView = Awaited<ReturnType<typeof downloadsView>>;
