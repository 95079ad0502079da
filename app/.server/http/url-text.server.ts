import { localeFromPath } from "~/lib/locales";
import { invalidText } from "~/lib/untrusted-text";
import de from "../../../locales/de/http.json";
import en from "../../../locales/en/http.json";
import hr from "../../../locales/hr/http.json";

const MESSAGES = { hr: hr.http.invalidAddress, en: en.http.invalidAddress, de: de.http.invalidAddress };

/**
 * The text rule for the address of every request (decision 0083): a path segment or a query
 * name or value that decodes to NUL, another control character or a lone surrogate would
 * reach a loader's params or `searchParams` and then the database. Such a request is
 * answered here, before any route runs: 400 with a translated message. The API (/api/...)
 * is left to its router, which refuses the same with its JSON failure. A segment that is
 * not valid percent-encoding at all is left to Remix, which matches it undecoded (a 404).
 */
export function invalidAddressAnswer(url: string): Response | null {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  if (pathname === "/api" || pathname.startsWith("/api/")) return null;
  const refused =
    pathname.split("/").some((segment) => invalidText(decoded(segment))) ||
    [...searchParams].some(([name, value]) => invalidText(name) || invalidText(value));
  if (!refused) return null;
  return new Response(MESSAGES[localeFromPath(pathname)], {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}
