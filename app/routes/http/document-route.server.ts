import { redirect } from "@remix-run/node";
import { setToast } from "~/.server/toast.server";
import type { DocumentFile } from "~/modules/documents/order-documents.server";
import { pdfResponse } from "./download.server";

/**
 * A document's download for a route (decision 0104): the PDF as an attachment, 404 when the
 * order has no such document, and back to the order page with "orders.downloadFailed"
 * when it cannot be made (the seller's details broken), never a 500.
 */
export async function documentDownload(make: () => Promise<DocumentFile | null>, orderPage: string, what: string): Promise<Response> {
  let file: DocumentFile | null;
  try {
    file = await make();
  } catch (error) {
    console.error(`${what} failed`, error);
    return redirect(orderPage, { headers: await setToast({ type: "error", key: "orders.downloadFailed" }) });
  }
  if (!file) throw new Response("Not Found", { status: 404 });
  return pdfResponse(file.pdf, file.fileName);
}

/**
 * Which part of the order a document download asks for (decision 0108): `?part=2` (a
 * partial return's credit note) or `?shipment=2` (a parcel's delivery note); 0, the order
 * as a whole, when absent. Anything but a small whole number is a 404, never a 500.
 */
export function documentPart(request: Request, name: "part" | "shipment"): number {
  const value = new URL(request.url).searchParams.get(name);
  if (value === null) return 0;
  if (!/^[1-9]\d{0,3}$/.test(value)) throw new Response("Not Found", { status: 404 });
  return Number(value);
}
