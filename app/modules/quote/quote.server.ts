import { and, eq, inArray } from "drizzle-orm";
import type { Shopper } from "~/.server/shopper.server";
import type { Executor } from "~/.server/db/client.server";
import { DomainError } from "~/.server/domain-error";
import { cartItems, carts, priceEnquiries, type EnquiryLine } from "~/.server/db/schema";
import { REQUEST_QUOTE_OPTION, SITE_ID } from "~/modules/kernel/options";
import { getFixedT } from "~/.server/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { verifyCaptcha } from "~/modules/captcha/captcha.server";
import { lookupCart } from "~/modules/cart/cart-session.server";
import { buildCartView } from "~/modules/cart/cart-view.server";
import type { ConsentUserType } from "~/modules/consent/consent.schema";
import { logConsents } from "~/modules/consent/consent.server";
import { enquiryFormDataFor } from "~/modules/enquiry/enquiry-data.server";
import { ENQUIRY_FORM_KIND } from "~/modules/enquiry/enquiry-fields";
import type { EnquiryResult } from "~/modules/enquiry/enquiry.server";
import type { Enquiry } from "~/modules/enquiry/enquiry.schema";
import { acceptConsents, shopRecipient, storeSubmission } from "~/modules/forms/submission.server";
import { sendMail, type OutboxMail } from "~/modules/mail/mail.server";
import { getSiteContext } from "~/modules/site/site.server";
import type { QuoteData } from "./quote-fields";

/**
 * The request-quote cart (spec §2 Cart variant, decision 0009): a shop setting, the option
 * CartRequestQuote (seed step cart-request-quote@1, off), turns the cart into a list to ask
 * a quote for. Its inquiry is the price enquiry's form (same rules, consents, captcha and
 * mail; docs/decisions/0007) about the lines of the shopper's cart, read from the session.
 */
export async function isRequestQuoteMode(locale: Locale): Promise<boolean> {
  return (await getSiteContext(locale)).options[REQUEST_QUOTE_OPTION] === true;
}

/** The cart loader's extra data in request-quote mode, null otherwise. */
export async function quoteData(locale: Locale): Promise<QuoteData | null> {
  if (!(await isRequestQuoteMode(locale))) return null;
  const inquiryPath = href("cartInquiry", locale);
  return { inquiry: await enquiryFormDataFor(locale, inquiryPath), inquiryPath };
}

export type QuoteRequest = {
  shopper: Shopper;
  /** The inquiry's fields, parsed by the route with enquirySchema. */
  enquiry: Enquiry;
  acceptedIds: readonly number[];
  captchaToken: unknown;
  locale: Locale;
  userType: ConsentUserType;
};

/** The lines of the shopper's cart (never the posted ones), with what identifies each. */
export async function cartLinesOf(shopper: Shopper) {
  const { locale } = shopper;
  const lookup = await lookupCart(shopper);
  if (lookup.kind !== "active") return null;
  const view = await buildCartView(lookup.cart, locale);
  const lines: (EnquiryLine & { itemId: string })[] = view.items.map((item) => ({
    itemId: item.itemId,
    productId: item.productId,
    variantId: item.variantId,
    lengthMm: item.prices.lengthMm,
    name: item.productData.name,
    sku: item.productData.sku,
    quantity: item.qty,
    options: item.details,
  }));
  return { cartId: lookup.cart.id, lines };
}

/** The refusal of an inquiry from an empty cart (or none); routes tell it apart by its code. */
export const EMPTY_CART = "emptyCart";
const emptyCart = () => new DomainError(EMPTY_CART, { message: "The cart is empty", key: "cart.quote.emptyCart" });

export async function sendQuoteRequest(input: QuoteRequest): Promise<EnquiryResult> {
  const cart = await cartLinesOf(input.shopper);
  if (!cart || cart.lines.length === 0) return { ok: false, error: emptyCart() };
  const consents = await acceptConsents(ENQUIRY_FORM_KIND, input.acceptedIds, () => verifyCaptcha(input.captchaToken));
  if (!consents.ok) return consents;
  const { accepted } = consents;
  const { enquiry } = input;
  const lines: EnquiryLine[] = cart.lines.map(({ itemId: _itemId, ...line }) => line);
  return storeSubmission(async (tx) => {
    const log = await logConsents(tx, { kind: ENQUIRY_FORM_KIND, acceptedIds: accepted, userType: input.userType, email: enquiry.from });
    const mail = await mailTheShop(tx, enquiry, lines, input.locale);
    const [row] = await tx
      .insert(priceEnquiries)
      .values({
        siteId: SITE_ID,
        productId: null,
        productName: "",
        productSku: "",
        firstName: enquiry.firstName,
        lastName: enquiry.lastName,
        email: enquiry.from,
        contactNumber: enquiry.contactNumber,
        content: enquiry.content,
        locale: input.locale,
        userType: input.userType,
        consentLogId: log?.id ?? null,
        mailId: mail?.id ?? null,
        lines,
      })
      .returning({ id: priceEnquiries.id });
    await emptyAskedLines(
      tx,
      cart.cartId,
      cart.lines.map((l) => l.itemId),
    );
    return { id: row.id, mail };
  });
}

/**
 * The cart is emptied with the inquiry, in its transaction: the inquiry is the request-quote
 * cart's checkout, so the lines asked about are "ordered" and a shopper who stayed would
 * otherwise send the same lines again. Only the lines the inquiry carries are removed (a
 * line added meanwhile in another tab stays); the cart row is locked first as every cart
 * change does (docs/decisions/0006).
 */
async function emptyAskedLines(tx: Executor, cartId: number, itemIds: string[]) {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)));
  await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cartId));
}

/** The shop's copy in the shop's language, reply to the shopper; none when SendEmailTo is not set. */
async function mailTheShop(tx: Executor, enquiry: Enquiry, lines: EnquiryLine[], locale: Locale): Promise<OutboxMail | null> {
  const to = await shopRecipient(tx);
  if (!to) {
    console.warn("Cart inquiry stored without a mail: the option SendEmailTo is not set");
    return null;
  }
  const t = await getFixedT(DEFAULT_LOCALE);
  const name = `${enquiry.firstName} ${enquiry.lastName}`.trim();
  const list = lines
    .map((line) => {
      const options = line.options.map((o) => `${o.label}: ${o.value}`).join("; ");
      return t("cart.quote.mail.line", { name: line.name, sku: line.sku, quantity: line.quantity }) + (options ? ` (${options})` : "");
    })
    .join("\n");
  const values = {
    lines: list,
    name,
    email: enquiry.from,
    phone: enquiry.contactNumber || "-",
    language: locale,
    content: enquiry.content,
  };
  const text = t("cart.quote.mail.text", values);
  const subject = t("cart.quote.mail.subject", { name, count: lines.length });
  return sendMail(
    {
      kind: "cartInquiry",
      to,
      replyTo: enquiry.from,
      subject,
      text,
      template: { locale: DEFAULT_LOCALE, values: { ...values, itemCount: String(lines.length) } },
    },
    tx,
  );
}
