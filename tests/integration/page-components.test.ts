import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consentLogs, consents, formSubmissions, mailOutbox, pages, pageTranslations } from "~/.server/db/schema";
import { seedPageComponents } from "~/.server/db/seed/page-components.server";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { executableParts, XSS_CORPUS } from "../fixtures/xss-corpus";

/**
 * CMS pages built from components (decision 0014) and the contact form and database
 * forms on them (decision 0019): rendered in order, hostile HTML removed, submissions stored
 * with their consent log and mailed to SendEmailTo, without JavaScript and as a fetcher.
 */
let shop: Shop;
let db: Database;
let privacyConsent: number; // consent 1: the contact form's one required consent
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  privacyConsent = consent.id;
});
afterAll(() => shop.close());

const doc = (html: string) => new JSDOM(html).window.document;
const componentTypes = (html: string) =>
  [...doc(html).querySelectorAll("[data-testid=page-components] > *")].map(
    (el) => el.getAttribute("data-component") ?? el.getAttribute("data-testid"),
  );

async function insertPage(slug: string, components: unknown[], bodyHtml = "") {
  const [row] = await db.insert(pages).values({ siteId: 1, status: "published", publishedAt: new Date() }).returning({ id: pages.id });
  await db.insert(pageTranslations).values({ pageId: row.id, languageCode: "hrv", title: `Naslov ${slug}`, slug, bodyHtml, components });
  return row.id;
}

describe("pages from components", () => {
  it("renders the contact page's components in order: contact form, map link, a category's product slider", async () => {
    const { response, html } = await new Visitor(shop).page("/kontakt");
    expect(response.status).toBe(200);
    expect(componentTypes(html)).toEqual(["form", "map", "productSlider"]);
    const page = doc(html);
    expect(page.querySelector("[data-testid=form-contact]")?.getAttribute("action")).toBe("/obrazac/contact");
    const map = page.querySelector<HTMLAnchorElement>("[data-component=map] a")!;
    expect(map.href).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=45\.71250&mlon=16\.07560#map=15\//);
    expect(map.target).toBe("_blank");
    expect(map.rel).toBe("noopener noreferrer");
    const slider = page.querySelector("[data-component=productSlider]")!;
    expect(slider.querySelectorAll("[data-testid=product-card]").length).toBeGreaterThan(0);
    expect(slider.querySelectorAll("[data-testid=product-card]").length).toBeLessThanOrEqual(8);
    expect(slider.querySelector<HTMLAnchorElement>("a[href='/shop/krovni-paneli']")).not.toBeNull();
  });

  it("resolves links in the page's language; a tag's slider and certificates render", async () => {
    const hr = doc((await new Visitor(shop).page("/o-nama")).html);
    expect(hr.querySelector("[data-component=cta] a")?.getAttribute("href")).toBe("/kontakt");
    expect(hr.querySelector("[data-component=certificates]")?.textContent).toContain("ISO 9001");
    expect(hr.querySelectorAll("[data-component=productSlider] [data-testid=product-card]").length).toBeGreaterThan(0);
    const en = doc((await new Visitor(shop).page("/en/about-us")).html);
    expect(en.querySelector("[data-component=cta] a")?.getAttribute("href")).toBe("/en/contact");
    expect(en.querySelector("[data-testid=form-contact]")).toBeNull();
  });

  it("shows a database form and the latest blog posts on the references page", async () => {
    const page = doc((await new Visitor(shop).page("/reference")).html);
    // The demo blog's posts (newest first), each linking to its page.
    const posts = [...page.querySelectorAll("[data-component=postList] a[href]")];
    expect(posts.length).toBeGreaterThan(0);
    expect(page.querySelector("[data-component=postList]")?.textContent).not.toContain("Još nema objava.");
    const form = page.querySelector("[data-testid=form-upit-za-montazu]")!;
    expect(form.getAttribute("action")).toBe("/obrazac/upit-za-montazu");
    expect([...form.querySelectorAll("[name]")].map((el) => el.getAttribute("name"))).toEqual(
      expect.arrayContaining([
        "name",
        "email",
        "phone",
        "building",
        "area",
        "message",
        "oldRoofRemoval",
        "acceptedConsents",
        "csrf",
        "website",
      ]),
    );
  });

  it("lists the latest posts", async () => {
    const [post] = await db
      .insert(pages)
      .values({ siteId: 1, postType: "post", status: "published", publishedAt: new Date() })
      .returning({ id: pages.id });
    await db
      .insert(pageTranslations)
      .values({ pageId: post.id, languageCode: "hrv", title: "Nova dvorana pokrivena", slug: "nova-dvorana-pokrivena" });
    await insertPage("objave-test", [{ type: "postList", title: "Novo", limit: 2 }]);
    const page = doc((await new Visitor(shop).page("/objave-test")).html);
    expect(page.querySelector<HTMLAnchorElement>("[data-component=postList] a")?.getAttribute("href")).toBe("/nova-dvorana-pokrivena");
  });

  it("skips an unknown component or a missing form and still answers 200", async () => {
    await insertPage("cudne-komponente", [
      { type: "hologram" },
      { type: "form", slug: "nema-ga" },
      { type: "cta", title: "Ostaje", link: { label: "Idi", linkType: "nonsense", target: "x" } },
    ]);
    const { response, html } = await new Visitor(shop).page("/cudne-komponente");
    expect(response.status).toBe(200);
    expect(componentTypes(html)).toEqual(["cta"]);
    // An unknown link type falls back to the root (spec §2 Links).
    expect(doc(html).querySelector("[data-component=cta] a")?.getAttribute("href")).toBe("/");
  });

  it("leaves nothing executable of the XSS corpus in a text component or the page body", async () => {
    const hostile = XSS_CORPUS.join("\n");
    await insertPage("xss-korpus", [{ type: "text", html: hostile }], hostile);
    const { response, html } = await new Visitor(shop).page("/xss-korpus");
    expect(response.status).toBe(200);
    const page = doc(html);
    const body = page.querySelector("[data-testid=cms-page] > div:last-child")!.innerHTML;
    const text = page.querySelector("[data-component=text] > div")!.innerHTML;
    expect(executableParts(body)).toEqual([]);
    expect(executableParts(text)).toEqual([]);
    for (const part of [body, text]) expect(part).not.toMatch(/<script|onerror|javascript:|<iframe|<svg|<math|<style|expression\(/i);
  });

  it("the seed is idempotent and leaves an editor's components alone", async () => {
    const before = await db.select({ id: pageTranslations.id, components: pageTranslations.components }).from(pageTranslations);
    await db.transaction((tx) => seedPageComponents(tx));
    expect(await db.select({ id: pageTranslations.id, components: pageTranslations.components }).from(pageTranslations)).toEqual(before);
  });
});

const submissionsFrom = (email: string) => db.select().from(formSubmissions).where(eq(formSubmissions.email, email));
const mailsFrom = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "formSubmission"), eq(mailOutbox.replyTo, email)));
const logsOf = (email: string) => db.select().from(consentLogs).where(eq(consentLogs.email, email));

const contact = (email: string) => ({
  firstName: "Ana",
  lastName: "Kupac",
  from: email,
  contactNumber: "+385 98 123 4567",
  subject: "Ponuda za krov",
  content: "Molim ponudu za 120 m² panela.",
  acceptedConsents: String(privacyConsent),
});

async function toastAfter(visitor: Visitor, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const { html } = await visitor.page(location);
  const toast = /<div role="status" data-toast="(\w+)"[^>]*>([^<]*)<\/div>/.exec(html);
  return { location, type: toast?.[1], text: toast?.[2] };
}

describe("the contact form without JavaScript", () => {
  it("stores the message with its consent log, mails SendEmailTo with reply-to the sender, and goes back with a toast", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(
      "/obrazac/contact",
      { ...contact("Ana@Example.com"), redirectTo: "/kontakt" },
      { tokenFrom: "/kontakt" },
    );
    expect(await toastAfter(visitor, response)).toEqual({
      location: "/kontakt",
      type: "success",
      text: "Hvala! Vaša poruka je poslana, javit ćemo vam se uskoro.",
    });
    const [row] = await submissionsFrom("ana@example.com");
    expect(row).toMatchObject({ formSlug: "contact", formId: null, locale: "hr", userType: "anonymous" });
    expect(row.data).toEqual({
      firstName: "Ana",
      lastName: "Kupac",
      from: "ana@example.com",
      contactNumber: "+385 98 123 4567",
      subject: "Ponuda za krov",
      content: "Molim ponudu za 120 m² panela.",
    });
    const [log] = await logsOf("ana@example.com");
    expect(log.id).toBe(row.consentLogId);
    expect(log.sourceType).toBe("contactForm");
    const [mail] = await mailsFrom("ana@example.com");
    expect(mail.id).toBe(row.mailId);
    expect(mail.to).toBe("info@alu-krov.hr");
    expect(mail.subject).toBe("Kontakt obrazac: Ponuda za krov");
    expect(mail.text).toContain("Poruka: Molim ponudu za 120 m² panela.");
  });

  it("refuses wrong fields with translated messages per field, keeps what was typed and stores nothing", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(
      "/en/form/contact",
      { ...contact("bad@"), firstName: "", acceptedConsents: [], redirectTo: "/en/contact" },
      { tokenFrom: "/en/contact" },
    );
    expect(response.status).toBe(400);
    const page = doc(await response.text());
    // Sent again from here, a success still goes back to the page the form was on.
    expect(page.querySelector<HTMLInputElement>("[data-testid=form-contact] input[name=redirectTo]")?.value).toBe("/en/contact");
    const error = (name: string) => page.querySelector(`#form-contact-${name}-error`)?.textContent;
    expect(error("firstName")).toBe("This field is required");
    expect(error("from")).toMatch(/e-mail/i);
    expect(page.querySelector<HTMLInputElement>("#form-contact-subject")?.value).toBe("Ponuda za krov");
    expect(await submissionsFrom("bad@")).toHaveLength(0);
  });

  it("refuses a message without the required consent: core.notifications.consentRequired", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(
      "/obrazac/contact",
      { ...contact("noconsent@example.com"), acceptedConsents: [] },
      { tokenFrom: "/kontakt" },
    );
    expect(response.status).toBe(400);
    expect(doc(await response.text()).querySelector("[data-testid=form-block]")?.textContent).toContain("Molimo prihvatite");
    expect(await submissionsFrom("noconsent@example.com")).toHaveLength(0);
  });

  it("refuses a post without the CSRF token or with the honeypot filled, and an unknown form is 404", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.post("/obrazac/contact", contact("csrf@example.com"), { csrf: false })).status).toBe(403);
    expect((await visitor.post("/obrazac/contact", { ...contact("bot@example.com"), website: "http://spam" })).status).toBe(400);
    expect((await visitor.post("/obrazac/nema-ga", contact("x@example.com"))).status).toBe(404);
    expect(await submissionsFrom("csrf@example.com")).toHaveLength(0);
    expect(await submissionsFrom("bot@example.com")).toHaveLength(0);
  });

  it("goes back only to a path of this shop", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post("/obrazac/contact", { ...contact("offsite@example.com"), redirectTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/obrazac/contact");
  });

  it("shows the form on its own page", async () => {
    const { response, html } = await new Visitor(shop).page("/de/formular/contact");
    expect(response.status).toBe(200);
    expect(doc(html).querySelector("h1")?.textContent).toBe("Kontaktieren Sie uns");
  });
});

describe("a database form", () => {
  const installation = (email: string) => ({
    name: "Ivo Ivić",
    email,
    building: "house",
    area: "140",
    oldRoofRemoval: "on",
    acceptedConsents: String(privacyConsent),
  });

  it("stores its data as JSON with the consent log and mails it, in the page's language", async () => {
    const visitor = new Visitor(shop);
    const response = await visitor.post(
      "/en/form/upit-za-montazu",
      { ...installation("ivo@example.com"), redirectTo: "/en/reference" },
      { tokenFrom: "/en/reference" },
    );
    expect((await toastAfter(visitor, response)).location).toBe("/en/reference");
    const [row] = await submissionsFrom("ivo@example.com");
    expect(row).toMatchObject({ formSlug: "upit-za-montazu", locale: "en" });
    expect(row.formId).not.toBeNull();
    expect(row.data).toEqual({
      name: "Ivo Ivić",
      email: "ivo@example.com",
      phone: "",
      building: "house",
      area: "140",
      message: "",
      oldRoofRemoval: true,
    });
    expect(row.consentLogId).not.toBeNull();
    const [mail] = await mailsFrom("ivo@example.com");
    expect(mail.subject).toBe("Nova poruka s obrasca: Upit za izlazak na teren i montažu");
    expect(mail.text).toContain("Vrsta objekta: house");
    expect(mail.text).toContain("Potrebno je uklanjanje starog krova: da");
  });

  it("refuses a value outside a select's options", async () => {
    const response = await new Visitor(shop).post("/obrazac/upit-za-montazu", {
      ...installation("select@example.com"),
      building: "castle",
    });
    expect(response.status).toBe(400);
    expect(doc(await response.text()).querySelector("#form-upit-za-montazu-building-error")?.textContent).toBe(
      "Odaberite jednu od ponuđenih vrijednosti",
    );
  });
});

describe("the backoffice list of sent forms", () => {
  it("is for backoffice users only", async () => {
    const response = await new Visitor(shop).get("/admin/forms");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/adminLogin/);
  });
});

describe("with JavaScript: the page's fetcher gets the answer as data", () => {
  const asFetcher = async (fields: Record<string, string | string[]>) => {
    const response = await new Visitor(shop).post(
      "/obrazac/contact.data",
      { ...fields, via: "fetcher", redirectTo: "/kontakt" },
      { tokenFrom: "/kontakt" },
    );
    return { status: response.status, text: await response.text() };
  };

  it("answers success without a redirect and stores the message", async () => {
    const { status, text } = await asFetcher(contact("fetcher@example.com"));
    expect(status).toBe(200);
    expect(text).toContain("forms.sent");
    expect(await submissionsFrom("fetcher@example.com")).toHaveLength(1);
    expect(await mailsFrom("fetcher@example.com")).toHaveLength(1);
  });

  it("answers a refusal with the field's message", async () => {
    const { status, text } = await asFetcher({ ...contact("fetcher2@example.com"), content: "" });
    expect(status).toBe(400);
    expect(text).toContain("core.validation.required");
    expect(await submissionsFrom("fetcher2@example.com")).toHaveLength(0);
  });
});
