import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { headOf } from "../setup/structured-data";

/**
 * The storefront's HTML as search engines and validators read it: one <main> per page (the
 * layout's), no <style> inside the body (the carousel's breakpoints live in the stylesheet),
 * the schema.org Article of a post and Event of an event, Open Graph tags on both, a home
 * title that says what the shop sells, and a raster og:image where the logo stands in.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const origin = "http://localhost:3000";
const POST = "/kako-ocistiti-oluke-prije-zime";
const PRODUCT = "/product/krovni-sendvic-panel-40-mm-pir";

async function html(path: string) {
  const response = await new Visitor(shop).get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The first upcoming event's path, from the events list. */
async function eventPath(prefix = "") {
  const list = new JSDOM(await html(`${prefix}/dogadjaji`.replace("/en/dogadjaji", "/en/events"))).window.document;
  return list.querySelector('[data-testid="events-upcoming"] a')!.getAttribute("href")!;
}

describe("markup", () => {
  it.each(["/", "/o-nama", "/reference", "/objave", POST, PRODUCT, "/upit-o-cijeni/krovni-sendvic-panel-40-mm-pir", "/obrazac/contact"])(
    "%s has exactly one <main> and no <style> in the body",
    async (path) => {
      const document = new JSDOM(await html(path)).window.document;
      expect(document.querySelectorAll("main")).toHaveLength(1);
      expect(document.querySelector("main")!.id).toBe("content");
      expect([...document.body.querySelectorAll("style")].map((s) => s.parentElement?.tagName)).toEqual([]);
    },
  );

  it("the home page's sliders are still there, laid out by the stylesheet", async () => {
    const document = new JSDOM(await html("/")).window.document;
    expect(document.querySelectorAll("[data-carousel]").length).toBeGreaterThan(0);
  });
});

describe("search engines and link previews", () => {
  it("a post carries an Article with headline, dates, author, picture and publisher, all absolute", async () => {
    const head = headOf(await html(POST));
    const article = head.one("Article");
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      headline: "Kako očistiti oluke prije zime",
      url: `${origin}${POST}`,
      mainEntityOfPage: `${origin}${POST}`,
      inLanguage: "hr",
      publisher: { "@type": "Organization", name: "Alu Krov d.o.o.", url: `${origin}/`, logo: `${origin}/brand/logo.png` },
    });
    expect(article.datePublished).toBe(head.meta("article:published_time"));
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(article.description).toBe(head.meta("description"));
    expect((article.author as { "@type": string; name: string })["@type"]).toMatch(/^(Person|Organization)$/);
    expect((article.author as { name: string }).name).toBeTruthy();
    expect(article.image).toEqual([head.meta("og:image")]);
    expect(head.meta("og:type")).toBe("article");
    // A CMS page that is not a post has none.
    expect(headOf(await html("/o-nama")).jsonLd.filter((o) => o["@type"] === "Article")).toEqual([]);
  });

  it("an event carries an Event with its dates, place and organiser, and Open Graph tags", async () => {
    const path = await eventPath();
    const page = await html(path);
    const head = headOf(page);
    const event = head.one("Event");
    const shown = new JSDOM(page).window.document;
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      name: shown.querySelector("h1")!.textContent,
      url: `${origin}${path}`,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Zagrebački velesajam, paviljon 5", address: "Zagrebački velesajam, paviljon 5" },
      organizer: { "@type": "Organization", name: "Alu Krov d.o.o.", url: `${origin}/` },
    });
    expect(Date.parse(event.startDate as string)).toBeLessThan(Date.parse(event.endDate as string));
    expect(event.startDate).toBe(shown.querySelector('[data-testid="event-start"]')?.getAttribute("datetime") ?? event.startDate);
    expect(head.meta("og:title")).toBe(head.document.title);
    expect(head.meta("og:description")).toBe(head.meta("description"));
    expect(head.meta("og:url")).toBe(`${origin}${path}`);
    expect(head.meta("og:url")).toBe(head.canonical);
    expect(head.meta("og:locale")).toBe("hr_HR");
    expect(head.meta("og:image")).toBe(`${origin}/brand/logo.png`);
    expect(head.meta("twitter:card")).toBe("summary");
  });

  it("an online event is held at a virtual location", async () => {
    const list = new JSDOM(await html("/dogadjaji")).window.document;
    const past = [...list.querySelectorAll('[data-testid="events-past"] a')].map((a) => a.getAttribute("href")!);
    const webinar = await Promise.all(past.map(async (path) => headOf(await html(path)).one("Event")));
    const online = webinar.find((e) => e.eventAttendanceMode === "https://schema.org/OnlineEventAttendanceMode");
    expect(online?.location).toMatchObject({ "@type": "VirtualLocation" });
  });

  it("the home title names the shop and its tagline in the page's language", async () => {
    expect(headOf(await html("/")).document.title).toBe("Alu Krov d.o.o. – Aluminijski krovni sustavi od 1998");
    expect(headOf(await html("/en")).document.title).toBe("Alu Krov d.o.o. – Aluminium roof systems since 1998");
    expect(headOf(await html("/de")).document.title).toBe("Alu Krov d.o.o. – Aluminium-Dachsysteme seit 1998");
    expect(headOf(await html("/")).meta("og:title")).toBe("Alu Krov d.o.o. – Aluminijski krovni sustavi od 1998");
  });

  it("where the SVG logo stands in for a picture, og:image is its 1200x630 PNG", async () => {
    const png = await sharp(fileURLToPath(new URL("../../public/brand/logo.png", import.meta.url))).metadata();
    expect([png.format, png.width, png.height]).toEqual(["png", 1200, 630]);
    for (const path of ["/", "/o-nama", await eventPath()]) {
      const image = headOf(await html(path)).meta("og:image");
      expect(image, path).toBe(`${origin}/brand/logo.png`);
    }
    // The product has pictures of its own: the image pipeline's JPEG.
    expect(headOf(await html(PRODUCT)).meta("og:image")).toMatch(/^http:\/\/localhost:3000\/media\/1\/.+\.jpg/);
  });
});
