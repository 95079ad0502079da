import bwipjs, { type RenderOptions } from "bwip-js/node";
import type { OrderAddress } from "~/.server/db/schema";
import type { TFunction } from "~/lib/i18n";
import { formatPrice } from "~/lib/format";
import type { Locale } from "~/lib/locales";
import type { Executor } from "~/.server/db/client.server";
import { getSellerDetails } from "~/modules/payment/seller.server";
import { hub3Text, latin2Binary, paymentReference, type Hub3Slip } from "./hub3";
import { formatIban } from "./iban";
import { bankAccount } from "./bank-account.server";

/**
 * Payment details of a bank-transfer order (decision 0020): recipient, IBAN, model HR01
 * with the order number as reference, amount, purpose code, description and the HUB-3
 * barcode, for the success page, the order page (BankTransferDetails) and the e-mail
 * (bankTransferText / bankTransferHtml).
 */
export type BankTransferOrder = { slug: string; orderTotalCents: number; currencyLabel: string; billingAddress: OrderAddress };

export type BankTransferInfo = {
  recipientName: string;
  recipientAddress: string;
  iban: string;
  model: string;
  reference: string;
  amount: string;
  purposeCode: string;
  description: string;
  /** The HUB-3 barcode as a PNG data URI. */
  barcode: string;
};

export const PAYMENT_MODEL = "HR01";

export async function bankTransferSlip(order: BankTransferOrder, db?: Executor): Promise<Hub3Slip> {
  // The seller's IBAN already follows the bank-transfer method's account (getSellerDetails);
  // its holder, model and reference prefix, when set, replace the seller's defaults too.
  const seller = await getSellerDetails(db);
  const account = await bankAccount(db);
  const reference = paymentReference(order.slug);
  const payer = order.billingAddress;
  return {
    amountCents: order.orderTotalCents,
    currency: order.currencyLabel,
    payerName: payer.companyName || `${payer.firstName} ${payer.lastName}`,
    payerStreet: `${payer.street} ${payer.houseNumber}`,
    payerCity: `${payer.zipCode} ${payer.city}`,
    recipientName: account.accountHolder || seller.name,
    recipientStreet: seller.street,
    recipientCity: seller.city,
    iban: seller.iban,
    model: account.model || PAYMENT_MODEL,
    reference: account.referencePrefix ? `${account.referencePrefix}-${reference}`.slice(0, 22).replace(/-$/, "") : reference,
    purposeCode: seller.purposeCode,
    description: `Narudžba ${order.slug}`,
  };
}

/** The barcode the HUB-3 standard asks for: PDF417, error correction level 4, ISO-8859-2 bytes. */
export async function hub3Barcode(slip: Hub3Slip): Promise<string> {
  // columns, eclevel and rowmult are PDF417 options that bwip-js's types do not list.
  const options: RenderOptions & { columns: number; eclevel: number; rowmult: number } = {
    bcid: "pdf417",
    text: latin2Binary(hub3Text(slip)),
    binarytext: true,
    columns: 9,
    eclevel: 4,
    scale: 2,
    rowmult: 3,
    // A white quiet zone around the code: scanners need it, also on a dark page.
    padding: 6,
    backgroundcolor: "FFFFFF",
  };
  const png: Buffer = await bwipjs.toBuffer(options);
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** `db`: the caller's transaction, when inside one (the order confirmation). */
export async function bankTransferInfo(order: BankTransferOrder, locale: Locale, db?: Executor): Promise<BankTransferInfo> {
  const slip = await bankTransferSlip(order, db);
  return {
    recipientName: slip.recipientName,
    recipientAddress: `${slip.recipientStreet}, ${slip.recipientCity}`,
    iban: formatIban(slip.iban),
    model: slip.model,
    reference: slip.reference,
    amount: formatPrice(slip.amountCents, { label: slip.currency, symbol: "€" }, locale),
    purposeCode: slip.purposeCode,
    description: slip.description,
    barcode: await hub3Barcode(slip),
  };
}

function rows(info: BankTransferInfo, t: TFunction): [string, string][] {
  return [
    [t("payment.bankTransfer.recipient"), `${info.recipientName}, ${info.recipientAddress}`],
    [t("payment.bankTransfer.iban"), info.iban],
    [t("payment.bankTransfer.model"), info.model],
    [t("payment.bankTransfer.reference"), info.reference],
    [t("payment.bankTransfer.amount"), info.amount],
    [t("payment.bankTransfer.purposeCode"), info.purposeCode],
    [t("payment.bankTransfer.description"), info.description],
  ];
}

/** The e-mail's plain-text block. */
export function bankTransferText(info: BankTransferInfo, t: TFunction): string {
  return [t("payment.bankTransfer.title"), ...rows(info, t).map(([label, value]) => `${label}: ${value}`)].join("\n");
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The e-mail's HTML block. `barcodeSrc` lets the mail attach the image (cid:…) where a
 * client refuses data URIs; by default the data URI itself.
 */
export function bankTransferHtml(info: BankTransferInfo, t: TFunction, barcodeSrc = info.barcode): string {
  const body = rows(info, t)
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join("");
  return `<h3>${escape(t("payment.bankTransfer.title"))}</h3><table>${body}</table><p><img src="${escape(barcodeSrc)}" alt="${escape(t("payment.bankTransfer.barcodeAlt"))}"></p>`;
}
