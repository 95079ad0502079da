import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { auditLog, media, mediaFolders, pages, pageTranslations, productMedia, products } from "~/.server/db/schema";
import { mediaUrl } from "~/lib/media";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { decodeEntities, submit, toastOf } from "../setup/account-helpers";
import { formTokensOf, Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * The media library (decision 0052): the 20-file limit of a backoffice upload (spec §5),
 * texts per language, replacing a file keeping its URL, usage, deleting refused while
 * used, folders, private files never served by /media, and the dialog's JSON route. As a
 * browser without JavaScript (multipart posts with the page's CSRF token and honeypot).
 */
let shop: Shop;
let db: Database;
let editor: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
}, 60_000);
afterAll(() => shop?.close());

const png = (colour: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
const jpeg = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const file = (bytes: Buffer | string, name: string, type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/** A multipart post as the browser sends the upload and replace forms, with the page's tokens. */
async function postMultipart(
  visitor: Visitor,
  path: string,
  fields: Record<string, string | string[]>,
  files: { name: string; file: File }[],
  tokenFrom = path,
) {
  const page = await visitor.page(tokenFrom);
  const tokens = formTokensOf(page.html, tokenFrom);
  const body = new FormData();
  body.set("csrf", tokens.csrf);
  body.set("website", tokens.website);
  body.set("from__confirm", tokens.from__confirm);
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  for (const { name, file: f } of files) body.append(name, f);
  const response = await visitor.request(path, { method: "POST", body, headers: { Origin: visitor.origin } });
  if (response.status !== 302) return { status: response.status, html: decodeEntities(await response.text()), toast: null };
  const next = await visitor.get(response.headers.get("Location")!);
  const html = await next.text();
  return { status: 302, html: decodeEntities(html), toast: toastOf(html) };
}

const count = async () => (await db.select({ id: media.id }).from(media)).length;
const byName = async (originalName: string) =>
  (await db.select().from(media).where(eq(media.originalName, originalName)).orderBy(desc(media.id)))[0];

async function upload(names: string[], access = "public") {
  const files = await Promise.all(
    names.map(async (name, i) => ({ name: "files", file: file(await png(`#${(i * 40 + 20).toString(16).padStart(2, "0")}6699`), name) })),
  );
  return postMultipart(editor, "/admin/media", { intent: "upload", access, folderId: "" }, files);
}

function editFields(
  row: typeof media.$inferSelect,
  texts: Record<string, Partial<Record<"title" | "alt" | "description" | "displayName", string>>>,
  extra: Record<string, string> = {},
) {
  const fields: Record<string, string> = {
    intent: "save",
    revision: String(row.revision),
    access: row.access,
    folderId: row.folderId ? String(row.folderId) : "",
  };
  for (const l of ["hr", "en", "de"]) {
    fields[`texts.${l}.title`] = texts[l]?.title ?? (l === "hr" ? row.title : "");
    fields[`texts.${l}.alt`] = texts[l]?.alt ?? "";
    fields[`texts.${l}.description`] = texts[l]?.description ?? "";
    fields[`texts.${l}.displayName`] = texts[l]?.displayName ?? "";
  }
  return { ...fields, ...extra };
}

describe("upload", () => {
  it("refuses more than 20 files at once with a message naming the limit, and stores nothing", async () => {
    const before = await count();
    const one = await png("#123456");
    const files = Array.from({ length: 21 }, (_, i) => ({ name: "files", file: file(one, `mnogo-${i}.png`) }));
    const result = await postMultipart(editor, "/admin/media", { intent: "upload", access: "public", folderId: "" }, files);
    expect(result.status).toBe(400);
    expect(result.html).toContain("Odjednom možete prenijeti najviše 20 datoteka.");
    expect(await count()).toBe(before);
  });

  it("stores up to 20 files with their Croatian title and an audit row, and lists them", async () => {
    const result = await upload(["Krov crveni.png", "Krov zeleni.png"]);
    expect(result.status).toBe(302);
    expect(result.toast?.text).toBe("Prenesene su 2 datoteke.");
    const row = await byName("Krov crveni.png");
    expect(row).toMatchObject({ title: "Krov crveni", titles: { hr: "Krov crveni" }, access: "public", revision: 1, version: 1 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "media"), eq(auditLog.entityId, row.id)));
    expect(audit.action).toBe("upload");
    const { html } = await editor.page("/admin/media?q=crveni&view=list");
    expect(decodeEntities(html)).toContain("Krov crveni.png");
    expect(decodeEntities(html)).not.toContain("Krov zeleni.png");
  });

  it("refuses a file that is not an image as a public upload, nothing stored", async () => {
    const before = await count();
    const result = await postMultipart(editor, "/admin/media", { intent: "upload", access: "public" }, [
      { name: "files", file: file(PDF, "upute.pdf", "application/pdf") },
    ]);
    expect(result.status).toBe(400);
    expect(result.html).toContain("Datoteka upute.pdf nije slika");
    expect(await count()).toBe(before);
  });
});

describe("edit media", () => {
  it("saves title, alt, description and display name per language; a stale revision is refused", async () => {
    await upload(["Tekstovi.png"]);
    const row = await byName("Tekstovi.png");
    const texts = {
      hr: { title: "Krovni panel", alt: "Sivi krovni panel" },
      en: { title: "Roof panel", alt: "Grey roof panel", displayName: "Panel" },
      de: { alt: "Graues Dachpaneel", description: "Ein Paneel" },
    };
    const saved = await submit(editor, `/admin/media/${row.id}`, editFields(row, texts));
    expect(saved.status).toBe(302);
    expect(saved.toast?.text).toBe("Datoteka je spremljena.");
    const [after] = await db.select().from(media).where(eq(media.id, row.id));
    expect(after).toMatchObject({
      title: "Krovni panel",
      titles: { hr: "Krovni panel", en: "Roof panel" },
      alt: { hr: "Sivi krovni panel", en: "Grey roof panel", de: "Graues Dachpaneel" },
      displayNames: { en: "Panel" },
      descriptions: { de: "Ein Paneel" },
      revision: 2,
      version: 1,
    });
    // Search finds the alt text of any language.
    expect(decodeEntities((await editor.page("/admin/media?q=Dachpaneel&view=list")).html)).toContain("Tekstovi.png");

    const stale = await submit(editor, `/admin/media/${row.id}`, editFields(row, { hr: { title: "Stari naslov" } }));
    expect(stale.status).toBe(409);
    expect((await db.select().from(media).where(eq(media.id, row.id)))[0].title).toBe("Krovni panel");
  });

  it("refuses an empty Croatian title with a 400", async () => {
    await upload(["Bez naslova.png"]);
    const row = await byName("Bez naslova.png");
    const result = await submit(editor, `/admin/media/${row.id}`, editFields(row, { hr: { title: "" } }));
    expect(result.status).toBe(400);
  });

  it("answers 404 for a file that does not exist", async () => {
    expect((await editor.get("/admin/media/999999")).status).toBe(404);
    expect((await editor.get("/admin/media/abc")).status).toBe(404);
  });
});

describe("replace", () => {
  it("keeps the driveId and URL, bumps the version, and serves the new file at the old and the new URL", async () => {
    await upload(["Zamjena.png"]);
    const row = await byName("Zamjena.png");
    const oldUrl = mediaUrl({ ...row, version: 1 }, "thumbnail");
    expect((await editor.get(oldUrl)).status).toBe(200);
    const result = await postMultipart(editor, `/admin/media/${row.id}`, { intent: "replace", revision: String(row.revision) }, [
      { name: "file", file: file(await jpeg("#ff0000"), "Zamjena nova.jpg", "image/jpeg") },
    ]);
    expect(result.status).toBe(302);
    expect(result.toast?.text).toBe("Datoteka je zamijenjena; adresa je ostala ista.");
    const [after] = await db.select().from(media).where(eq(media.id, row.id));
    expect(after).toMatchObject({
      driveId: row.driveId,
      version: 2,
      mime: "image/jpeg",
      width: 80,
      height: 60,
      originalName: "Zamjena nova.jpg",
    });
    expect(after.hash).not.toBe(row.hash);
    const old = await new Visitor(shop).get(oldUrl);
    expect(old.status).toBe(200);
    const pixel = await sharp(Buffer.from(await old.arrayBuffer()))
      .raw()
      .toBuffer();
    expect([pixel[0], pixel[1], pixel[2]]).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(pixel[0]).toBeGreaterThan(200); // red: the new file
    expect((await new Visitor(shop).get(mediaUrl(after, "thumbnail"))).status).toBe(200);
  });

  it("refuses a replacement of another type (a PDF for an image)", async () => {
    await upload(["Slika ostaje.png"]);
    const row = await byName("Slika ostaje.png");
    const result = await postMultipart(editor, `/admin/media/${row.id}`, { intent: "replace", revision: String(row.revision) }, [
      { name: "file", file: file(PDF, "x.pdf", "application/pdf") },
    ]);
    expect(result.status).toBe(400);
    expect((await db.select().from(media).where(eq(media.id, row.id)))[0].version).toBe(1);
  });
});

describe("usage and deletion", () => {
  it("shows where a file is used and refuses to delete it (409 listing the usage); deletes it once unused", async () => {
    await upload(["Koristena.png"]);
    const row = await byName("Koristena.png");
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    const [page] = await db
      .select({ id: pageTranslations.id, components: pageTranslations.components })
      .from(pageTranslations)
      .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
      .where(eq(pages.postType, "page"))
      .limit(1);
    await db.insert(productMedia).values({ productId: product.id, mediaId: row.id, position: 99 });
    const component = { type: "image", image: { driveId: row.driveId, title: "x", alt: "" }, caption: "" };
    await db
      .update(pageTranslations)
      .set({ components: [...page.components, component] })
      .where(eq(pageTranslations.id, page.id));
    try {
      const detail = decodeEntities((await editor.page(`/admin/media/${row.id}`)).html);
      expect(detail).toContain("Koristi se na: 1 proizvod, 1 stranica");
      const refused = await submit(editor, `/admin/media/${row.id}`, { intent: "delete", revision: String(row.revision) });
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("Datoteka se koristi (1 proizvod, 1 stranica)");
      const bulk = await submit(editor, "/admin/media", { intent: "delete", ids: [String(row.id)] });
      expect(bulk.toast?.text).toBe("Obrisano: 0, zadržano jer se koristi: 1.");
      expect(await byName("Koristena.png")).toBeTruthy();
      // The "unused" filter leaves it out.
      expect(decodeEntities((await editor.page("/admin/media?unused=on&view=list&perPage=100")).html)).not.toContain("Koristena.png");
    } finally {
      await db.delete(productMedia).where(and(eq(productMedia.productId, product.id), eq(productMedia.mediaId, row.id)));
      await db.update(pageTranslations).set({ components: page.components }).where(eq(pageTranslations.id, page.id));
    }
    const deleted = await submit(editor, `/admin/media/${row.id}`, { intent: "delete", revision: String(row.revision) });
    expect(deleted.status).toBe(302);
    expect(deleted.toast?.text).toBe("Datoteka je obrisana.");
    expect(await byName("Koristena.png")).toBeUndefined();
    expect((await new Visitor(shop).get(mediaUrl(row, "thumbnail"))).status).toBe(404);
  });

  it("counts a driveId inside a page element's options or the Logo option", async () => {
    const { mediaUsage } = await import("~/modules/media-library/media-usage.server");
    await upload(["Logo.png"]);
    const row = await byName("Logo.png");
    const { options } = await import("~/.server/db/schema");
    const [option] = await db
      .insert(options)
      .values({ siteId: 1, key: `TestLogo${row.id}`, value: { src: mediaUrl(row), alt: "Logo" } })
      .returning();
    try {
      expect((await mediaUsage([row.id])).get(row.id)).toMatchObject({ settings: 1 });
    } finally {
      await db.delete(options).where(eq(options.id, option.id));
    }
  });
});

describe("folders and bulk move", () => {
  it("creates a folder, moves files into it, refuses to delete it while not empty, renames and deletes it", async () => {
    expect((await submit(editor, "/admin/media", { intent: "createFolder", name: "Projekti" })).toast?.text).toBe("Mapa je stvorena.");
    expect((await submit(editor, "/admin/media", { intent: "createFolder", name: "projekti" })).status).toBe(409);
    const [folder] = await db.select().from(mediaFolders).where(eq(mediaFolders.name, "Projekti"));
    await upload(["U mapu.png"]);
    const row = await byName("U mapu.png");
    const moved = await submit(editor, "/admin/media", { intent: "move", ids: [String(row.id)], folderId: String(folder.id) });
    expect(moved.toast?.text).toBe("Premješteno: 1, već u toj mapi: 0.");
    expect(decodeEntities((await editor.page(`/admin/media?folder=${folder.id}&view=list`)).html)).toContain("U mapu.png");
    const notEmpty = await submit(editor, "/admin/media", { intent: "deleteFolder", folder: String(folder.id), name: "Projekti" });
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.html).toContain("Mapa nije prazna pa se ne može obrisati.");
    expect(
      (await submit(editor, "/admin/media", { intent: "renameFolder", folder: String(folder.id), name: "Reference" })).toast?.text,
    ).toBe("Mapa je preimenovana.");
    await submit(editor, "/admin/media", { intent: "move", ids: [String(row.id)], folderId: "" });
    expect(
      (await submit(editor, "/admin/media", { intent: "deleteFolder", folder: String(folder.id), name: "Reference" })).toast?.text,
    ).toBe("Mapa je obrisana.");
  });
});

describe("private files", () => {
  it("never serves a private file at its media URL; only the backoffice gets the original", async () => {
    await upload(["Tajna.png"]);
    const row = await byName("Tajna.png");
    const url = mediaUrl(row, "medium");
    expect((await new Visitor(shop).get(url)).status).toBe(200);
    const made = await submit(editor, `/admin/media/${row.id}`, editFields(row, {}, { access: "private" }));
    expect(made.status).toBe(302);
    // Even a URL fetched before (the variant is on disk) is refused now.
    expect((await new Visitor(shop).get(url)).status).toBe(404);
    expect((await new Visitor(shop).get(mediaUrl(row, "thumbnail"))).status).toBe(404);
    const customer = await signInAsCustomer(shop, new Visitor(shop));
    expect((await customer.get(url)).status).toBe(404);
    expect((await customer.get(`/admin/media/${row.id}/file`)).status).not.toBe(200);
    expect((await new Visitor(shop).get(`/admin/media/${row.id}/file`)).status).not.toBe(200);
    const original = await editor.get(`/admin/media/${row.id}/file`);
    expect(original.status).toBe(200);
    expect(original.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses to make a file private while the shop shows it", async () => {
    await upload(["Javna.png"]);
    const row = await byName("Javna.png");
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.insert(productMedia).values({ productId: product.id, mediaId: row.id, position: 98 });
    try {
      const refused = await submit(editor, `/admin/media/${row.id}`, editFields(row, {}, { access: "private" }));
      expect(refused.status).toBe(409);
      expect((await byName("Javna.png")).access).toBe("public");
    } finally {
      await db.delete(productMedia).where(eq(productMedia.mediaId, row.id));
    }
  });

  it("stores private uploads (PDF) that /media never serves", async () => {
    const result = await postMultipart(editor, "/admin/media", { intent: "upload", access: "private" }, [
      { name: "files", file: file(PDF, "Prirucnik.pdf", "application/pdf") },
    ]);
    expect(result.status).toBe(302);
    const row = await byName("Prirucnik.pdf");
    expect(row).toMatchObject({ access: "private", mime: "application/pdf" });
    expect((await new Visitor(shop).get(mediaUrl(row, "medium"))).status).toBe(404);
  });
});

describe("the dialog's JSON route", () => {
  it("lists the library for an editor, uploads and edits title and alt; refuses customers", async () => {
    await upload(["Dijalog.png"]);
    const list = await editor.get("/admin/media/library.json?q=Dijalog&lang=en");
    expect(list.status).toBe(200);
    const data = (await list.json()) as { items: { id: number; driveId: string; revision: number; title: string }[] };
    expect(data.items.map((i) => i.title)).toContain("Dijalog");
    const item = data.items[0];
    const texts = {
      intent: "texts",
      id: String(item.id),
      revision: String(item.revision),
      "texts.hr.title": "Dijalog hr",
      "texts.hr.alt": "Alt hr",
      "texts.en.title": "Dialog en",
      "texts.en.alt": "Alt en",
      "texts.de.title": "",
      "texts.de.alt": "",
    };
    const saved = await editor.post("/admin/media/library.json?lang=en", texts, { tokenFrom: "/admin/media" });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { ok: boolean; items: { title: string; alt: string }[] }).items[0]).toMatchObject({
      title: "Dialog en",
      alt: "Alt en",
    });
    const stale = await editor.post("/admin/media/library.json?lang=en", texts, { tokenFrom: "/admin/media" });
    expect(stale.status).toBe(409);

    const uploaded = await postMultipart(
      editor,
      "/admin/media/library.json",
      { intent: "upload" },
      [{ name: "files", file: file(await png("#abcdef"), "Iz dijaloga.png") }],
      "/admin/media",
    );
    expect(uploaded.status).toBe(200);
    expect(await byName("Iz dijaloga.png")).toBeTruthy();

    // The library page sends its files here one by one, with the access it chose.
    const privateFile = await postMultipart(
      editor,
      "/admin/media/library.json",
      { intent: "upload", access: "private", folderId: "" },
      [{ name: "files", file: file(PDF, "Jedan po jedan.pdf", "application/pdf") }],
      "/admin/media",
    );
    expect(privateFile.status).toBe(200);
    expect(await byName("Jedan po jedan.pdf")).toMatchObject({ access: "private", mime: "application/pdf", origin: "library" });
    const refused = await postMultipart(
      editor,
      "/admin/media/library.json",
      { intent: "upload", access: "public", folderId: "" },
      [{ name: "files", file: file(PDF, "Nije slika.pdf", "application/pdf") }],
      "/admin/media",
    );
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.html)).toEqual({ ok: false, message: "Datoteka Nije slika.pdf nije slika (JPEG, PNG, WebP, AVIF ili GIF)." });

    const customer = await signInAsCustomer(shop, new Visitor(shop));
    expect((await customer.get("/admin/media/library.json")).status).not.toBe(200);
  });

  it("needs the CSRF token on posts", async () => {
    const response = await editor.post("/admin/media/library.json", { intent: "upload" }, { csrf: false, tokenFrom: "/admin/media" });
    expect(response.status).toBe(403);
  });
});

describe("admin access", () => {
  it("lets an admin in, and the CSV exports the filtered list", async () => {
    const admin = await loginAsAdmin(new Visitor(shop));
    expect((await admin.get("/admin/media")).status).toBe(200);
    const csv = await admin.get("/admin/media.csv?q=Krov");
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("Krov crveni.png");
    expect(text).not.toContain("Tajna.png");
  });
});
