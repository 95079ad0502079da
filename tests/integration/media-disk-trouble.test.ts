import { readdirSync } from "node:fs";
import type * as FsPromises from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, formSubmissions, forms, media, productMedia } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { decodeEntities } from "../setup/account-helpers";
import { formTokensOf, Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff, signInAsStaff } from "../setup/staff";

/**
 * A media disk that is full (ENOSPC) or refuses writes (EROFS, EACCES) while a file is
 * uploaded, on every upload path: the media library (upload and replace), a product's
 * images, the section editor's upload and a shopper's form attachment. Each answers a
 * translated message with 507 (full) or 503 (refuses writes), leaves no file in MEDIA_DIR
 * (not even the half-written temporary one a full disk leaves) and no media row.
 *
 * The tests run as root, so a read-only directory (chmod) would still be written. The
 * failure is made where the operating system would make it: node:fs/promises' writeFile is
 * replaced, for paths under MEDIA_DIR only, by one that writes half the bytes and then fails
 * as a full disk does (or fails at once, as a read-only disk does); the shop's own writer
 * (app/.server/media/media-write.server.ts) runs unchanged.
 */
let shop: Shop;
let db: Database;
let editor: Visitor;
const RUN = `disk${Date.now()}`;
const mediaDir = () => path.resolve(process.env.MEDIA_DIR!);

const fsPromises = createRequire(import.meta.url)("node:fs/promises") as typeof FsPromises;
const realWriteFile = fsPromises.writeFile;

/** From now on a write under MEDIA_DIR fails with `code`; a full disk first writes half of the bytes. */
function diskFails(code: "ENOSPC" | "EROFS" | "EACCES") {
  fsPromises.writeFile = (async (file: Parameters<typeof realWriteFile>[0], data: Parameters<typeof realWriteFile>[1], options) => {
    if (typeof file !== "string" || !path.resolve(file).startsWith(mediaDir() + path.sep)) return realWriteFile(file, data, options);
    if (code === "ENOSPC" && data instanceof Uint8Array) await realWriteFile(file, data.subarray(0, data.length >> 1), options);
    throw Object.assign(new Error(`${code}: simulated, write '${file}'`), { code, path: file });
  }) as typeof realWriteFile;
  syncBuiltinESMExports();
}

afterEach(() => {
  fsPromises.writeFile = realWriteFile;
  syncBuiltinESMExports();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** What the disk and the media table hold, to compare after a refused upload. */
async function state() {
  return { files: filesUnder(mediaDir()), rows: (await db.select({ id: media.id }).from(media)).length };
}

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
}, 60_000);
afterAll(() => shop?.close());

const png = async (colour: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    ],
    "krov.png",
    {
      type: "image/png",
    },
  );

/** A multipart post with the page's tokens, as the browser sends an upload form. */
async function postMultipart(
  visitor: Visitor,
  to: string,
  fields: Record<string, string | string[]>,
  files: [string, File][],
  tokenFrom = to,
) {
  const tokens = formTokensOf((await visitor.page(tokenFrom)).html, tokenFrom);
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ...tokens })) for (const v of [value].flat()) body.append(key, v);
  for (const [name, file] of files) body.append(name, file);
  const response = await visitor.request(to, { method: "POST", body, headers: { Origin: visitor.origin } });
  return { status: response.status, text: decodeEntities(await response.text()) };
}

describe("a media disk in trouble", () => {
  it("the media library's upload: a full disk answers 507 with the message, no file, no row", async () => {
    const before = await state();
    diskFails("ENOSPC");
    const result = await postMultipart(editor, "/admin/media", { intent: "upload", access: "public", folderId: "" }, [
      ["files", await png("#336699")],
    ]);
    expect(result.status).toBe(507);
    expect(result.text).toContain("Datoteka krov.png nije spremljena: disk za medije je pun.");
    expect(await state()).toEqual(before);
  });

  it("the media library's replace: a read-only disk answers 503, the row and its file stay as they were", async () => {
    const [row] = await db.select().from(media).where(eq(media.access, "public")).limit(1);
    const before = await state();
    diskFails("EROFS");
    const result = await postMultipart(editor, `/admin/media/${row.id}`, { intent: "replace", revision: String(row.revision) }, [
      ["file", await png("#993366")],
    ]);
    expect(result.status).toBe(503);
    expect(result.text).toContain("Datoteka krov.png nije spremljena: disk za medije trenutačno ne dopušta zapisivanje.");
    expect(await state()).toEqual(before);
    expect((await db.select().from(media).where(eq(media.id, row.id)))[0]).toEqual(row);
  });

  it("a product's images in the editor: 507, the product saved nothing, no file, no row", async () => {
    const id = await catalogue(shop).idOf("AK-PNL-SND-40");
    const page = (await editor.page(`/admin/products/${id}`)).html;
    const { window } = new JSDOM(page);
    const form = window.document.querySelector<HTMLFormElement>('[data-testid="product-form"]')!;
    const fields: Record<string, string[]> = {};
    for (const [name, value] of new window.FormData(form))
      if (typeof value === "string" && !["csrf", "website", "from__confirm"].includes(name)) (fields[name] ??= []).push(value);
    const images = (await db.select().from(productMedia).where(eq(productMedia.productId, id))).length;
    const before = await state();
    diskFails("ENOSPC");
    const result = await postMultipart(editor, `/admin/products/${id}`, fields, [["imageUploads", await png("#669933")]]);
    expect(result.status).toBe(507);
    expect(result.text).toContain("Datoteka krov.png nije spremljena: disk za medije je pun.");
    expect(await state()).toEqual(before);
    expect((await db.select().from(productMedia).where(eq(productMedia.productId, id))).length).toBe(images);
  });

  it("the section editor's upload (its fetcher's answer): 503 with the message's key, no file, no row", async () => {
    const before = await state();
    diskFails("EACCES");
    // As the panel's fetcher posts it: single fetch's `.data` request, answered with the action's status.
    const to = "/admin/edit/upload.data";
    const result = await postMultipart(editor, to, {}, [["files", await png("#999933")]], "/admin/media");
    expect(result.status).toBe(503);
    expect(result.text).toContain("admin.upload.diskReadOnly");
    expect(result.text).toContain("krov.png");
    expect(await state()).toEqual(before);
  });

  it("a shopper's form attachment, in Croatian and English: 507 with the shop's message, no file, no row, no submission", async () => {
    const slug = `prilozi-${RUN}`;
    await db.insert(forms).values({
      siteId: SITE_ID,
      slug,
      title: { hr: "Prilozi", en: "Attachments" },
      fields: [
        { name: "email", type: "email", label: { hr: "E-mail" }, required: true },
        { name: "photos", type: "file", label: { hr: "Fotografije" }, required: false },
      ],
    });
    const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
    const shopper = new Visitor(shop);
    const before = await state();
    diskFails("ENOSPC");
    for (const [to, message] of [
      [`/obrazac/${slug}`, "Datoteku krov.png sada ne možemo spremiti. Pokušajte kasnije."],
      [`/en/form/${slug}`, "We cannot store the file krov.png now. Please try later."],
    ]) {
      const fields = { email: `${RUN}@example.com`, acceptedConsents: String(consent.id) };
      const result = await postMultipart(shopper, to, fields, [["photos", await png("#336633")]]);
      expect(result.status, to).toBe(507);
      expect(result.text, to).toContain(message);
    }
    expect(await state()).toEqual(before);
    expect(
      await db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.email, `${RUN}@example.com`)),
    ).toEqual([]);
  });

  it("once the disk is well again, the same upload is stored", async () => {
    const before = await state();
    const result = await postMultipart(editor, "/admin/media", { intent: "upload", access: "public", folderId: "" }, [
      ["files", await png("#336699")],
    ]);
    expect(result.status).toBe(302);
    const after = await state();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files.filter((f) => !before.files.includes(f))).toHaveLength(1);
    expect(after.files.some((f) => f.endsWith(".tmp"))).toBe(false);
  });
});
