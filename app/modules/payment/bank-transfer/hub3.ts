/**
 * The HUB-3 2D barcode text of a Croatian payment slip (Hrvatska udruga banaka, "2D
 * bar kod" for HUB-3/HUB-3A): the header HRVHUB30, then each field in this order, each
 * ending with LF, at most its maximum length, the amount as 15 digits in cents, encoded
 * in ISO-8859-2. Mobile banking apps scan it (PDF417) to fill in a transfer.
 */
export type Hub3Slip = {
  amountCents: number;
  currency: string;
  payerName: string;
  payerStreet: string;
  payerCity: string;
  recipientName: string;
  recipientStreet: string;
  recipientCity: string;
  iban: string;
  model: string;
  reference: string;
  purposeCode: string;
  description: string;
};

/** Field order and maximum lengths of the standard. */
export const HUB3_FIELDS = [
  ["header", 8],
  ["currency", 3],
  ["amount", 15],
  ["payerName", 30],
  ["payerStreet", 27],
  ["payerCity", 27],
  ["recipientName", 25],
  ["recipientStreet", 25],
  ["recipientCity", 27],
  ["iban", 21],
  ["model", 4],
  ["reference", 22],
  ["purposeCode", 4],
  ["description", 35],
] as const;

export const HUB3_HEADER = "HRVHUB30";

// The letters of ISO-8859-2 that Croatian needs beyond ASCII.
const LATIN2: Record<string, number> = { Č: 0xc8, č: 0xe8, Ć: 0xc6, ć: 0xe6, Đ: 0xd0, đ: 0xf0, Š: 0xa9, š: 0xb9, Ž: 0xae, ž: 0xbe };

/** A field as the standard wants it: one line, characters it can carry, cut to its length. */
function clean(value: string, max: number): string {
  const chars = [
    ...value
      .replace(/[\r\n\t]+/g, " ")
      .replace(/[–—]/g, "-")
      .trim(),
  ].map((c) => {
    if (c in LATIN2 || (c >= " " && c <= "~")) return c;
    const plain = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return plain.length === 1 && plain >= " " && plain <= "~" ? plain : "?";
  });
  return chars.slice(0, max).join("");
}

/** The HUB-3 text, fields in order, each followed by LF (as Unicode text). */
export function hub3Text(slip: Hub3Slip): string {
  const values: Record<(typeof HUB3_FIELDS)[number][0], string> = {
    header: HUB3_HEADER,
    currency: slip.currency,
    amount: String(Math.max(0, Math.round(slip.amountCents))).padStart(15, "0"),
    payerName: slip.payerName,
    payerStreet: slip.payerStreet,
    payerCity: slip.payerCity,
    recipientName: slip.recipientName,
    recipientStreet: slip.recipientStreet,
    recipientCity: slip.recipientCity,
    iban: slip.iban.replace(/\s+/g, "").toUpperCase(),
    model: slip.model,
    reference: slip.reference,
    purposeCode: slip.purposeCode,
    description: slip.description,
  };
  return HUB3_FIELDS.map(([name, max]) => `${clean(values[name], max)}\n`).join("");
}

/** The text as ISO-8859-2 bytes, one character per byte (what the barcode encoder takes as binary text). */
export function latin2Binary(text: string): string {
  return [...text].map((c) => String.fromCharCode(LATIN2[c] ?? c.charCodeAt(0))).join("");
}

/**
 * Poziv na broj for model HR01 from the order number: digits and hyphens only, no
 * leading, trailing or doubled hyphen, at most 22 characters.
 */
export function paymentReference(orderSlug: string): string {
  return orderSlug
    .replace(/[^0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 22)
    .replace(/-$/, "");
}
