import type { Visitor } from "./client";

/**
 * A bulk price change as the product list posts it (docs/decisions/0103): the preview,
 * then the confirmation carrying the fingerprint the preview showed.
 */
export const PRICES_PATH = "/admin/products/prices";

export const percentChange = (ids: number[], percent: number) => ({
  mode: "percent",
  value: String(percent),
  target: "all",
  ids: ids.map(String),
});

/** The fingerprint a preview page posts back with "Potvrdi". */
export function previewFingerprint(html: string): string {
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(html)?.[1];
  if (!fingerprint) throw new Error("The answer is not a price change preview");
  return fingerprint;
}

/** Previews and confirms a change by a percentage; the confirmation's response (303 when written). */
export async function changePricesByPercent(visitor: Visitor, ids: number[], percent: number): Promise<Response> {
  const fields = percentChange(ids, percent);
  const preview = await visitor.post(PRICES_PATH, { intent: "preview", ...fields }, { tokenFrom: "/admin/products" });
  const fingerprint = previewFingerprint(await preview.text());
  return visitor.post(PRICES_PATH, { intent: "confirm", ...fields, fingerprint }, { tokenFrom: "/admin/products" });
}
