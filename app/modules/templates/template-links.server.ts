import sanitizeHtml from "sanitize-html";
import { CMS_HTML_OPTIONS } from "~/modules/kernel/sanitize.server";
import { PLACEHOLDER } from "./template-variables";

/**
 * Links in mail templates (docs/decisions/0081). Two rules, both applied to HTML that has
 * been through the CMS allow-list (so every tag is `<...>` with double-quoted, escaped
 * attributes, and a token split on tags is exact):
 *
 * - A link or image points only at the shop's own origin (PUBLIC_URL); a link may also
 *   be mailto:/tel: (they load nothing). Checked on save (the editor is told) and again on
 *   every render, where an off-origin href is dropped and an image without a source goes.
 * - A secret variable (a one-time or signed token) is rendered only as the shop's own
 *   anchor: in text it becomes `<a href="value">value</a>`; an `<a href="{{link}}">`
 *   written as exactly that is rebuilt by the shop with that href and no other attribute;
 *   anywhere else in a tag (another attribute, a longer URL, an image) it is removed; a
 *   template's own anchor around it is unwrapped, so no link of the template's choosing
 *   can carry the token.
 */
const TAG = /(<[^>]*>)/;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/g;
const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The absolute address `url` stands for when it is the shop's own (or a mailto:/tel: link), else null. */
export function shopUrl(url: string, tag: string, origin: string): string | null {
  const trimmed = url.trim();
  if (tag === "a" && /^(mailto|tel):/i.test(trimmed)) return trimmed;
  try {
    const resolved = new URL(trimmed, `${origin}/`);
    return resolved.origin === new URL(origin).origin ? resolved.href : null;
  } catch {
    return null;
  }
}

type Token = { kind: "text"; text: string } | { kind: "open" | "close" | "void"; name: string; text: string };

function tokens(html: string): Token[] {
  return html
    .split(TAG)
    .filter(Boolean)
    .map((text): Token => {
      const tag = /^<(\/?)([a-z0-9]+)/i.exec(text);
      if (!tag) return { kind: "text", text };
      const name = tag[2]!.toLowerCase();
      return { kind: tag[1] ? "close" : text.endsWith("/>") ? "void" : "open", name, text };
    });
}

const attributes = (tag: string) =>
  [...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => ({ name: name!, value: decodeAttribute(value!) }));

/**
 * The href/src values of `html` as written (before the allow-list drops a `//host` or a
 * `javascript:` one silently) that do not point at the shop: what a save refuses.
 */
export function foreignLinks(html: string, origin: string): string[] {
  const found = new Set<string>();
  const check = (attribute: "href" | "src") => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const url = attribs[attribute];
    if (url !== undefined && !shopUrl(url, tagName, origin)) found.add(url);
    return { tagName, attribs };
  };
  sanitizeHtml(html, { ...CMS_HTML_OPTIONS, transformTags: { a: check("href"), img: check("src") } });
  return [...found];
}

const secretHref = (token: Token, secret: ReadonlySet<string>): string | null => {
  if (token.kind !== "open" || token.name !== "a") return null;
  const href = attributes(token.text).find((attribute) => attribute.name === "href")?.value ?? "";
  const name = /^\s*\{\{\s*([^{}]*?)\s*\}\}\s*$/.exec(href)?.[1];
  return name && secret.has(name) ? name : null;
};

const namesSecret = (text: string, secret: ReadonlySet<string>) => [...text.matchAll(PLACEHOLDER)].some(([, name]) => secret.has(name!));

/** Secret placeholders of sanitised `html` that stand inside a tag other than as an anchor's whole href (what a save refuses). */
export function misplacedSecrets(html: string, secret: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const token of tokens(html)) {
    if (token.kind === "text" || secretHref(token, secret)) continue;
    for (const [, name] of token.text.matchAll(PLACEHOLDER)) if (secret.has(name!)) found.add(name!);
  }
  return [...found];
}

/** The template anchors (their open and close token indexes) to unwrap: those around a secret or a shop-made anchor. */
function anchorsToUnwrap(list: Token[], secret: ReadonlySet<string>): Set<number> {
  const unwrap = new Set<number>();
  const open: { index: number; shop: boolean }[] = [];
  const markOpen = () => open.forEach((anchor) => !anchor.shop && unwrap.add(anchor.index));
  list.forEach((token, index) => {
    if (token.kind === "open" && token.name === "a") {
      const shop = secretHref(token, secret) !== null;
      if (shop) markOpen();
      open.push({ index, shop });
    } else if (token.kind === "close" && token.name === "a") {
      const anchor = open.pop();
      if (anchor && unwrap.has(anchor.index)) unwrap.add(index);
    } else if (token.kind === "text" && namesSecret(token.text, secret) && !open.some((anchor) => anchor.shop)) markOpen();
  });
  return unwrap;
}

const ONE_ADDRESS = /^https?:\/\/[^\s<>"]+$/;

/** A secret value as the shop's anchors: each web address in it a link to itself, the rest text. */
function shopAnchors(value: string): string {
  return value
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part).replace(/\r?\n/g, "<br>"),
    )
    .join("");
}

/**
 * Sanitised template `html` filled with `values` (escaped; a multi-line value with `<br>`),
 * the secret ones only as the shop's anchors (see above).
 */
export function fillMailHtml(html: string, values: Record<string, string>, secret: ReadonlySet<string>): string {
  const list = tokens(html);
  const unwrap = anchorsToUnwrap(list, secret);
  const value = (name: string) => (Object.hasOwn(values, name) ? (values[name] ?? "") : "");
  // The open anchors: the template's, the shop's (rebuilt around one secret address), or dropped (a secret of several addresses).
  const open: ("template" | "shop" | "dropped")[] = [];
  return list
    .map((token, index) => {
      if (unwrap.has(index)) return "";
      if (token.kind === "text")
        return token.text.replace(PLACEHOLDER, (_whole, name: string) =>
          secret.has(name) && !open.includes("shop") ? shopAnchors(value(name)) : escapeHtml(value(name)).replace(/\r?\n/g, "<br>"),
        );
      if (token.kind === "close" && token.name === "a") return open.pop() === "dropped" ? "" : token.text;
      if (token.kind !== "open" || token.name !== "a") return fillTag(token.text, value, secret);
      const name = secretHref(token, secret);
      if (name === null) {
        open.push("template");
        return fillTag(token.text, value, secret);
      }
      const address = value(name).trim();
      if (ONE_ADDRESS.test(address)) {
        open.push("shop");
        return `<a href="${escapeHtml(address)}">`;
      }
      // A block of several addresses (the download links) cannot be one href: its own anchors, then the label as text.
      open.push("dropped");
      return `${shopAnchors(value(name))} `;
    })
    .join("");
}

const fillTag = (tag: string, value: (name: string) => string, secret: ReadonlySet<string>) =>
  tag.replace(PLACEHOLDER, (_whole, name: string) => (secret.has(name) ? "" : escapeHtml(value(name))));

/** The CMS allow-list plus the origin rule: an off-origin href is dropped, an off-origin image goes; kept ones are absolute. */
export function sanitizeMailHtml(html: string, origin: string): string {
  const transforms = CMS_HTML_OPTIONS.transformTags ?? {};
  const cmsTransform = (name: string, attribs: sanitizeHtml.Attributes) => {
    const transform = transforms[name];
    return typeof transform === "function" ? transform(name, attribs) : { tagName: name, attribs };
  };
  const onlyShop = (name: string, attribute: "href" | "src") => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const result = cmsTransform(tagName, attribs);
    const { [attribute]: url, ...rest } = result.attribs;
    const kept = url === undefined ? null : shopUrl(url, name, origin);
    return { tagName: result.tagName, attribs: kept ? { ...rest, [attribute]: kept } : rest };
  };
  return sanitizeHtml(html, {
    ...CMS_HTML_OPTIONS,
    // Every kept source is the shop's own (checked above), on whatever scheme PUBLIC_URL has.
    allowedSchemesByTag: { img: ["http", "https"] },
    transformTags: { ...transforms, a: onlyShop("a", "href"), img: onlyShop("img", "src") },
  });
}
