/**
 * Longest query string and path-and-query of an API call (decision 0084): every documented
 * query fits in far less. Node refuses more than 16 KiB of request line and headers before
 * the router sees it; that refusal is answered in JSON all the same (api-http.server.ts).
 */
import { REFUSED } from "./api-refusals";

export const API_QUERY_LIMIT = 4_096;
export const API_URL_LIMIT = 8_192;

const decodes = (part: string) => {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
};

/**
 * What is wrong with a call's path and query as sent, if anything: too long (414), or a
 * malformed percent-escape (%zz, a lone %) in the path or the query (400). Checked on the
 * raw request target in front of everything (the WHATWG URL parser and Remix keep or
 * re-encode "%zz" and would hand the endpoint text the caller never meant), and again by
 * the router.
 */
export function urlProblem(target: string): { status: 400 | 414; message: string } | null {
  const queryAt = target.indexOf("?");
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? "" : target.slice(queryAt + 1);
  if (target.length > API_URL_LIMIT || query.length > API_QUERY_LIMIT) return { status: 414, message: REFUSED.uriTooLong.message };
  if (!decodes(path) || !query.split("&").every((part) => decodes(part.replaceAll("+", " ")))) {
    return { status: 400, message: REFUSED.malformedUrl.message };
  }
  return null;
}
