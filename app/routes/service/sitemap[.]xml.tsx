import { buildSitemap } from "~/routes/service/sitemap.server";

/** /sitemap.xml (spec §1: sitemap generation on); 404 when AutoGenerateSiteMap is off. */
export async function loader() {
  const xml = await buildSitemap();
  if (xml === null) throw new Response("Not Found", { status: 404 });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
