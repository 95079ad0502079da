import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { issuedDocuments, type DocumentKind } from "~/.server/db/schema";
import type { TFunction } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { renderDeliveryNote } from "./delivery-note.server";
import { documentFileName, renderInvoice } from "./invoice.server";
import { deliveryNote, orderDocuments, partDocument, type IssuedDocument, type Operator } from "./issue-documents.server";

/**
 * An order's documents for its pages and downloads (decision 0104): the list the order
 * page links to, and each one's PDF drawn from its snapshot. An invoice that a storno
 * cancelled is still handed out (it was issued), marked cancelled on the page and on the copy.
 */
export type DocumentLink = { kind: DocumentKind; part: number; number: string; issuedAt: string; cancelled: boolean };

async function issuedOf(orderId: number): Promise<IssuedDocument[]> {
  const db = await getDb();
  const rows = await db.select().from(issuedDocuments).where(eq(issuedDocuments.orderId, orderId)).orderBy(asc(issuedDocuments.id));
  return rows as IssuedDocument[];
}

/**
 * The documents to link to, those the order's state calls for issued first. If issuing
 * fails (the seller's details are broken), the page still shows what was issued before.
 */
export async function documentLinks(orderId: number): Promise<DocumentLink[]> {
  const documents = await orderDocuments(orderId).catch(async (error: unknown) => {
    console.error(`documents of order ${orderId} could not be issued`, error);
    return issuedOf(orderId);
  });
  const storno = documents.some((d) => d.kind === "storno");
  return documents.map((d) => ({
    kind: d.kind,
    part: d.part,
    number: d.number,
    issuedAt: d.issuedAt.toISOString(),
    cancelled: d.kind === "invoice" && storno,
  }));
}

export type DocumentFile = { pdf: Buffer; fileName: string; number: string };

/** The invoice, storno or credit note (of a partial return: `part`) of the order as PDF; null when the order has none of that kind. */
export async function documentPdf(
  orderId: number,
  kind: "invoice" | "storno" | "creditNote",
  t: TFunction,
  locale: Locale,
  part = 0,
): Promise<DocumentFile | null> {
  const documents = await orderDocuments(orderId);
  const found = documents.find((d) => d.kind === kind && d.part === part);
  if (!found) return null;
  const storno = kind === "invoice" ? documents.find((d) => d.kind === "storno") : undefined;
  const pdf = await renderInvoice(found.snapshot, t, locale, { cancelledBy: storno?.number ?? null });
  return { pdf, fileName: documentFileName(found.snapshot, t), number: found.number };
}

/**
 * The delivery note as PDF: of the whole order, issued the first time it is printed (null
 * for an order that is still a quote), or of its n-th shipment (`shipment`, decision 0108),
 * issued with it (null when there is no such shipment).
 */
export async function deliveryNotePdf(
  orderId: number,
  operator: Operator,
  t: TFunction,
  locale: Locale,
  shipment = 0,
): Promise<DocumentFile | null> {
  const note = shipment > 0 ? await partDocument(orderId, "deliveryNote", shipment) : await deliveryNote(orderId, operator);
  if (!note) return null;
  // Each parcel's note is named after the order and the parcel: "otpremnica-2026-000042-2.pdf".
  const name = documentFileName(note.snapshot, t);
  return {
    pdf: await renderDeliveryNote(note.snapshot, t, locale),
    fileName: shipment > 0 ? name.replace(/\.pdf$/, `-${shipment}.pdf`) : name,
    number: note.number,
  };
}
