import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { TFunction } from "~/lib/i18n";
import type { OrderAddress } from "~/.server/db/schema";
import { formatIban } from "~/modules/payment/bank-transfer/iban";
import type { DocumentSnapshot } from "./document-snapshot";

/**
 * What every PDF of the shop shares (decision 0021): pdfkit with DejaVu Sans embedded so
 * that č ć đ š ž print, the seller's block on top and the register line at the foot.
 */
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = { regular: path.join(fontDir, "DejaVuSans.ttf"), bold: path.join(fontDir, "DejaVuSans-Bold.ttf") };

export type Pdf = { doc: PDFKit.PDFDocument; done: Promise<Buffer> };

export function startPdf(title: string, author: string): Pdf {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  return { doc, done };
}

export function fileName(prefix: string, number: string): string {
  return `${prefix}-${number}.pdf`.replace(/[^\w.-]/g, "-");
}

export function addressLines(a: OrderAddress): string[] {
  return [
    a.companyName,
    `${a.firstName} ${a.lastName}`.trim(),
    `${a.street} ${a.houseNumber}`.trim(),
    `${a.zipCode} ${a.city}`.trim(),
    a.countryName,
    a.companyOib ? `OIB: ${a.companyOib}` : "",
  ].filter(Boolean);
}

export function sellerBlock(doc: PDFKit.PDFDocument, seller: DocumentSnapshot["seller"]) {
  doc.font("bold").fontSize(16).text(seller.name);
  doc.font("regular").fontSize(9);
  for (const line of [
    seller.street,
    `${seller.city}, ${seller.country}`,
    `OIB: ${seller.oib}`,
    `IBAN: ${formatIban(seller.iban)}`,
    seller.email,
  ])
    if (line.trim()) doc.text(line);
}

/**
 * The register line a d.o.o.'s business papers carry (Zakon o trgovačkim društvima, čl. 21):
 * the court and MBS, the share capital and how much is paid, the directors, the bank account.
 */
export function registerLine(seller: DocumentSnapshot["seller"], t: TFunction): string {
  return [
    seller.name,
    seller.registerCourt ? t("documents.register.court", { court: seller.registerCourt }) : "",
    seller.registerNumber ? t("documents.register.mbs", { mbs: seller.registerNumber }) : "",
    seller.shareCapital ? t("documents.register.capital", { capital: seller.shareCapital }) : "",
    seller.directors ? t("documents.register.directors", { directors: seller.directors }) : "",
    `IBAN ${formatIban(seller.iban)}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function footer(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(2).font("regular").fontSize(7).fillColor("#444444").text(text, 50, doc.y, { width: 495 }).fillColor("black");
}

export type PdfColumn = { x: number; width: number; align: "left" | "right" };

/** A table row writer for these columns: each cell at its column, the row as tall as its tallest cell. */
export function tableRow(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[]) {
  return (cells: string[], font: "regular" | "bold") => {
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
}
