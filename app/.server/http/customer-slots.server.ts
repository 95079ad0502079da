import type { CurrentUser, Shopper } from "../shopper.server";
import type { SlotSpec } from "./gzip-template.server";
import { HEART_STATE_PATTERN, heartStateText, keptProductsText } from "~/lib/wishlist-fields";

/**
 * The kept page of a signed-in customer (decision 0135). It is rendered once for a stand-in
 * customer whose name, e-mail and kept product are marks no real page holds; the marks and
 * each heart's state then become slots, filled per visitor the way the CSP nonce and the
 * CSRF token are. A mark reaches the page in two forms: as markup text (escaped as React
 * escapes it) and inside Remix's inline loader data (a turbo-stream line, itself a JSON
 * string in a script), where the value is escaped twice and then for the script element.
 */
const NAME_MARK = "Zq7standInName7qZ";
const EMAIL_MARK = "Zq7standInMail7qZ";
/** The stand-in's one kept product: no product has this id, so every heart renders unpressed. */
const KEPT_MARK = 918_273_645;

type Field = "name" | "email" | "wishlist";
const MARKS: [Field, string][] = [
  ["name", NAME_MARK],
  ["email", EMAIL_MARK],
  ["wishlist", String(KEPT_MARK)],
];
type Context = "html" | "data";
const slotOf = (field: Field, context: Context) => `\u0001${field}:${context}\u0001`;
const heartSlot = (index: number) => `\u0001heart:${index}\u0001`;
/** Both heart states take this many bytes (heartState in app/lib/wishlist-fields.ts). */
const HEART_BYTES = Buffer.byteLength(heartStateText(false));

/** What a kept page for customers holds besides its text: the product of each heart, in order, and whose comments it shows. */
export type CustomerSlots = { hearts: number[]; commentsOf: string | null };

/** Who the page is filled in for: the customer's name and e-mail (null for a visitor), their kept products and what they commented on. */
export type Visitor = { user: { firstName: string; email: string } | null; wishlist: readonly number[]; commentedOn: readonly string[] };

const STAND_IN_USER: CurrentUser = {
  id: 0,
  email: EMAIL_MARK,
  firstName: NAME_MARK,
  lastName: "",
  isBackofficeUser: false,
  scope: [],
  memberCardBarcode: null,
  customerGroupId: null,
};

/**
 * The shopper a kept page for customers is rendered for: a signed-in customer (or, for
 * `signedIn` false, a visitor) with no cart, no group, no comments, and one kept product
 * that does not exist.
 */
export function standInShopper(locale: Shopper["locale"], localeSwitched: boolean, signedIn: boolean): Shopper {
  return {
    locale,
    localeSwitched,
    sessionId: null,
    user: signedIn ? STAND_IN_USER : null,
    wishlist: [KEPT_MARK],
    commentedOn: [],
    cart: null,
    cartKeySent: false,
    memberCard: null,
    guestEmail: null,
    guestWishlist: [KEPT_MARK],
  };
}

/**
 * Whether a signed-in shopper sees the page every customer sees but for the slots: not a
 * backoffice user (edit mode, no hearts), not a customer group's member (their own prices),
 * and with a first name (the header shows the e-mail instead of an empty one).
 */
export function fillableCustomer(shopper: Shopper): Visitor | null {
  const { user } = shopper;
  if (!user || user.isBackofficeUser || user.customerGroupId !== null || !user.firstName) return null;
  return { user: { firstName: user.firstName, email: user.email }, wishlist: shopper.wishlist, commentedOn: shopper.commentedOn };
}

/** The ranges of the page's script elements, and whether each is Remix's inline loader data. */
function scriptRanges(body: string): { from: number; to: number; loaderData: boolean }[] {
  const ranges = [];
  for (const open of body.matchAll(/<script\b[^>]*>/g)) {
    const from = open.index + open[0].length;
    const to = body.indexOf("</script>", from);
    if (to < 0) break;
    ranges.push({ from, to, loaderData: body.slice(from, to).startsWith("window.__remixContext.streamController.enqueue(") });
  }
  return ranges;
}

/**
 * The page rendered for the stand-in with its marks and hearts made slots, or null when a
 * mark sits where no slot can fill it (a script other than the loader data) or the page
 * shows none of the wishlist's data (then it was not rendered as the root loader renders).
 */
export function slotCustomerPage(body: string): { template: string; slots: CustomerSlots } | null {
  const scripts = scriptRanges(body);
  const contextAt = (at: number): Context | null => {
    const script = scripts.find((range) => at >= range.from && at < range.to);
    return !script ? "html" : script.loaderData ? "data" : null;
  };
  let template = body;
  for (const [field, mark] of MARKS) {
    let misplaced = false;
    template = template.replace(new RegExp(mark, "g"), (_, at: number) => {
      const context = contextAt(at);
      if (!context) misplaced = true;
      return slotOf(field, context ?? "html");
    });
    if (misplaced) return null;
  }
  // The stand-in's kept product travels in the root loader's data: without it nothing can be filled.
  if (!template.includes(slotOf("wishlist", "data")) || template.includes(slotOf("wishlist", "html"))) return null;
  const hearts: number[] = [];
  template = template.replace(HEART_STATE_PATTERN, (whole, id: string) => {
    hearts.push(Number(id));
    // The state's bytes sit just before the pattern's last character.
    return `${whole.slice(0, whole.length - HEART_BYTES - 1)}${heartSlot(hearts.length - 1)}${whole.slice(-1)}`;
  });
  const commentsOf = /data-comments-of="([a-z]+:\d+)"/.exec(template)?.[1] ?? null;
  return { template, slots: { hearts, commentsOf } };
}

/** The slots of a kept page for customers, for the gzip template (a heart's state is of fixed length). */
export function customerSlotSpecs(slots: CustomerSlots): SlotSpec[] {
  const fields = MARKS.flatMap(([field]) => [slotOf(field, "html"), slotOf(field, "data")]);
  return [...fields, ...slots.hearts.map((_, i) => ({ marker: heartSlot(i), bytes: HEART_BYTES }))];
}

/** Whether the kept page must be rendered afresh for this visitor: it shows comments they wrote. */
export const showsOwnComments = (slots: CustomerSlots, visitor: Visitor) =>
  slots.commentsOf !== null && visitor.commentedOn.includes(slots.commentsOf);

// As React escapes text and attribute values.
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const inMarkup = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
// As Remix writes a turbo-stream line into its script: the value's JSON string, that
// line's JSON string, and the characters that would end or confuse the script element.
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const inLoaderData = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

/** The visitor's values for every slot of the kept page. */
export function customerSlotValues(slots: CustomerSlots, visitor: Visitor): Record<string, string> {
  const kept = new Set(visitor.wishlist);
  const text: Record<Field, string> = {
    name: visitor.user?.firstName ?? "",
    email: visitor.user?.email ?? "",
    wishlist: keptProductsText(visitor.wishlist),
  };
  const values: Record<string, string> = {};
  for (const [field] of MARKS) {
    values[slotOf(field, "html")] = inMarkup(text[field]);
    values[slotOf(field, "data")] = inLoaderData(text[field]);
  }
  slots.hearts.forEach((id, i) => (values[heartSlot(i)] = heartStateText(kept.has(id))));
  return values;
}
