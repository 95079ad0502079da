import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { DEFAULT_TAX_RATE_BP } from "~/modules/cart/cart-totals";
import type { OrderDetail } from "~/modules/account/orders.server";
import type { OrderAddress } from "~/.server/db/schema";
import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatDate, formatMetres, formatPercent, formatPrice } from "~/lib/format";
import { taxPart } from "~/lib/prices";
import { formatIban } from "~/modules/payment/bank-transfer/iban";
import type { SellerDetails } from "~/modules/payment/seller.server";
import { isErasedEmail } from "~/modules/account/erased-email";

/**
 * The order's PDF invoice (spec §3 Order document, §7 documents; decision 0021), made on
 * the server with pdfkit: seller with OIB, buyer, order number and date, lines with
 * quantity, unit price, VAT rate and VAT amount, totals. DejaVu Sans is embedded so that
 * č ć đ š ž print (pdfkit's built-in fonts know only Latin-1).
 */
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = { regular: path.join(fontDir, "DejaVuSans.ttf"), bold: path.join(fontDir, "DejaVuSans-Bold.ttf") };

export function invoiceFileName(order: Pick<OrderDetail, "slug">, t: TFunction): string {
  return `${t("orders.invoice.fileName")}-${order.slug}.pdf`.replace(/[^\w.-]/g, "-");
}

function addressLines(a: OrderAddress): string[] {
  return [
    a.companyName,
    `${a.firstName} ${a.lastName}`.trim(),
    `${a.street} ${a.houseNumber}`.trim(),
    `${a.zipCode} ${a.city}`.trim(),
    a.countryName,
    a.companyOib ? `OIB: ${a.companyOib}` : "",
  ].filter(Boolean);
}

/** The credit note of a returned order (decision 0039): the invoice's layout with its own number and date, every amount negative. */
export function creditNoteFileName(creditNote: { slug: string }, t: TFunction): string {
  return `${t("orders.creditNote.fileName")}-${creditNote.slug}.pdf`.replace(/[^\w.-]/g, "-");
}

export function renderCreditNote(
  order: OrderDetail & { creditNote: { slug: string; date: string } },
  seller: SellerDetails,
  t: TFunction,
  locale: Locale,
): Promise<Buffer> {
  return renderInvoice(order, seller, t, locale, {
    title: t("orders.creditNote.title"),
    number: order.creditNote.slug,
    date: order.creditNote.date,
    sign: -1,
  });
}

type DocumentKind = { title: string; number: string; date: string; sign: 1 | -1 };

export function renderInvoice(
  order: OrderDetail,
  seller: SellerDetails,
  t: TFunction,
  locale: Locale,
  kind?: DocumentKind,
): Promise<Buffer> {
  const document = kind ?? { title: t("orders.invoice.title"), number: order.slug, date: order.createdAt, sign: 1 };
  const money = (cents: number) =>
    formatPrice(cents === 0 ? 0 : cents * document.sign, { label: order.currencyLabel, symbol: "€" }, locale);
  // The shop's calendar day (Europe/Zagreb), whatever zone the server runs in.
  const date = formatDate(document.date, locale, { style: "numeric" });
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${document.title} ${document.number}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);

  doc.font("bold").fontSize(16).text(seller.name);
  doc.font("regular").fontSize(9);
  for (const line of [
    seller.street,
    `${seller.city}, ${seller.country}`,
    `OIB: ${seller.oib}`,
    `IBAN: ${formatIban(seller.iban)}`,
    seller.email,
  ])
    doc.text(line);

  doc.moveDown(1.5).font("bold").fontSize(14).text(`${document.title} ${document.number}`);
  doc
    .font("regular")
    .fontSize(9)
    .text(`${t("orders.invoice.date")}: ${date}`);
  if (kind)
    doc.text(t("orders.creditNote.forOrder", { slug: order.slug, date: formatDate(order.createdAt, locale, { style: "numeric" }) }));
  doc.text(`${t("orders.detail.payment")}: ${order.paymentMethodName} (${t(`orders.paymentStatus.${order.paymentStatus}`)})`);
  doc.text(`${t("orders.detail.delivery")}: ${order.deliveryMethodName}${order.deliveryBranchName ? `, ${order.deliveryBranchName}` : ""}`);

  doc.moveDown().font("bold").text(t("orders.invoice.buyer"));
  doc.font("regular");
  // An erased customer's order keeps the buyer the invoice named, not a placeholder e-mail.
  for (const line of [...addressLines(order.billingAddress), isErasedEmail(order.email) ? "" : order.email].filter(Boolean)) doc.text(line);

  // Lines: item, quantity, unit price, VAT rate, VAT amount, amount (VAT included).
  const columns = [
    { key: "item", x: 50, width: 185, align: "left" },
    { key: "quantity", x: 240, width: 40, align: "right" },
    { key: "unitPrice", x: 285, width: 70, align: "right" },
    { key: "vatRate", x: 360, width: 45, align: "right" },
    { key: "vatAmount", x: 410, width: 65, align: "right" },
    { key: "amount", x: 480, width: 65, align: "right" },
  ] as const;
  const row = (cells: string[], font: "regular" | "bold") => {
    const top = doc.y;
    doc.font(font);
    let bottom = top;
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i].x, top, { width: columns[i].width, align: columns[i].align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 4;
  };
  doc.moveDown();
  row(
    columns.map((c) => t(`orders.invoice.columns.${c.key}`)),
    "bold",
  );
  for (const line of order.lines) {
    row(
      [
        `${line.name}\n${line.sku}${line.lengthMm !== null ? ` · ${formatMetres(line.lengthMm, locale)}` : ""}`,
        line.lengthMm !== null ? `${line.quantity} × ${formatMetres(line.lengthMm, locale)}` : String(line.quantity),
        `${money(line.unitCents)}${line.lengthMm !== null ? "/m" : ""}`,
        formatPercent(line.taxRateBp, locale),
        money(taxPart(line.rowCents, line.taxRateBp)),
        money(line.rowCents),
      ],
      "regular",
    );
  }
  if (order.totals.delivery > 0) {
    const vat = taxPart(order.totals.delivery, DEFAULT_TAX_RATE_BP);
    row(
      [
        order.deliveryMethodName,
        "1",
        money(order.totals.delivery),
        formatPercent(DEFAULT_TAX_RATE_BP, locale),
        money(vat),
        money(order.totals.delivery),
      ],
      "regular",
    );
  }

  doc.moveDown();
  const total = (label: string, cents: number, font: "regular" | "bold" = "regular") => {
    const top = doc.y;
    doc.font(font).text(label, 300, top, { width: 170, align: "right" });
    doc.text(money(cents), 480, top, { width: 65, align: "right" });
    doc.x = 50;
  };
  total(t("orders.totals.items"), order.totals.items);
  if (order.totals.coupon) total(t("orders.totals.coupon"), -order.totals.coupon);
  if (order.totals.loyalty) total(t("orders.totals.loyalty"), -order.totals.loyalty);
  total(t("orders.totals.delivery"), order.totals.delivery);
  total(t("orders.totals.total"), order.totals.total, "bold");
  total(t("orders.totals.tax"), order.totals.tax);
  doc.moveDown(2).font("regular").fontSize(8).text(t("orders.invoice.vatIncluded"), 50);
  doc.end();
  return done;
}
