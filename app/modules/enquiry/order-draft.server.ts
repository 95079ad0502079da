import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { priceEnquiries, products, users, type OrderAddress } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { formatPrice } from "~/lib/format";
import { isLocale, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { computeTotals, DEFAULT_TAX_RATE_BP } from "~/modules/cart/cart-totals";
import { sendMail, wakeMailRelay } from "~/modules/mail/mail.server";
import { offerToken } from "~/modules/order/order-offer-token.server";
import { nextOrderNumber } from "~/modules/order/place-order.server";
import { stockLinesOf, writeOrder, type OrderLine } from "~/modules/order/order-writer.server";
import { stockNeeds, takeStock } from "~/modules/order/order-stock.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * A request-quote cart becomes an order the customer pays (docs/decisions/0076):
 * the staff member prices each line and the delivery; one transaction numbers an order from
 * checkout's yearly counter (nextOrderNumber), writes it as a draft (status "draft", payment
 * pending, no payment method yet: the customer picks it) with its item snapshots and totals
 * by the cart's totals engine (computeTotals: the same VAT rules as checkout), links it to the
 * enquiry, marks the enquiry answered, audits it and mails the customer the offer's link
 * (signed token, so no account is needed). The customer's page is routes/checkout/order-offer.tsx.
 */
export type DraftInput = { version: number; prices: number[]; delivery: number };

const refused = (code: string, key: string) => new DomainError(code, { message: code, key, status: 409 });

export async function createOrderDraft(staff: Staff, enquiryId: number, input: DraftInput) {
  const db = await getDb();
  const [pre] = await db.select({ locale: priceEnquiries.locale }).from(priceEnquiries).where(eq(priceEnquiries.id, enquiryId));
  const locale: Locale = pre && isLocale(pre.locale) ? pre.locale : "hr";
  // Read before the transaction: PGlite runs one transaction at a time.
  const site = await getSiteContext(locale);
  const t = await getFixedT(locale);
  const order = await db.transaction(async (tx) => {
    const [enquiry] = await tx
      .select()
      .from(priceEnquiries)
      .where(and(eq(priceEnquiries.siteId, SITE_ID), eq(priceEnquiries.id, enquiryId)))
      .for("update");
    if (!enquiry) throw new DomainError("enquiryNotFound", { message: "Enquiry not found", key: "adminEnquiries.notFound", status: 404 });
    checkVersion(enquiry.version, input.version);
    const lines = enquiry.lines;
    if (!lines || lines.length === 0) throw refused("notAQuote", "adminEnquiries.draft.notAQuote");
    if (enquiry.orderId !== null) throw refused("draftExists", "adminEnquiries.draft.exists");
    if (input.prices.length !== lines.length) throw refused("pricesMissing", "adminEnquiries.draft.pricesMissing");

    const known = await tx
      .select({ id: products.id, taxRateBp: products.taxRateBp })
      .from(products)
      .where(inArray(products.id, [...new Set(lines.flatMap((l) => (l.variantId ? [l.productId, l.variantId] : [l.productId])))]));
    const taxOf = new Map(known.map((p) => [p.id, p.taxRateBp]));
    const totals = computeTotals({
      lines: lines.map((line, i) => ({
        itemId: String(i),
        productIds: [line.productId],
        quantity: line.quantity,
        // A line cut to a length is priced per running metre, as in the cart (decision 0028).
        lengthMm: line.lengthMm ?? null,
        priceCents: input.prices[i],
        membershipCents: null,
        taxRateBp: taxOf.get(line.productId) ?? DEFAULT_TAX_RATE_BP,
      })),
      membership: false,
      coupon: null,
      delivery: input.delivery > 0 ? { priceCents: input.delivery, taxRateBp: DEFAULT_TAX_RATE_BP } : null,
      freeDeliveryCents: null,
      loyaltyCents: 0,
      now: new Date(),
    });
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.siteId, SITE_ID), eq(users.email, enquiry.email)));
    const address: OrderAddress = {
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      contactEmail: enquiry.email,
      contactPhone: enquiry.contactNumber,
      countryIso: "",
      countryName: "",
      city: "",
      street: "",
      houseNumber: "",
      zipCode: "",
      companyName: "",
      companyOib: "",
    };
    const orderLines: OrderLine[] = lines.map((line, position) => ({
      productId: taxOf.has(line.productId) ? line.productId : null,
      variantId: line.variantId !== undefined && line.variantId !== null && taxOf.has(line.variantId) ? line.variantId : null,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitCents: totals.lines[position].unitCents,
      lengthMm: totals.lines[position].lengthMm,
      rowCents: totals.lines[position].rowCents,
      taxRateBp: taxOf.get(line.productId) ?? DEFAULT_TAX_RATE_BP,
      options: { personalizations: Object.fromEntries(line.options.map((o) => [o.label, o.value])), bundleOptions: [] },
    }));
    // The offer holds its goods as a placed order does (checkout's stock rule), so they are
    // not sold twice while it is open, and cancelling the draft gives back what it took.
    await takeStock(tx, await stockNeeds(tx, stockLinesOf(orderLines)), (itemId) => orderLines[Number(itemId)].name).catch((error) => {
      throw isDomainError(error) && error.code === "outOfStock"
        ? new DomainError("outOfStock", {
            message: "Out of stock",
            key: "adminEnquiries.draft.outOfStock",
            status: 409,
            values: error.values,
          })
        : error;
    });
    const order = await writeOrder(
      tx,
      {
        siteId: SITE_ID,
        slug: await nextOrderNumber(tx),
        userId: customer?.id ?? null,
        email: enquiry.email,
        locale,
        currencyLabel: site.currency.label,
        status: "draft",
        paymentStatus: "pending",
        // Chosen by the customer on the offer's page; until then no method.
        paymentGateway: "bankTransfer",
        paymentMethodName: "",
        deliveryMethodName: t("checkout.offer.deliveryName"),
        deliveryAddress: address,
        billingAddress: address,
        itemsTotalCents: totals.itemsTotal,
        deliveryCents: totals.delivery,
        taxCents: totals.tax,
        orderTotalCents: totals.orderTotal,
      },
      orderLines,
    );
    await tx
      .update(priceEnquiries)
      .set({ orderId: order.id, status: "answered", version: enquiry.version + 1 })
      .where(eq(priceEnquiries.id, enquiry.id));
    await recordAudit(tx, staff, {
      entity: "enquiry",
      entityId: enquiry.id,
      action: "orderDraft",
      before: { status: enquiry.status, orderId: null },
      after: {
        status: "answered",
        orderId: order.id,
        orderSlug: order.slug,
        prices: input.prices,
        deliveryCents: totals.delivery,
        orderTotalCents: totals.orderTotal,
      },
    });
    const link = `${env.PUBLIC_URL}${href("orderOffer", locale, { slug: order.slug })}?token=${offerToken(order.id)}`;
    const money = (cents: number) => formatPrice(cents, site.currency, locale, { symbol: true });
    const values = {
      name: enquiry.firstName,
      orderNumber: order.slug,
      lines: lines.map((l, i) => `${l.quantity} × ${l.name} (${l.sku}) = ${money(totals.lines[i].rowCents)}`).join("\n"),
      delivery: money(totals.delivery),
      total: money(totals.orderTotal),
      link,
    };
    const text = t("checkout.offer.mail.text", { ...values, slug: order.slug });
    const subject = t("checkout.offer.mail.subject", { slug: order.slug });
    await sendMail({ kind: "orderDraft", to: enquiry.email, subject, text, orderId: order.id, template: { locale, values } }, tx);
    return order;
  });
  wakeMailRelay();
  return order;
}
