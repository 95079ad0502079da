/**
 * The ONE gate of redirect targets (DESIGN.md "Trust boundaries": "Every redirect target
 * goes through one helper that accepts only a plain local path (no control characters, no
 * backslashes, no scheme, no `//`)"). Every redirect parameter a request
 * brings (redirectTo, a mail's url goal, a referring page) is read through `localPath`
 * before it reaches a Location header or a hidden field; remix-utils' safeRedirect is
 * forbidden outside this file (eslint.config.js), because it lets tabs, CR/LF and
 * percent-encoded slashes through.
 *
 * Refused, also when percent-encoded (once or several times over): C0 and C1 control
 * characters, DEL, line and paragraph separators, a backslash, anything but one leading
 * `/` (so no scheme, no `//`, `/\`, `/%2F`), and a path that resolves off the shop
 * (`/.//evil`). An accepted path comes back as given, with characters outside printable
 * ASCII percent-encoded so the Location header stays valid.
 */

const MAX_LENGTH = 2000;
const BASE = "http://local.invalid";
// C0, DEL, C1 (\p{Cc}), the line and paragraph separators, the byte-order mark, lone surrogates.
const FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029\uFEFF\\]/u;
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/** One round of percent-decoding; a run that is not valid UTF-8 is read byte by byte. */
function decodeOnce(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** A form of the target a browser or proxy might see: plain, or decoded once or more. */
function isPlainLocal(form: string): boolean {
  if (FORBIDDEN.test(form)) return false;
  // One leading slash and no second one (or backslash, refused above) right after it.
  return form.startsWith("/") && !form.startsWith("//");
}

/** True when `value` may be a redirect target of this shop. */
export function isLocalPath(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value.length > MAX_LENGTH) return false;
  let form = value;
  for (let round = 0; round < 4; round++) {
    if (!isPlainLocal(form)) return false;
    const decoded = decodeOnce(form);
    if (decoded === form) break;
    form = decoded;
    if (round === 3) return false; // still changing after four rounds: not a plain path
  }
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE && !url.pathname.startsWith("//") && !url.pathname.startsWith("/\\");
  } catch {
    return false;
  }
}

/** `value` when it is a plain local path (non-ASCII percent-encoded), else `fallback`. */
export function localPath(value: unknown, fallback: string): string {
  if (!isLocalPath(value)) return fallback;
  return asciiPath(value);
}

/** A local path with every character outside printable ASCII percent-encoded, as a Location header or an href carries it. */
export const asciiPath = (path: string): string => path.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));

/** The remembered local path of a query or form, or null when there is none or it is not local. */
export function localPathOrNull(value: unknown): string | null {
  return isLocalPath(value) ? localPath(value, "") : null;
}
