import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { headOf } from "../setup/structured-data";

/**
 * Blog and events (spec §2 Blog category view, Post view, Event page; §9 posts sorted by
 * published_at descending, paginated-list page size 10): the demo seed has 12 live posts,
 * a draft and a post scheduled for next week, three categories, three tags, three events.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const doc = (html: string) => new JSDOM(html).window.document;
async function page(path: string) {
  const response = await new Visitor(shop).get(path);
  return { status: response.status, location: response.headers.get("Location"), document: doc(await response.text()) };
}
const titles = (d: Document) => [...d.querySelectorAll('[data-testid="post-card"] h2')].map((h) => h.textContent);
const dates = (d: Document) => [...d.querySelectorAll('[data-testid="post-card"] time')].map((t) => t.getAttribute("datetime")!);

describe("blog", () => {
  it("lists live posts newest first, ten a page, with first/previous/next/last", async () => {
    const first = await page("/objave");
    expect(first.status).toBe(200);
    expect(first.document.querySelector('[data-testid="blog-total"]')!.textContent).toBe("Objava: 12");
    expect(titles(first.document)).toHaveLength(10);
    expect(titles(first.document)[0]).toBe("Kako očistiti oluke prije zime");
    expect(dates(first.document)).toEqual([...dates(first.document)].sort().reverse());
    expect(first.document.body.textContent).not.toContain("Nacrt: zimska akcija");
    expect(first.document.body.textContent).not.toContain("Najava: novi katalog 2027");
    const nav = first.document.querySelector('[data-testid="pagination"]')!;
    expect(nav.querySelector('a[rel="next"]')!.getAttribute("href")).toBe("/objave?page=2");
    expect(nav.querySelector('a[rel="last"]')!.getAttribute("href")).toBe("/objave?page=2");
    expect(nav.querySelector('a[rel="prev"]')).toBeNull();

    const second = await page("/objave?page=2");
    expect(titles(second.document)).toHaveLength(2);
    expect(second.document.querySelector('[data-testid="pagination"] a[rel="first"]')!.getAttribute("href")).toBe("/objave");
    expect(second.document.querySelector('[data-testid="load-more"]')).toBeNull();
    expect((await page("/objave?page=9")).location).toBe("/objave?page=2");
  });

  it("load more lists pages 1..N in one list", async () => {
    const first = await page("/objave");
    const more = first.document.querySelector('[data-testid="load-more"]')!.getAttribute("href")!;
    expect(more).toBe("/objave?view=onepage&page=2");
    const all = await page(more);
    expect(titles(all.document)).toHaveLength(12);
    expect(all.document.querySelector('[data-testid="load-more"]')).toBeNull();
    expect(all.document.querySelector('[data-testid="pagination"]')).toBeNull();
  });

  it("a category view lists its posts; slugs are translated and the language switch follows them", async () => {
    const hr = await page("/objave/savjeti");
    expect(hr.document.querySelector("h1")!.textContent).toBe("Savjeti");
    expect(titles(hr.document)).toEqual([
      "Kako očistiti oluke prije zime",
      "Aluminij ili pocinčani lim: što odabrati",
      "Pregled krova nakon oluje",
      "Koliko olučnih vertikala treba vaša kuća",
      "Snjegobrani: kada su obavezni",
    ]);
    expect(hr.document.querySelector('link[rel="alternate"][hreflang="en"]')!.getAttribute("href")).toMatch(/\/en\/blog\/tips$/);
    expect(hr.document.querySelector('link[rel="alternate"][hreflang="de"]')!.getAttribute("href")).toMatch(/\/de\/blog\/tipps$/);
    const en = await page("/en/blog/tips");
    expect(en.document.querySelector("h1")!.textContent).toBe("Tips");
    expect(titles(en.document)[0]).toBe("How to clean gutters before winter");
    // A Croatian slug under /en redirects to the English one; a tag works like a category.
    expect((await page("/en/blog/savjeti")).location).toBe("/en/blog/tips");
    expect(titles((await page("/blog/oluci")).document)).toHaveLength(3);
  });

  it("answers 404 for unknown slugs and sends a post's slug under the blog to the post", async () => {
    expect((await page("/objave/nema-takve")).status).toBe(404);
    expect((await page("/nema-takve-objave")).status).toBe(404);
    expect((await page("/nacrt-zimska-akcija")).status).toBe(404);
    expect((await page("/najava-novi-katalog-2027")).status).toBe(404);
    expect((await page("/objave/kako-ocistiti-oluke-prije-zime")).location).toBe("/kako-ocistiti-oluke-prije-zime");
  });

  it("the post view shows title, sanitised body, author, date per locale, picture and its terms", async () => {
    const { status, document } = await page("/kako-ocistiti-oluke-prije-zime");
    expect(status).toBe(200);
    const view = document.querySelector('[data-testid="post-view"]')!;
    expect(view.querySelector("h1")!.textContent).toBe("Kako očistiti oluke prije zime");
    expect(view.querySelector('[data-testid="post-body"] h2')!.textContent).toBe("Što vam treba");
    expect(view.querySelector('[data-testid="post-author"]')!.textContent).toMatch(/^Autor: /);
    expect(view.querySelector('[data-testid="post-date"]')!.textContent).toMatch(/^Objavljeno \d{1,2}\. [a-zčćšž]+ \d{4}\.$/);
    expect(view.querySelector("img")!.getAttribute("src")).toMatch(/^\/media\//);
    const terms = [...view.querySelectorAll('[data-testid="post-terms"] a')].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(terms).toEqual([
      ["Savjeti", "/objave/savjeti"],
      ["#Oluci", "/objave/oluci"],
      ["#Održavanje", "/objave/odrzavanje"],
    ]);
    expect(document.querySelector('link[rel="alternate"][hreflang="en"]')!.getAttribute("href")).toMatch(
      /\/en\/how-to-clean-gutters-before-winter$/,
    );

    const en = await page("/en/how-to-clean-gutters-before-winter");
    expect(en.document.querySelector('[data-testid="post-date"]')!.textContent).toMatch(/^Published \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(en.document.querySelector('[data-testid="post-terms"] a')!.getAttribute("href")).toBe("/en/blog/tips");
    // An untranslated post shows the Croatian text, marked as such.
    const untranslated = await page("/en/obiteljska-kuca-samobor-novi-krov");
    expect(untranslated.document.querySelector('[data-testid="untranslated-notice"]')).not.toBeNull();
  });
});

describe("link previews of a post (decision 0036)", () => {
  it("has Open Graph article tags with the post's picture as an absolute image, and a Twitter card", async () => {
    const response = await new Visitor(shop).get("/kako-ocistiti-oluke-prije-zime");
    const head = headOf(await response.text());
    expect(head.meta("og:type")).toBe("article");
    expect(head.meta("og:title")).toMatch(/^Kako očistiti oluke prije zime \| /);
    expect(head.meta("og:url")).toBe("http://localhost:3000/kako-ocistiti-oluke-prije-zime");
    expect(head.meta("og:url")).toBe(head.canonical);
    expect(head.meta("og:locale")).toBe("hr_HR");
    expect(head.meta("og:image")).toMatch(/^http:\/\/localhost:3000\/media\/1\//);
    expect(head.meta("article:published_time")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    const en = headOf(await (await new Visitor(shop).get("/en/how-to-clean-gutters-before-winter")).text());
    expect(en.meta("og:locale")).toBe("en_GB");
    expect(en.meta("og:url")).toBe("http://localhost:3000/en/how-to-clean-gutters-before-winter");
  });
});

describe("events", () => {
  it("the event page shows title, start and end per locale, place, description and attendees", async () => {
    const list = await page("/dogadjaji");
    const links = [...list.document.querySelectorAll('[data-testid="events-upcoming"] a')].map((a) => [
      a.textContent,
      a.getAttribute("href")!,
    ]);
    expect(links.map(([title]) => title)).toEqual(["Sajam graditeljstva 2026", "Radionica: montaža oluka"]);
    expect(list.document.querySelector('[data-testid="events-past"]')!.textContent).toContain("Webinar: održavanje krova");

    const event = await page(links[0][1]);
    expect(event.status).toBe(200);
    const view = event.document.querySelector('[data-testid="event-page"]')!;
    expect(view.querySelector("h1")!.textContent).toBe("Sajam graditeljstva 2026");
    expect(view.querySelector('[data-testid="event-start"]')!.textContent).toMatch(/^\d{1,2}\. [a-zčćšž]+ \d{4}\. u \d{2}:\d{2}$/);
    expect(view.querySelector('[data-testid="event-end"]')!.textContent).toMatch(/u \d{2}:\d{2}$/);
    expect(view.querySelector('[data-testid="event-place"]')!.textContent).toBe("Zagrebački velesajam, paviljon 5");
    expect(view.querySelector('[data-testid="event-attendees"]')!.textContent).toBe("120");
    expect(view.querySelector('[data-testid="event-description"] p')!.textContent).toContain("Ulaz je slobodan");

    const id = links[0][1].split("/").pop();
    const de = await page(`/de/event/${id}`);
    expect(de.document.querySelector("h1")!.textContent).toBe("Baumesse 2026");
    expect(de.document.querySelector('[data-testid="event-start"]')!.textContent).toMatch(/ um \d{2}:\d{2}$/);
    expect((await page("/dogadjaj/999999")).status).toBe(404);
    expect((await page("/dogadjaj/abc")).status).toBe(400);
  });

  it("the blog shows upcoming events beside the posts", async () => {
    const { document } = await page("/objave");
    expect([...document.querySelectorAll('[data-testid="event-list"] a')].map((a) => a.textContent)).toEqual([
      "Sajam graditeljstva 2026",
      "Radionica: montaža oluka",
    ]);
  });
});

describe("sitemap", () => {
  it("lists posts, blog categories and events in every language", async () => {
    const response = await new Visitor(shop).get("/sitemap.xml");
    const xml = await response.text();
    expect(xml).toContain("/kako-ocistiti-oluke-prije-zime</loc>");
    expect(xml).toContain("/en/how-to-clean-gutters-before-winter</loc>");
    expect(xml).toContain("/objave/savjeti</loc>");
    expect(xml).toContain("/de/blog/tipps</loc>");
    expect(xml).toMatch(/\/dogadjaj\/\d+<\/loc>/);
    expect(xml).toContain("/dogadjaji</loc>");
    expect(xml).not.toContain("nacrt-zimska-akcija");
    expect(xml).not.toContain("najava-novi-katalog-2027");
  });
});
