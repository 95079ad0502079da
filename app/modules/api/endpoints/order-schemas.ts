import { z } from "zod/v4";
import { ORDER_STATUSES, PAYMENT_GATEWAYS, PAYMENT_STATUSES } from "~/.server/db/schema";
import { listOf } from "../api-lists";

/**
 * The shapes of the calls after the order (decision 0126): the customer's order list, the
 * order's detail (as the account's order page shows it) and the payment instructions that
 * order/create answers too. Money in cents; every object closed.
 */
const money = z.number().int().describe("Cents");

/** A status as code and its label in the call's language. */
const statusOf = <T extends readonly [string, ...string[]]>(codes: T) => z.object({ code: z.enum(codes), label: z.string() });

/** What the buyer does to pay the order: one shape per kind. */
export const paymentInstructionsSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("bankTransfer"),
      iban: z.string().describe("Without spaces"),
      recipient: z.object({ name: z.string(), street: z.string(), city: z.string() }),
      model: z.string().describe("The reference model, e.g. HR01"),
      reference: z.string().describe("The payment reference (poziv na broj)"),
      amountCents: money,
      currency: z.string(),
      purposeCode: z.string(),
      description: z.string(),
      hub3: z.object({
        barcodeData: z
          .string()
          .describe("The HUB-3 text of the payment slip's PDF417 barcode (fields ending in LF; encode it as ISO-8859-2 for the barcode)"),
      }),
    }),
    z.object({
      kind: z.literal("card"),
      payUrl: z
        .string()
        .describe(
          "A customer's order: the shop's page of the order (the customer signs in there), whose \"Pay now\" starts the card payment; a guest's order: the card provider's payment page again",
        ),
    }),
    z.object({
      kind: z.literal("none"),
      reason: z
        .enum(["paid", "payOnDelivery", "notOwed", "unavailable"])
        .describe(
          "paid; payOnDelivery: cash to the courier; notOwed: cancelled or refunded; unavailable: the way of paying cannot take it now, try later",
        ),
    }),
  ])
  .describe("Bank transfer: the slip's data; card: where the buyer pays by card again; none: nothing to do now");

/** The guest's own link to the order (no account): GET ecommerce/order/guest/{token}. */
export const guestLinkSchema = z.object({
  token: z.string(),
  url: z.string().describe("The absolute URL of the order's detail for the guest"),
});

export const orderSummarySchema = z.object({
  slug: z.string().describe("The order number"),
  createdAt: z.string().describe("ISO date-time"),
  status: statusOf(ORDER_STATUSES),
  paymentStatus: statusOf(PAYMENT_STATUSES),
  totalCents: money,
  currency: z.string(),
  lineCount: z.number().int(),
});

export const orderListSchema = listOf(orderSummarySchema);

const address = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  companyOib: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  zipCode: z.string(),
  city: z.string(),
  countryIso: z.string(),
  countryName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
});

const line = z.object({
  name: z.string(),
  sku: z.string(),
  variantId: z.number().int().nullable(),
  options: z.object({
    personalizations: z.record(z.string(), z.union([z.string(), z.number()])).describe("Personalisation code → value chosen"),
    bundleOptions: z
      .array(z.object({ id: z.number().int(), variantId: z.number().int() }))
      .describe("A bundle's parts and their chosen variants"),
  }),
  quantity: z.number().int(),
  lengthMm: z.number().int().nullable().describe("The length cut of a product sold per running metre"),
  priceUnit: z.string().describe("piece, or metre: unitCents is then the price of a metre"),
  unitCents: money,
  lineTotalCents: money,
  taxRatePercent: z.number(),
});

export const orderDocumentSchema = z.object({
  kind: z.enum(["invoice", "storno", "creditNote"]),
  number: z.string(),
  issuedAt: z.string(),
  part: z.number().int().describe("A partial return's credit note: its number (0: the whole order)"),
  cancelled: z.boolean().describe("An invoice a storno cancelled"),
  url: z.string().describe("Where the PDF downloads: the account page's link (signed in on the site), or the guest link's"),
});

export const orderDetailSchema = z.object({
  slug: z.string(),
  createdAt: z.string(),
  email: z.string(),
  status: statusOf(ORDER_STATUSES),
  lines: z.array(line),
  totals: z.object({
    subtotalCents: money.describe("The lines"),
    deliveryCents: money,
    discountCents: money.describe("Coupon and loyalty together"),
    couponCents: money,
    loyaltyCents: money,
    vatCents: money.describe("The VAT the total includes"),
    totalCents: money,
    refundedCents: money,
  }),
  currency: z.string(),
  couponCode: z.string().nullable(),
  delivery: z.object({
    method: z.string(),
    branch: z.string().nullable().describe("Pick-up point or parcel locker"),
    address: address,
    shipment: z
      .object({
        carrier: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
        shippedAt: z.string(),
      })
      .nullable(),
  }),
  billingAddress: address,
  payment: z.object({
    method: z.string(),
    gateway: z.enum(PAYMENT_GATEWAYS),
    status: statusOf(PAYMENT_STATUSES),
    paidAt: z.string().nullable(),
  }),
  documents: z.array(orderDocumentSchema),
  paymentInstructions: paymentInstructionsSchema,
  cancel: z.object({
    allowed: z.boolean(),
    reason: z.string().nullable().describe("Why not, in the call's language"),
  }),
});
