import sanitizeHtml from "sanitize-html";

const SAFE_REL = new Set(["nofollow", "noopener", "noreferrer", "ugc", "sponsored"]);
const DIMENSION = /^\d{1,4}$/;

/** Keeps a number-only width/height/colspan/rowspan; anything else (e.g. "100%;x") is dropped. */
function keepNumeric(attribs: sanitizeHtml.Attributes, names: string[]) {
  const result = { ...attribs };
  for (const name of names) if (name in result && !DIMENSION.test(result[name])) delete result[name];
  return result;
}

/**
 * The allow-list for CMS HTML (DESIGN.md: sanitised when saved and when rendered). Only
 * document structure gets through: no script, style, iframe, forms, inline styles, classes
 * or event handlers, so a stored body can never run code or restyle the site.
 */
export const CMS_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "ul",
    "ol",
    "li",
    "a",
    "strong",
    "em",
    "br",
    "hr",
    "img",
    "blockquote",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  // Links: web, mail and phone addresses or relative paths; images: relative or https only.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // "//host/x" would load from any host with the page's scheme: not "relative" in our sense.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the page's only h1; a body h1 becomes a section heading.
    h1: sanitizeHtml.simpleTransform("h2", {}),
    b: sanitizeHtml.simpleTransform("strong", {}),
    i: sanitizeHtml.simpleTransform("em", {}),
    a: (tagName, attribs) => {
      const { target, rel, ...rest } = attribs;
      if (target === "_blank") {
        // A new tab must not get a handle on this window (reverse tabnabbing).
        return { tagName, attribs: { ...rest, target: "_blank", rel: "noopener noreferrer" } };
      }
      const safeRel = (rel ?? "").split(/\s+/).filter((token) => SAFE_REL.has(token.toLowerCase()));
      return { tagName, attribs: safeRel.length ? { ...rest, rel: safeRel.join(" ") } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: keepNumeric(attribs, ["width", "height"]) }),
    th: (tagName, attribs) => {
      const kept = keepNumeric(attribs, ["colspan", "rowspan"]);
      if (kept.scope && !["row", "col", "rowgroup", "colgroup"].includes(kept.scope)) delete kept.scope;
      return { tagName, attribs: kept };
    },
    td: (tagName, attribs) => ({ tagName, attribs: keepNumeric(attribs, ["colspan", "rowspan"]) }),
  },
  // An image whose source was refused would render as a broken image: drop it.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** CMS HTML reduced to the allow-list; call it when saving AND when rendering. */
export function sanitizeCmsHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, CMS_HTML_OPTIONS);
}

/** What the allow-list took out of a body, by kind, so a save can say so instead of dropping it silently. */
export const REMOVED_KINDS = ["scripts", "handlers", "styles", "tags", "attributes"] as const;
export type RemovedKind = (typeof REMOVED_KINDS)[number];

// Renamed on the way in (h1, b, i), not removed.
const TRANSFORMED = new Set(Object.keys(CMS_HTML_OPTIONS.transformTags ?? {}));
const ALLOWED_TAGS = new Set([...((CMS_HTML_OPTIONS.allowedTags as string[]) ?? []), ...TRANSFORMED]);

function removedAttribute(tag: string, name: string): RemovedKind | null {
  if (/^on/i.test(name)) return "handlers";
  if (name === "style") return "styles";
  const allowed = (CMS_HTML_OPTIONS.allowedAttributes as Record<string, string[]>)[tag === "h1" ? "h2" : tag] ?? [];
  return allowed.includes(name) ? null : "attributes";
}

/**
 * The kinds of content `sanitizeCmsHtml` would remove from `html`, in REMOVED_KINDS order.
 * A value refused for its form (a width "100%", a `javascript:` address) is not listed: the
 * editor's own checks name those.
 */
export function removedByCmsHtml(html: string | null | undefined): RemovedKind[] {
  if (!html) return [];
  const found = new Set<RemovedKind>();
  sanitizeHtml(html, {
    ...CMS_HTML_OPTIONS,
    onOpenTag: (name, attribs) => {
      const tag = name.toLowerCase();
      if (tag === "script") found.add("scripts");
      else if (tag === "style") found.add("styles");
      else if (!ALLOWED_TAGS.has(tag)) found.add("tags");
      if (tag === "script" || tag === "style") return;
      for (const attribute of Object.keys(attribs)) {
        const kind = removedAttribute(tag, attribute.toLowerCase());
        // A removed tag takes its attributes with it; only handlers and styles are worth naming.
        if (kind && (ALLOWED_TAGS.has(tag) || kind !== "attributes")) found.add(kind);
      }
    },
  });
  return REMOVED_KINDS.filter((kind) => found.has(kind));
}
