import { env } from "~/.server/env.server";
import { getSiteContext } from "~/modules/site/site.server";

/**
 * /robots.txt: what crawlers leave alone (the backoffice, the API, form posts, dev tools),
 * and the sitemap by its absolute URL from PUBLIC_URL (the robots protocol wants a full
 * URL; Lighthouse's SEO audit refuses a relative one). No sitemap line when
 * AutoGenerateSiteMap is off (/sitemap.xml is then 404).
 */
const DISALLOWED = ["/admin", "/adminLogin", "/api/", "/_cli/", "/actions/", "/section-tool"];

export async function loader() {
  const { options } = await getSiteContext("hr");
  const lines = ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`)];
  if (options.AutoGenerateSiteMap !== false) lines.push(`Sitemap: ${new URL("/sitemap.xml", env.PUBLIC_URL).href}`);
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
