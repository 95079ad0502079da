import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { forms, mailTemplates, media, mediaFolders, productMedia, productTranslations } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { loginAsAdmin } from "../setup/accounts";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The content screens say what is true: a folder counts the files it holds, a file used by
 * a product names that product (with a link), the attendee CSV's last column has a header,
 * an optional file field is not required in the page, and a template save says what the
 * sanitiser removed. As a browser without JavaScript.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const RUN = `istina${Date.now()}`;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
}, 240_000);
afterAll(() => shop?.close());

async function libraryFile(name: string, folderId: number | null = null) {
  const [row] = await db
    .insert(media)
    .values({
      driveId: randomUUID(),
      title: name,
      path: `originals/${name}.png`,
      mime: "image/png",
      extension: "png",
      size: 10,
      hash: "0".repeat(64),
      originalName: `${name}.png`,
      titles: { hr: name },
      folderId,
    })
    .returning();
  return row;
}

const dom = (html: string) => new JSDOM(html).window.document;

describe("the media library", () => {
  it("counts the files a folder holds", async () => {
    const [folder] = await db
      .insert(mediaFolders)
      .values({ name: `Mapa ${RUN}` })
      .returning();
    for (const n of [1, 2, 3, 4]) await libraryFile(`${RUN}-u-mapi-${n}`, folder.id);
    const { html } = await admin.page("/admin/media");
    const item = [...dom(html).querySelectorAll('[data-testid="media-folder"]')].find((li) => li.textContent?.includes(`Mapa ${RUN}`));
    expect(item?.textContent).toContain("(4 datoteke)");
  });

  it("names the product that uses a file, with a link to it", async () => {
    const row = await libraryFile(`${RUN}-proizvod`);
    const [product] = await db.select().from(productTranslations).where(eq(productTranslations.languageCode, "hrv")).limit(1);
    await db.insert(productMedia).values({ productId: product.productId, mediaId: row.id, position: 99 });
    const usage = dom((await admin.page(`/admin/media/${row.id}`)).html).querySelector('[data-testid="media-usage"]')!;
    expect(decodeEntities(usage.textContent ?? "")).toContain("1 proizvod");
    const link = usage.querySelector(`a[href="/admin/products/${product.productId}"]`);
    expect(link?.textContent).toBe(product.name);
  });
});

describe("the attendee CSV", () => {
  it("heads its last column with what the column holds", async () => {
    const created = await submit(admin, "/admin/events/new", {
      intent: "save",
      startsAt: "2099-06-10T18:00",
      endsAt: "2099-06-10T20:00",
      place: "Split",
      "translations.hr.title": `Radionica ${RUN}`,
      "translations.hr.descriptionHtml": "<p>Radionica.</p>",
    });
    const id = /\/admin\/events\/(\d+)/.exec(created.location ?? "")![1];
    const csv = await (await admin.get(`/admin/events/${id}/attendees.csv`)).text();
    const header = csv.replace(/^\uFEFF/, "").split(/\r?\n/)[0];
    expect(header).toBe("Ime i prezime;E-mail;Broj osoba;Napomena;Upisan");
  });
});

describe("a form's file field", () => {
  it("is required in the page only when the form builder says so", async () => {
    const slug = `datoteke-${RUN}`;
    await db.insert(forms).values({
      siteId: SITE_ID,
      slug,
      title: { hr: "Datoteke" },
      fields: [
        { name: "email", type: "email", label: { hr: "E-mail" }, required: true },
        { name: "optional", type: "file", label: { hr: "Fotografije" }, required: false },
        { name: "needed", type: "file", label: { hr: "Nacrt" }, required: true },
      ],
    });
    const page = dom((await new Visitor(shop).page(`/obrazac/${slug}`)).html);
    expect(page.querySelector('input[name="optional"]')?.hasAttribute("required")).toBe(false);
    expect(page.querySelector('input[name="needed"]')?.hasAttribute("required")).toBe(true);
  });
});

describe("the template editor", () => {
  const EDITOR = "/admin/templates/welcome";
  const version = async () =>
    String(
      (
        await db
          .select()
          .from(mailTemplates)
          .where(and(eq(mailTemplates.kind, "welcome"), eq(mailTemplates.locale, "hr")))
      )[0]?.version ?? 0,
    );

  it("says which kinds of content the save removed", async () => {
    const saved = await submit(admin, EDITOR, {
      intent: "save",
      version: await version(),
      subject: "Dobrodošli",
      bodyHtml: '<p style="color:red">Bok</p><img src="/slika.png" alt="" onerror="alert(1)"><script>alert(2)</script><style>p{}</style>',
    });
    expect(saved.status).toBe(302);
    expect(saved.toast?.type).toBe("warning");
    expect(saved.toast?.text).toBe(
      "Predložak je spremljen. Uklonjeno je ono što predlošci ne smiju sadržavati: skripte (<script>), rukovatelji događaja (npr. onerror), stilovi (style).",
    );
  });

  it("says nothing of removals when nothing was removed", async () => {
    const saved = await submit(admin, EDITOR, {
      intent: "save",
      version: await version(),
      subject: "Dobrodošli",
      bodyHtml: "<p>Bok</p>",
    });
    expect(saved.toast).toEqual({ type: "success", text: "Predložak je spremljen." });
  });
});
