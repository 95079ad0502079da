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
