import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatPrice } from "~/lib/format";
import type { Executor } from "~/.server/db/client.server";
import { bankTransferSlip, hub3Barcode, type BankTransferOrder } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { formatIban } from "~/modules/payment/bank-transfer/iban";
import { fileName, startPdf } from "./pdf.server";

/**
 * The printable HUB-3 payment order of a bank-transfer order (decision 0104): the same slip
 * data as the payment instructions on the order page and in the e-mail (payer, recipient,
 * IBAN, model, reference = order number, amount, purpose, description) and its PDF417
 * barcode for mobile banking. It is payment instructions, not an issued document: it
 * always names the account the shop is paid to now.
 */
export function paymentSlipFileName(order: { slug: string }, t: TFunction): string {
  return fileName(t("documents.fileName.paymentSlip"), order.slug);
}

export async function renderPaymentSlip(order: BankTransferOrder, t: TFunction, locale: Locale, db?: Executor): Promise<Buffer> {
  const slip = await bankTransferSlip(order, db);
  const barcode = Buffer.from((await hub3Barcode(slip)).replace(/^data:image\/png;base64,/, ""), "base64");
  const title = t("documents.title.paymentSlip");
  const { doc, done } = startPdf(`${title} ${order.slug}`, slip.recipientName);
  doc.font("bold").fontSize(14).text(title);
  doc.font("regular").fontSize(9).text(t("documents.paymentSlip.lead"));
  doc.moveDown();
  const rows: [string, string][] = [
    [t("documents.paymentSlip.payer"), [slip.payerName, slip.payerStreet, slip.payerCity].filter((s) => s.trim()).join(", ")],
    [
      t("payment.bankTransfer.recipient"),
      [slip.recipientName, slip.recipientStreet, slip.recipientCity].filter((s) => s.trim()).join(", "),
    ],
    [t("payment.bankTransfer.iban"), formatIban(slip.iban)],
    [t("payment.bankTransfer.model"), slip.model],
    [t("payment.bankTransfer.reference"), slip.reference],
    [t("payment.bankTransfer.amount"), formatPrice(slip.amountCents, { label: slip.currency, symbol: "€" }, locale)],
    [t("payment.bankTransfer.purposeCode"), slip.purposeCode],
    [t("payment.bankTransfer.description"), slip.description],
  ];
  for (const [label, value] of rows) {
    const top = doc.y;
    doc.font("bold").text(label, 50, top, { width: 150 });
    doc.font("regular").text(value, 210, top, { width: 335 });
    doc.x = 50;
    doc.moveDown(0.4);
  }
  doc.moveDown();
  doc.image(barcode, 50, doc.y, { width: 260 });
  doc.end();
  return done;
}
