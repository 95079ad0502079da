import { hasInvalidCharacters } from "./schema-fields";

/**
 * The one rule for text that enters the shop (decision 0083, DESIGN.md "Trust boundaries").
 * No text may hold a character no field accepts: NUL and the other C0 controls except tab,
 * LF and CR, DEL, a lone surrogate, U+FFFE/U+FFFF (`hasInvalidCharacters`, multi-line
 * form; a one-line field also refuses tab and line breaks in its own schema). PostgreSQL
 * cannot store NUL or a lone surrogate at all, so such a text would otherwise end in a
 * database error.
 * - Text a person typed (form fields, JSON strings and keys, query values, path
 *   parameters) is refused: a translated 400, nothing changed.
 * - The name of an uploaded file is not typed, and its owner may not even see a control
 *   character in it: it is cleaned (`cleanName`) and the upload goes on.
 */
export const invalidText = (value: string) => hasInvalidCharacters(value, { multiline: true });

/** The most refused places one answer names (a body of 100 kB could name thousands). */
const PLACES_MAX = 10;

/**
 * Where a parsed JSON value (or query or parameters) holds text the rule refuses: paths like
 * `cart.items.2.name` of strings and object keys, at most PLACES_MAX; empty when all pass.
 * Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function refusedTextPaths(value: unknown, root: string): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0 && found.length < PLACES_MAX) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (invalidText(item)) found.push(path);
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => pending.push([entry, `${path}.${index}`]));
    } else if (item && typeof item === "object") {
      for (const [key, entry] of Object.entries(item)) {
        if (invalidText(key)) found.push(`${path}.${cleanName(key)}`);
        else pending.push([entry, `${path}.${key}`]);
      }
    }
  }
  return found;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_NONCHARACTER = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]/g;
// Without the u flag a pair is two code units: a high one not followed by a low one, or a low one not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text (an uploaded file's name, a refused key shown back) without what the rule refuses: controls and noncharacters
 * dropped (a name has no use for tab or line breaks either), a lone surrogate replaced by
 * U+FFFD. "ro\u0000of.pdf" becomes "roof.pdf".
 */
export function cleanName(name: string): string {
  return name
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(CONTROL_OR_NONCHARACTER, "")
    .replace(/[\t\n\r]/g, " ")
    .trim();
}
