import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failedRequests, pages, pageTranslations } from "~/.server/db/schema";
import { NAVIGATIONS } from "~/.server/db/seed/data/navigations";
import { PAGES } from "~/.server/db/seed/data/pages";
import { seedPages } from "~/.server/db/seed/pages.server";
import { resolveLink } from "~/lib/links";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { bootShop, type Shop } from "../setup/shop";
import { Visitor } from "../setup/client";
import { headOf } from "../setup/structured-data";

let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const navPages = NAVIGATIONS.flatMap((nav) => nav.items).filter((item) => item.linkType === "page");
const seeded = (slug: string) => PAGES.find((p) => p.hrv.slug === slug)!;

/** Inserts a published page straight into the database, bypassing the save-time sanitiser. */
async function insertPage(slug: string, bodyHtml: string, status: "published" | "draft" = "published") {
  const db = await shop.db();
  const [row] = await db.insert(pages).values({ siteId: 1, status, publishedAt: new Date() }).returning({ id: pages.id });
  await db.insert(pageTranslations).values({ pageId: row.id, languageCode: "hrv", title: `Naslov ${slug}`, slug, bodyHtml });
}

describe("CMS pages in Croatian", () => {
  it("has a page for every page link of the seeded navigations", () => {
    for (const item of navPages) expect(seeded(item.target), item.target).toBeDefined();
  });

  it.each(navPages.map((item) => [item.target, resolveLink(item, "hr").href] as const))(
    "%s answers 200 at %s with its title and body",
    async (slug, path) => {
      const { response, html } = await new Visitor(shop).page(path);
      expect(response.status, path).toBe(200);
      const page = seeded(slug).hrv;
      if (path === "/") {
        expect(html).toContain('data-testid="home"');
      } else {
        expect(html).toMatch(new RegExp(`<h1[^>]*>${page.title}</h1>`));
        expect(html).toContain(`<title>${page.title} | Alu Krov d.o.o.</title>`);
      }
      expect(html).toContain(`<meta name="description" content="${page.metaDescription}"/>`);
      // A phrase of the body (the first heading or paragraph start), rendered as HTML.
      const phrase = /<(h2|p)>([^<]{10,40})/.exec(page.bodyHtml)![2];
      expect(html).toContain(phrase);
    },
  );

  it("links the header and footer navigations to the pages", async () => {
    const { html } = await new Visitor(shop).page("/");
    for (const path of [
      "/o-nama",
      "/reference",
      "/kontakt",
      "/dostava-i-placanje",
      "/uvjeti-koristenja",
      "/politika-privatnosti",
      "/politika-kolacica",
    ]) {
      expect(html).toContain(`href="${path}"`);
    }
  });

  it("redirects the home page's slug to the root of the language", async () => {
    const visitor = new Visitor(shop);
    const hr = await visitor.get("/naslovna");
    expect(hr.status).toBe(301);
    expect(hr.headers.get("Location")).toBe("/");
    const en = await visitor.get("/en/home");
    expect(en.status).toBe(301);
    expect(en.headers.get("Location")).toBe("/en");
  });
});

describe("CMS pages in other languages", () => {
  it("shows the English translation at its own slug", async () => {
    const { response, html } = await new Visitor(shop).page("/en/about-us");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>About us | Alu Krov d.o.o.</title>");
    expect(html).toMatch(/<h1[^>]*>About us<\/h1>/);
    expect(html).toContain("is a family company founded in 1998");
    expect(html).not.toContain("untranslated-notice");
  });

  it("shows the German translation, and the English home body under /en", async () => {
    const de = await new Visitor(shop).page("/de/kontakt");
    expect(de.response.status).toBe(200);
    expect(de.html).toContain("Öffnungszeiten");
    const en = await new Visitor(shop).page("/en");
    expect(en.html).toContain("An aluminium roof for generations");
  });

  it("shows the Croatian text of an untranslated page under /en, marked as Croatian", async () => {
    const { response, html } = await new Visitor(shop).page("/en/reference");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Reference<\/h1>/);
    expect(html).toContain("Odabrani projekti");
    expect(html).toMatch(/<article[^>]*lang="hr"/);
    expect(html).toContain("This page is not yet available in English; it is shown in Croatian.");
  });

  it.each([
    ["/en/o-nama", "/en/about-us"],
    ["/de/o-nama", "/de/ueber-uns"],
    ["/en/kontakt?utm_source=x", "/en/contact?utm_source=x"],
    ["/en/naslovna", "/en"],
  ])("redirects %s permanently to %s", async (from, to) => {
    const response = await new Visitor(shop).get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(to);
  });

  it("links the navigations straight to translated slugs, and to the Croatian slug otherwise", async () => {
    const en = await new Visitor(shop).page("/en");
    expect(en.html).toContain('href="/en/about-us"');
    expect(en.html).toContain('href="/en/contact"');
    expect(en.html).toContain('href="/en/reference"');
    expect(en.html).not.toContain('href="/en/o-nama"');
    const de = await new Visitor(shop).page("/de");
    expect(de.html).toContain('href="/de/ueber-uns"');
    expect(de.html).toContain('href="/de/kontakt"');
  });

  it("does not find a slug of another language", async () => {
    expect((await new Visitor(shop).get("/en/ueber-uns")).status).toBe(404);
    expect((await new Visitor(shop).get("/about-us")).status).toBe(404);
  });
});

describe("language switch and hreflang", () => {
  it("links a page to its translation in every language", async () => {
    const { html } = await new Visitor(shop).page("/o-nama");
    const switcher = /data-testid="language-switch"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(switcher).toContain('href="/o-nama"');
    expect(switcher).toContain('href="/en/about-us"');
    expect(switcher).toContain('href="/de/ueber-uns"');
  });

  it("links an untranslated page to its Croatian slug under each prefix", async () => {
    const { html } = await new Visitor(shop).page("/de/reference");
    const switcher = /data-testid="language-switch"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(switcher).toContain('href="/reference"');
    expect(switcher).toContain('href="/en/reference"');
  });

  it("adds hreflang alternates and a canonical link to the head", async () => {
    const { html } = await new Visitor(shop).page("/en/about-us");
    // React writes the attribute as hrefLang; HTML attribute names are case-insensitive.
    const links = html.toLowerCase();
    expect(links).toContain('<link rel="alternate" hreflang="hr" href="http://localhost:3000/o-nama"/>');
    expect(links).toContain('<link rel="alternate" hreflang="de" href="http://localhost:3000/de/ueber-uns"/>');
    expect(links).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:3000/o-nama"/>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/en/about-us"/>');
  });

  it("gives every other page its alternates and canonical too (the route table's paths, the query kept), error pages none", async () => {
    const head = async (url: string) => {
      const response = await new Visitor(shop).get(url, { Accept: "text/html" });
      return { status: response.status, head: /<head>[\s\S]*<\/head>/.exec(await response.text())![0].toLowerCase() };
    };
    const cart = await head("/en/cart");
    expect(cart.head).toContain('<link rel="alternate" hreflang="hr" href="http://localhost:3000/kosarica"/>');
    expect(cart.head).toContain('<link rel="alternate" hreflang="de" href="http://localhost:3000/de/einkaufswagen"/>');
    expect(cart.head).toContain('<link rel="canonical" href="http://localhost:3000/en/cart"/>');
    const search = await head("/pretraga?search=krov&category=products");
    expect(search.head).toContain('<link rel="canonical" href="http://localhost:3000/pretraga?search=krov&amp;category=products"/>');
    expect(search.head.match(/rel="canonical"/g)).toHaveLength(1);
    const filtered = await head("/shop?page=2");
    expect(filtered.head).toContain('<link rel="canonical" href="http://localhost:3000/shop?page=2"/>');
    const tagged = await head("/o-nama?utm_source=newsletter");
    expect(tagged.head).toContain('<link rel="canonical" href="http://localhost:3000/o-nama"/>');
    const missing = await head("/ovo-ne-postoji");
    expect(missing.status).toBe(404);
    expect(missing.head).not.toContain('rel="canonical"');
    expect(missing.head).not.toContain("hreflang");
  });

  it("sends www.host to the bare host with a 301 (WwwPolicy no-www)", async () => {
    const response = await shop.handle(new Request("http://www.alu-krov.hr/o-nama?x=1", { headers: { Accept: "text/html" } }));
    expect([response.status, response.headers.get("Location")]).toEqual([301, "http://alu-krov.hr/o-nama?x=1"]);
  });

  it("lists the pages with their translations in the sitemap", async () => {
    const xml = await (await new Visitor(shop).get("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/o-nama</loc>");
    expect(xml).toContain('hreflang="en" href="http://localhost:3000/en/about-us"');
    expect(xml).not.toContain("/naslovna");
  });
});

describe("structured data and link previews (decision 0036)", () => {
  const origin = "http://localhost:3000";
  const headAt = async (path: string) => headOf(await (await new Visitor(shop).get(path)).text());

  it("names the organisation on the home page: name, url and the logo of the Logo option, absolute", async () => {
    const home = await headAt("/");
    expect(home.one("Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Alu Krov d.o.o.",
      url: `${origin}/`,
      logo: `${origin}/brand/logo.svg`,
    });
    expect((await headAt("/en")).one("Organization").url).toBe(`${origin}/en`);
  });

  it("gives a CMS page Open Graph and Twitter tags, and no Organization", async () => {
    const head = await headAt("/o-nama");
    expect(head.jsonLd.filter((o) => o["@type"] === "Organization")).toEqual([]);
    expect(head.meta("og:type")).toBe("website");
    expect(head.meta("og:title")).toBe(head.document.title);
    expect(head.meta("og:url")).toBe(head.canonical);
    expect(head.meta("og:locale")).toBe("hr_HR");
    // No picture of its own: the site logo, absolute, as a PNG (previews ignore an SVG).
    expect(head.meta("og:image")).toBe(`${origin}/brand/logo.png`);
    expect(head.meta("twitter:card")).toBe("summary");
  });
});

describe("unknown and unpublished pages", () => {
  it("answers an unknown slug with 404 and records the failed request", async () => {
    const response = await new Visitor(shop).get("/nepostojeca-stranica");
    expect(response.status).toBe(404);
    const db = await shop.db();
    const [row] = await db.select().from(failedRequests).where(eq(failedRequests.path, "/nepostojeca-stranica"));
    expect(row?.hits).toBe(1);
  });

  it("does not show a draft", async () => {
    await insertPage("skica", "<p>Još nije objavljeno</p>", "draft");
    expect((await new Visitor(shop).get("/skica")).status).toBe(404);
  });
});

describe("CMS HTML is sanitised", () => {
  it("stores the seeded bodies already sanitised", async () => {
    const db = await shop.db();
    const rows = await db.select({ slug: pageTranslations.slug, bodyHtml: pageTranslations.bodyHtml }).from(pageTranslations);
    expect(rows.length).toBeGreaterThanOrEqual(PAGES.length);
    for (const row of rows) expect(sanitizeCmsHtml(row.bodyHtml), row.slug).toBe(row.bodyHtml);
  });

  it("sanitises a stored body again when rendering it", async () => {
    await insertPage(
      "zlonamjerna",
      `<p>Siguran tekst</p><script>alert("xss-script")</script><img src="/a.webp" onerror="alert('xss-onerror')" alt="A">` +
        `<a href="javascript:alert('xss-href')">veza</a><iframe src="https://evil.example/xss-iframe"></iframe>`,
    );
    const { response, html } = await new Visitor(shop).page("/zlonamjerna");
    expect(response.status).toBe(200);
    expect(html).toContain("<p>Siguran tekst</p>");
    expect(html).toContain('<img src="/a.webp" alt="A" />');
    for (const payload of ["xss-script", "xss-onerror", "xss-href", "xss-iframe", "javascript:"]) expect(html).not.toContain(payload);
  });
});

describe("page seed", () => {
  it("is idempotent", async () => {
    const db = await shop.db();
    const before = await db.select({ n: count() }).from(pageTranslations);
    await seedPages(db);
    const after = await db.select({ n: count() }).from(pageTranslations);
    expect(after[0].n).toBe(before[0].n);
  });
});
