import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatDate, formatMetres, formatPercent, formatPrice } from "~/lib/format";
import { taxPart } from "~/lib/prices";
import type { DocumentSnapshot } from "./document-snapshot";
import { addressLines, fileName, footer, registerLine, sellerBlock, startPdf, tableRow } from "./pdf.server";

/**
 * The invoice, its storno and the credit note of a return as PDF (decisions 0021, 0104),
 * drawn only from the document's snapshot: seller with OIB and register line, buyer,
 * number, time of issue and operator, lines with quantity, unit price, VAT rate and VAT,
 * VAT base and VAT per rate, totals, payment, and the fiscal codes where it has them.
 * A storno and a credit note print every amount negative and name the invoice they cancel.
 */
export function documentFileName(snapshot: Pick<DocumentSnapshot, "kind" | "order" | "number">, t: TFunction): string {
  // Named after the order (what the customer knows), a credit note after its own number as before.
  return fileName(t(`documents.fileName.${snapshot.kind}`), snapshot.kind === "creditNote" ? snapshot.number : snapshot.order.slug);
}

/** The title each kind prints. */
export function documentTitle(kind: DocumentSnapshot["kind"], t: TFunction): string {
  return t(`documents.title.${kind}`);
}

export function renderInvoice(
  snapshot: DocumentSnapshot,
  t: TFunction,
  locale: Locale,
  { cancelledBy }: { cancelledBy?: string | null } = {},
): Promise<Buffer> {
  const title = documentTitle(snapshot.kind, t);
  const money = (cents: number) =>
    formatPrice(cents === 0 ? 0 : cents * snapshot.sign, { label: snapshot.currencyLabel, symbol: "€" }, locale);
  const when = (iso: string) => formatDate(iso, locale, { style: "numeric", time: "short" });
  const { doc, done } = startPdf(`${title} ${snapshot.number}`, snapshot.seller.name);

  sellerBlock(doc, snapshot.seller);
  doc.moveDown(1.5).font("bold").fontSize(14).text(`${title} ${snapshot.number}`);
  doc.font("regular").fontSize(9);
  // Printed on the copy only: the document itself never changes.
  if (cancelledBy)
    doc
      .font("bold")
      .fillColor("#b91c1c")
      .text(t("documents.cancelledBy", { number: cancelledBy }))
      .fillColor("black")
      .font("regular");
  doc.text(`${t("documents.issuedAt")}: ${when(snapshot.issuedAt)}`);
  doc.text(`${t("documents.placeOfIssue")}: ${snapshot.seller.city}`);
  doc.text(`${t("documents.operator")}: ${snapshot.operator ?? t("documents.webShop")}`);
  doc.text(t("documents.forOrder", { slug: snapshot.order.slug, date: formatDate(snapshot.order.placedAt, locale, { style: "numeric" }) }));
  if (snapshot.refersTo)
    doc.text(
      t("documents.refersTo", {
        number: snapshot.refersTo.number,
        date: formatDate(snapshot.refersTo.issuedAt, locale, { style: "numeric" }),
      }),
    );
  if (snapshot.reason) doc.text(`${t("documents.reason")}: ${snapshot.reason}`);
  doc.text(`${t("orders.detail.payment")}: ${snapshot.order.paymentMethodName}`);
  doc.text(
    `${t("orders.detail.delivery")}: ${snapshot.order.deliveryMethodName}${snapshot.order.deliveryBranchName ? `, ${snapshot.order.deliveryBranchName}` : ""}`,
  );

  doc.moveDown().font("bold").text(t("orders.invoice.buyer"));
  doc.font("regular");
  for (const line of addressLines(snapshot.buyer.address)) doc.text(line);

  // Lines: item, quantity, unit price, VAT rate, VAT amount, amount (VAT included).
  const columns = [
    { key: "item", x: 50, width: 185, align: "left" },
    { key: "quantity", x: 240, width: 40, align: "right" },
    { key: "unitPrice", x: 285, width: 70, align: "right" },
    { key: "vatRate", x: 360, width: 45, align: "right" },
    { key: "vatAmount", x: 410, width: 65, align: "right" },
    { key: "amount", x: 480, width: 65, align: "right" },
  ] as const;
  const row = tableRow(doc, columns);
  doc.moveDown();
  row(
    columns.map((c) => t(`orders.invoice.columns.${c.key}`)),
    "bold",
  );
  for (const line of snapshot.lines) {
    const metres = line.lengthMm !== null ? formatMetres(line.lengthMm, locale) : null;
    row(
      [
        `${line.name}\n${line.sku}${metres ? ` · ${metres}` : ""}`,
        metres ? `${line.quantity} × ${metres}` : String(line.quantity),
        `${money(line.unitCents)}${metres ? "/m" : ""}`,
        formatPercent(line.taxRateBp, locale),
        money(taxPart(line.rowCents, line.taxRateBp)),
        money(line.rowCents),
      ],
      "regular",
    );
  }
  if (snapshot.delivery) {
    const { cents, taxRateBp } = snapshot.delivery;
    row(
      [
        snapshot.order.deliveryMethodName,
        "1",
        money(cents),
        formatPercent(taxRateBp, locale),
        money(taxPart(cents, taxRateBp)),
        money(cents),
      ],
      "regular",
    );
  }

  doc.moveDown();
  const total = (label: string, cents: number, font: "regular" | "bold" = "regular") => {
    const top = doc.y;
    doc.font(font).text(label, 250, top, { width: 220, align: "right" });
    doc.text(money(cents), 480, top, { width: 65, align: "right" });
    doc.x = 50;
  };
  total(t("orders.totals.items"), snapshot.totals.items);
  if (snapshot.totals.coupon) total(t("orders.totals.coupon"), -snapshot.totals.coupon);
  if (snapshot.totals.loyalty) total(t("orders.totals.loyalty"), -snapshot.totals.loyalty);
  total(t("orders.totals.delivery"), snapshot.totals.delivery);
  total(t("orders.totals.total"), snapshot.totals.total, "bold");

  // VAT base and VAT per rate (Zakon o PDV-u, čl. 79).
  doc.moveDown().font("bold").text(t("documents.vat.title"), 50);
  for (const vat of snapshot.vat) {
    total(t("documents.vat.row", { rate: formatPercent(vat.rateBp, locale), base: money(vat.baseCents) }), vat.vatCents);
  }
  total(
    t("orders.totals.tax"),
    snapshot.vat.reduce((sum, v) => sum + v.vatCents, 0),
    "bold",
  );

  doc.moveDown().font("regular").fontSize(8);
  doc.text(snapshot.vatExempt ? t("documents.vat.exportExempt") : t("orders.invoice.vatIncluded"), 50);
  if (snapshot.fiscal) {
    doc.text(`ZKI: ${snapshot.fiscal.zki}`);
    if (snapshot.fiscal.jir) doc.text(`JIR: ${snapshot.fiscal.jir}`);
  }
  footer(doc, registerLine(snapshot.seller, t));
  doc.end();
  return done;
}
