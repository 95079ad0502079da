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
