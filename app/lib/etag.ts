/** If-None-Match with weak comparison (RFC 9110 §13.1.2): a list of tags, or "*". */
export function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
