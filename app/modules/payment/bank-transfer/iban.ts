/**
 * IBAN check digits (ISO 13616, mod 97 = 1): a mistyped recipient IBAN must not reach a
 * payment slip. Spaces are ignored; letters count as 10..35.
 */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  // Croatian IBANs are always 21 characters (HR + 2 check digits + 17 digits).
  if (iban.startsWith("HR") && !/^HR\d{19}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** Groups of four for reading: "HR12 1001 0051 8630 0016 0". */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
