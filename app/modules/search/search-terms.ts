/**
 * Turns what a shopper typed into the pieces of a database search (see
 * drizzle/0006_search.sql for the document side). Pure, so it is tested without a database.
 */

/** Words taken from one search; more add nothing but cost. */
export const MAX_TERMS = 8;
/** Single letters (the "T" of "T-35", the "4" of "4,8") would match nearly everything. */
export const MIN_TERM_LENGTH = 2;
/** A SKU search needs a few characters: "ak" alone is the prefix of every SKU. */
export const MIN_SKU_PREFIX = 4;

export type SearchTerms = {
  /** to_tsquery('simple') text: every word as a prefix, all words required. */
  tsquery: string;
  /** The words joined by spaces, for trigram similarity when nothing matches exactly. */
  words: string;
  /** A LIKE pattern for SKUs starting with the text, or null when the text is too short. */
  skuPattern: string | null;
};

/**
 * Folds diacritics the way unaccent does for Croatian (č ć → c, š → s, ž → z, đ → d) and
 * drops other combining marks. The database folds again with unaccent, which also covers
 * letters NFD does not decompose (ß, ø).
 */
export function foldDiacritics(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d").replace(/Đ/g, "D");
}

const SOFTEN: Record<string, string> = { k: "c", g: "z", h: "s" };
const HARDEN: Record<string, string> = { c: "k", z: "g", s: "h" };

/**
 * Prefixes that find the usual Croatian forms of a word, without a dictionary:
 * - k, g, h turn into c, z, s before -i and in derived words (oluk → oluci, olučni;
 *   čelik → čelični), so a word ending in k/g/h also looks for the softened stem;
 * - a final vowel is usually an ending (krovni → krovna, krovnih; oluci → oluk), so a word
 *   of five letters or more also looks for its stem, hardened back where it was softened.
 * Variants that another variant already covers as a prefix are dropped.
 */
export function termVariants(word: string): string[] {
  const out = [word];
  const last = word.slice(-1);
  if (word.length >= 4 && SOFTEN[last]) out.push(word.slice(0, -1) + SOFTEN[last]);
  if (word.length >= 5 && /[aeiou]$/.test(word)) {
    const stem = word.slice(0, -1);
    out.push(stem);
    const end = stem.slice(-1);
    if (HARDEN[end]) out.push(stem.slice(0, -1) + HARDEN[end]);
  }
  const unique = [...new Set(out)];
  return unique.filter((v) => !unique.some((other) => other !== v && v.startsWith(other)));
}

/** The words of a text: letters and digits, folded and lower case, de-duplicated. */
export function searchWords(text: string): string[] {
  const words = foldDiacritics(text.toLowerCase())
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= MIN_TERM_LENGTH);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * The search for a normalised text, or null when it has no usable word and is no SKU
 * prefix either (the caller then answers with an empty result and no query). Words contain
 * only letters and digits, so nothing a shopper types can change the tsquery's syntax.
 */
export function searchTerms(text: string): SearchTerms | null {
  const words = searchWords(text);
  const compact = text.trim().toLowerCase();
  const skuPattern = compact.length >= MIN_SKU_PREFIX ? `${compact.replace(/[\\%_]/g, "\\$&")}%` : null;
  if (words.length === 0 && !skuPattern) return null;
  const tsquery = words
    .map((word) => {
      const variants = termVariants(word).map((v) => `${v}:*`);
      return variants.length === 1 ? variants[0] : `(${variants.join(" | ")})`;
    })
    .join(" & ");
  return { tsquery, words: words.join(" "), skuPattern };
}
