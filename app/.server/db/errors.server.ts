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

/**
 * What says the database is gone rather than that it refused this query: the network
 * (refused, reset, unreachable, timed out), the server ending the session (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 "cannot connect now" while it starts or recovers,
 * 53300 too many connections), SQLSTATE class 08 (connection exception), and the messages
 * `pg` and its pool give a connection that died, timed out or was never had. Such a
 * request is answered 503 and the next one tries again (decision 0090).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
