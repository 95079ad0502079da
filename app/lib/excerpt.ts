/** HTML as plain words: tags and non-breaking spaces become spaces, runs of white space one. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The start of a text as plain words: a post card's excerpt, a page's meta description when it has none of its own. */
export function excerptOf(html: string, max = 180): string {
  const text = plainTextOf(html);
  return text.length > max ? `${text.slice(0, max).replace(/\s+\S*$/, "")}…` : text;
}
