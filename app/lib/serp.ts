/**
 * A search result's title and description as a search engine shows them (decision 0125):
 * about 60 characters of title and 155 of description, cut at a word with "…". The
 * editors' preview counts what the page will send and warns past these limits; the page's
 * own texts are never cut (engines decide for themselves, these are their usual widths).
 */
export const SERP_TITLE_LIMIT = 60;
export const SERP_DESCRIPTION_LIMIT = 155;
const ELLIPSIS = "…";

/** Characters as a reader counts them (an emoji or a č is one), not UTF-16 units. */
export function serpLength(text: string): number {
  return [...text].length;
}

/** One line's white space as a result shows it: runs become one space, none at either end. */
function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The text cut to at most `limit` characters, "…" included: at the last word boundary
 * when one is near (a result never ends in half a word), else mid-word (one long word).
 */
export function cutForSerp(text: string, limit: number): string {
  const clean = squash(text);
  const chars = [...clean];
  if (chars.length <= limit) return clean;
  const head = chars.slice(0, limit - 1).join("");
  const nextIsBreak = chars[limit - 1] === " ";
  const atWord = nextIsBreak ? head : head.replace(/\s+\S*$/, "");
  const kept = serpLength(atWord) >= limit * 0.6 ? atWord : head;
  return `${kept.replace(/[\s,;:.!?|–—-]+$/u, "")}${ELLIPSIS}`;
}

export type SerpLine = {
  /** What the result shows: the text cut with "…" when longer than the limit. */
  shown: string;
  /** Characters of the whole text (the counter). */
  length: number;
  limit: number;
  /** Past the limit: the editor is warned that it will be cut. */
  tooLong: boolean;
};

function line(text: string, limit: number): SerpLine {
  const clean = squash(text);
  const length = serpLength(clean);
  return { shown: cutForSerp(clean, limit), length, limit, tooLong: length > limit };
}

export type SerpPreview = {
  title: SerpLine;
  /** `fromPage`: the editor left it empty, so the page's own fallback (the start of its text) is shown, never with a warning. */
  description: SerpLine & { fromPage: boolean };
  url: string;
};

/**
 * The preview of a page's search result: `title` is the page's whole `<title>` (pageTitle()
 * with the shop's suffix), `description` the editor's meta description, and
 * `fallbackDescription` what the page sends when that is empty.
 */
export function serpPreview({
  title,
  description,
  fallbackDescription = "",
  url,
}: {
  title: string;
  description: string;
  fallbackDescription?: string;
  url: string;
}): SerpPreview {
  const own = squash(description);
  const fromPage = own === "";
  const shown = line(fromPage ? fallbackDescription : own, SERP_DESCRIPTION_LIMIT);
  // The page's own fallback is cut quietly: there is nothing the editor typed to shorten.
  return {
    title: line(title, SERP_TITLE_LIMIT),
    description: { ...shown, tooLong: !fromPage && shown.tooLong, fromPage },
    url,
  };
}
