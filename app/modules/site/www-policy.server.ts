/**
 * The WwwPolicy CMS option (spec §3; "no-www" in the built-in settings): one host name for
 * every page, so that links, cookies and search engines see one site. Returns the URL to
 * send the visitor to with a 301, or null when the host already follows the policy.
 * Local and IP hosts are left alone (development, health checks).
 */
export function wwwPolicyRedirect(requestUrl: string, policy: unknown): string | null {
  const url = new URL(requestUrl);
  const host = url.hostname;
  if (host === "localhost" || /^[\d.]+$/.test(host) || host.includes(":") || !host.includes(".")) return null;
  const hasWww = host.startsWith("www.");
  if (policy === "no-www" && hasWww) url.hostname = host.slice(4);
  else if (policy === "www" && !hasWww) url.hostname = `www.${host}`;
  else return null;
  return url.toString();
}
