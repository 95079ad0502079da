import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { formatDate, formatMetres } from "~/lib/format";
import type { DocumentSnapshot } from "./document-snapshot";
import { addressLines, footer, registerLine, sellerBlock, startPdf, tableRow } from "./pdf.server";

/**
 * The delivery note (otpremnica) that goes with the parcel (decision 0104): from its own
 * snapshot, the order's lines and quantities, the delivery address and method, no prices,
 * and lines to sign for handing over and receiving the goods.
 */
export function renderDeliveryNote(snapshot: DocumentSnapshot, t: TFunction, locale: Locale): Promise<Buffer> {
  const title = t("documents.title.deliveryNote");
  const { doc, done } = startPdf(`${title} ${snapshot.number}`, snapshot.seller.name);
  sellerBlock(doc, snapshot.seller);
  doc.moveDown(1.5).font("bold").fontSize(14).text(`${title} ${snapshot.number}`);
  doc.font("regular").fontSize(9);
  doc.text(`${t("documents.issuedAt")}: ${formatDate(snapshot.issuedAt, locale, { style: "numeric", time: "short" })}`);
  doc.text(`${t("documents.operator")}: ${snapshot.operator ?? t("documents.webShop")}`);
  doc.text(t("documents.forOrder", { slug: snapshot.order.slug, date: formatDate(snapshot.order.placedAt, locale, { style: "numeric" }) }));
  doc.text(
    `${t("orders.detail.delivery")}: ${snapshot.order.deliveryMethodName}${snapshot.order.deliveryBranchName ? `, ${snapshot.order.deliveryBranchName}` : ""}`,
  );

  doc.moveDown().font("bold").text(t("orders.detail.deliveryAddress"));
  doc.font("regular");
  for (const line of addressLines(snapshot.order.deliveryAddress)) doc.text(line);

  const columns = [
    { x: 50, width: 30, align: "right" },
    { x: 90, width: 260, align: "left" },
    { x: 355, width: 110, align: "left" },
    { x: 470, width: 75, align: "right" },
  ] as const;
  const row = tableRow(doc, columns);
  doc.moveDown();
  row(["#", t("orders.invoice.columns.item"), t("documents.deliveryNote.sku"), t("orders.invoice.columns.quantity")], "bold");
  snapshot.lines.forEach((line, i) => {
    const metres = line.lengthMm !== null ? formatMetres(line.lengthMm, locale) : null;
    row([String(i + 1), line.name, line.sku, metres ? `${line.quantity} × ${metres}` : String(line.quantity)], "regular");
  });

  doc.moveDown(3).font("regular");
  const top = doc.y;
  doc.text(`${t("documents.deliveryNote.handedOver")}: ____________________`, 50, top);
  doc.text(`${t("documents.deliveryNote.received")}: ____________________`, 310, top);
  doc.x = 50;
  footer(doc, registerLine(snapshot.seller, t));
  doc.end();
  return done;
}
