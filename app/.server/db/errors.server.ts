/**
 * PostgreSQL error codes as both drivers report them: `pg` puts `code` on the error,
 * PGlite too, and Drizzle wraps either in a DrizzleQueryError whose `cause` holds it.
 */
function pgCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** A unique index refused the row (23505): the losing side of a race, or a duplicate. */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === "23505";
}

/**
 * The database refused a value itself (class 22, "data exception": a character it cannot
 * store such as NUL, invalid UTF-8, a text longer than its column, a number out of its
 * column's range, a malformed number or date; 54000: a value too large for an index). The
 * text rule and the schemas' bounds keep such values out (decision 0083); one that slips
 * through is still the caller's bad input, answered as a 400, never a 500.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = pgCode(error);
  return code !== undefined && (code.startsWith("22") || code === "54000");
}
