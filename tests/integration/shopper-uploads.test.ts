import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, formSubmissions, forms, media, mediaFolders } from "~/.server/db/schema";
import { mediaUrl } from "~/lib/media";
import { SITE_ID } from "~/modules/kernel/options";
import { decodeEntities, submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * Decision 0082: a file a shopper sends with a form belongs to its submission. The sales
 * inbox is the only place that shows and serves it (to a scope that may read the inbox);
 * the media library (list, search, CSV, the picker's JSON, detail, download, edit and the
 * access switch, replace, delete, bulk delete and move, folder counts) never lists or
 * touches it, for an editor and an admin alike, and nothing makes it public. As a browser
 * without JavaScript.
 */
let shop: Shop;
let db: Database;
let editor: Visitor;
let admin: Visitor;
let sales: Visitor;
let submissionId: number;
let photo: typeof media.$inferSelect;
let plan: typeof media.$inferSelect;
const RUN = `kupac${Date.now()}`;
// A photo straight from a phone: the original keeps its EXIF (here the camera's owner).
let photoBytes: Buffer;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const slug = `fotografije-${RUN}`;
  await db.insert(forms).values({
    siteId: SITE_ID,
    slug,
    title: { hr: "Fotografije krova" },
    fields: [
      { name: "email", type: "email", label: { hr: "E-mail" }, required: true },
      { name: "photos", type: "file", label: { hr: "Fotografije" }, required: false },
    ],
  });
  const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
  photoBytes = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#5a7d9a" } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Ivan Kupac, Ulica 1, Split" } })
    .toBuffer();

  const shopper = new Visitor(shop);
  const tokens = await shopper.formTokens(`/obrazac/${slug}`);
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...tokens, email: `${RUN}@example.com`, acceptedConsents: String(consent.id) }))
    body.set(key, value);
  body.append("photos", new File([new Uint8Array(photoBytes)], `${RUN}-krov.jpg`, { type: "image/jpeg" }));
  body.append("photos", new File([`%PDF-1.4\n% ${RUN}\n`], `${RUN}-nacrt.pdf`, { type: "application/pdf" }));
  const sent = await shopper.request(`/obrazac/${slug}`, { method: "POST", body, headers: { Origin: shopper.origin } });
  expect(sent.status).toBe(302);
  const [submission] = await db
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.email, `${RUN}@example.com`));
  submissionId = submission.id;
  const row = async (name: string) => (await db.select().from(media).where(eq(media.originalName, name)))[0];
  photo = await row(`${RUN}-krov.jpg`);
  plan = await row(`${RUN}-nacrt.pdf`);

  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
  admin = await signInAsStaff(new Visitor(shop), await createStaff(shop, "admin"));
  sales = await signInAsStaff(new Visitor(shop), await createStaff(shop, "sales"));
}, 240_000);
afterAll(() => shop?.close());

const reread = async (row: typeof media.$inferSelect) => (await db.select().from(media).where(eq(media.id, row.id)))[0];
const inboxFile = (row: typeof media.$inferSelect) => `/admin/enquiries/submission-${submissionId}/files/${row.driveId}`;

describe("a shopper's upload", () => {
  it("is stored as a shopper's file, private", () => {
    for (const row of [photo, plan]) expect(row).toMatchObject({ origin: "shopper", access: "private", folderId: null });
  });

  it("can never be public: the database refuses the write itself", async () => {
    await expect(db.update(media).set({ access: "public" }).where(eq(media.id, photo.id))).rejects.toThrow();
    expect((await reread(photo)).access).toBe("private");
  });
});

describe.each([
  ["an editor", () => editor],
  ["an admin", () => admin],
])("the media library, for %s", (_who, visitor) => {
  it("never lists it: grid, search, access and type filters, list view, CSV", async () => {
    for (const path of ["/admin/media", `/admin/media?q=${RUN}`, "/admin/media?access=private&view=list", "/admin/media?type=image"]) {
      const { response, html } = await visitor().page(path);
      expect(response.status, path).toBe(200);
      for (const hidden of [`${RUN}-krov`, `${RUN}-nacrt`, photo.driveId, plan.driveId]) expect(html, path).not.toContain(hidden);
    }
    const csv = await visitor().get(`/admin/media.csv?q=${RUN}`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    for (const hidden of [`${RUN}-krov`, `${RUN}-nacrt`, photo.driveId, plan.driveId]) expect(text).not.toContain(hidden);
  });

  it("the picker's JSON omits it and cannot change its texts", async () => {
    const list = await visitor().get(`/admin/media/library.json?q=${RUN}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ items: [], total: 0 });
    const all = (await (await visitor().get("/admin/media/library.json?type=image")).json()) as { items: { id: number }[] };
    expect(all.items.map((item) => item.id)).not.toContain(photo.id);

    const texts = await visitor().post(
      "/admin/media/library.json?lang=hr",
      {
        intent: "texts",
        id: String(photo.id),
        revision: String(photo.revision),
        "texts.hr.title": "Objavljeno",
        "texts.hr.alt": "Objavljeno",
        "texts.en.title": "",
        "texts.en.alt": "",
        "texts.de.title": "",
        "texts.de.alt": "",
      },
      { tokenFrom: "/admin/media" },
    );
    expect(texts.status).toBe(404);
    expect(await reread(photo)).toEqual(photo);
  });

  it("has no detail page and no download for it (404)", async () => {
    for (const row of [photo, plan]) {
      expect((await visitor().get(`/admin/media/${row.id}`)).status).toBe(404);
      expect((await visitor().get(`/admin/media/${row.id}/file`)).status).toBe(404);
    }
  });

  it("cannot switch it to public, replace or delete it (404, nothing changed)", async () => {
    const save = {
      intent: "save",
      revision: String(photo.revision),
      access: "public",
      folderId: "",
      ...Object.fromEntries(
        ["hr", "en", "de"].flatMap((l) =>
          ["title", "alt", "description", "displayName"].map((f) => [`texts.${l}.${f}`, l === "hr" ? "Krov" : ""]),
        ),
      ),
    };
    expect((await submit(visitor(), `/admin/media/${photo.id}`, save, "/admin/media")).status).toBe(404);
    expect((await submit(visitor(), `/admin/media/${plan.id}`, { ...save, revision: String(plan.revision) }, "/admin/media")).status).toBe(
      404,
    );
    for (const row of [photo, plan]) {
      const tokens = await visitor().formTokens("/admin/media");
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...tokens, intent: "replace", revision: String(row.revision) })) body.set(key, value);
      body.set("file", new File([new Uint8Array(photoBytes)], "zamjena.jpg", { type: "image/jpeg" }));
      const replaced = await visitor().request(`/admin/media/${row.id}`, { method: "POST", body, headers: { Origin: visitor().origin } });
      expect(replaced.status).toBe(404);
    }
    for (const row of [photo, plan])
      expect(
        (await submit(visitor(), `/admin/media/${row.id}`, { intent: "delete", revision: String(row.revision) }, "/admin/media")).status,
      ).toBe(404);
    expect(await reread(photo)).toEqual(photo);
    expect(await reread(plan)).toEqual(plan);
  });

  it("skips it in the bulk delete and the bulk move", async () => {
    const ids = [String(photo.id), String(plan.id)];
    const deleted = await submit(visitor(), "/admin/media", { intent: "delete", ids });
    expect(deleted.status).toBe(302);
    expect(deleted.toast?.type).toBe("warning");
    const name = `Mapa ${RUN} ${Math.random()}`;
    await submit(visitor(), "/admin/media", { intent: "createFolder", name });
    const [folder] = await db.select().from(mediaFolders).where(eq(mediaFolders.name, name));
    const moved = await submit(visitor(), "/admin/media", { intent: "move", ids, folderId: String(folder.id) });
    expect(moved.status).toBe(302);
    expect(moved.toast?.type).toBe("warning");
    expect(await reread(photo)).toEqual(photo);
    expect(await reread(plan)).toEqual(plan);
  });
});

describe("the sales inbox", () => {
  it("shows the files and serves the originals, as sent, to the scopes that read the inbox", async () => {
    for (const visitor of [sales, admin]) {
      const entry = await visitor.page(`/admin/enquiries/submission-${submissionId}`);
      expect(entry.response.status).toBe(200);
      expect(decodeEntities(entry.html)).toContain(`${RUN}-krov.jpg`);
      expect(entry.html).toContain(inboxFile(photo));
      const file = await visitor.get(inboxFile(photo));
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(photoBytes)).toBe(true);
      const pdf = await visitor.get(inboxFile(plan));
      expect(pdf.status).toBe(200);
      expect(await pdf.text()).toContain(RUN);
    }
  });

  it("is closed to an editor and to shoppers; /media never serves the file", async () => {
    expect((await editor.get(inboxFile(photo))).status).toBe(403);
    expect((await new Visitor(shop).get(inboxFile(photo))).status).toBe(302);
    for (const size of ["thumbnail", "medium", "large"] as const)
      expect((await new Visitor(shop).get(mediaUrl(photo, size))).status).toBe(404);
  });

  it("serves only a shopper's file through a submission, never a library file named in it", async () => {
    const [library] = await db.select().from(media).where(eq(media.origin, "library")).limit(1);
    const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
    const forged = { ...row.files[0], mediaId: library.id, driveId: library.driveId };
    await db
      .update(formSubmissions)
      .set({ files: [...row.files, forged] })
      .where(eq(formSubmissions.id, submissionId));
    expect((await sales.get(inboxFile(library))).status).toBe(404);
    await db.update(formSubmissions).set({ files: row.files }).where(eq(formSubmissions.id, submissionId));
  });
});
