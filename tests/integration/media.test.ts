import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { media, productMedia } from "~/.server/db/schema";
import { mediaFile, mediaRoot, originalPath } from "~/.server/media/media-root.server";
import { MEDIA_SIZES, mediaUrl, sizedDimensions, type MediaSize } from "~/lib/media";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

let shop: Shop;
let db: Database;
let visitor: Visitor;
type Row = typeof media.$inferSelect;
let rows: Row[];
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  visitor = new Visitor(shop);
  // Seeded product images, one per test that changes or caches something, so tests stay independent.
  rows = (await db.select().from(media).innerJoin(productMedia, eq(productMedia.mediaId, media.id)).orderBy(media.id)).map((r) => r.media);
});
afterAll(() => shop.close());

const SIZES = Object.keys(MEDIA_SIZES) as MediaSize[];
const cached = (row: Row, size: MediaSize, ext = "webp") => mediaFile(`cache/${row.driveId}/${row.version}/${size}.${ext}`);
const pixels = async (response: Response) => sharp(Buffer.from(await response.arrayBuffer())).metadata();

/** A raster original written to the media root, as an upload would store it. */
async function insertPng(width: number, height: number, values: Partial<Row> = {}) {
  const driveId = randomUUID();
  const png = await sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const relative = originalPath(driveId, "png");
  mkdirSync(path.join(mediaRoot(), "originals"), { recursive: true });
  writeFileSync(mediaFile(relative), png);
  const [row] = await db
    .insert(media)
    .values({
      driveId,
      title: "Krovni panel",
      path: relative,
      mime: "image/png",
      extension: "png",
      size: png.length,
      hash: createHash("sha256").update(png).digest("hex"),
      originalName: "panel.png",
      ...values,
    })
    .returning();
  return row;
}

describe("GET /media/... (seeded SVG product image)", () => {
  it.each(SIZES)("serves %s as WebP in the spec's pixel size with year-long cache headers", async (size) => {
    const row = rows[0];
    const response = await visitor.get(mediaUrl(row, size));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{16}-1-\w+-webp"$/);
    expect(new Date(response.headers.get("Last-Modified")!).getTime()).not.toBeNaN();
    const meta = await pixels(response);
    expect(meta.format).toBe("webp");
    const box = MEDIA_SIZES[size];
    expect([meta.width, meta.height]).toEqual(Object.values(sizedDimensions(row, size)));
    if (box.fit === "cover") expect([meta.width, meta.height]).toEqual([box.width, box.height]);
    else expect(meta.width! <= box.width && meta.height! <= box.height).toBe(true);
  });

  it("exact spec boxes: thumbnail 50x50, portrait 768x1024; an 800x600 SVG is 480x360 in medium", async () => {
    const row = rows[0];
    const sizes = await Promise.all(
      ["thumbnail", "portrait", "medium"].map(async (s) => pixels(await visitor.get(mediaUrl(row, s as MediaSize)))),
    );
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [50, 50],
      [768, 1024],
      [480, 360],
    ]);
  });

  it("renders once to the disk cache and serves the same file again", async () => {
    const row = rows[1];
    expect(existsSync(cached(row, "large"))).toBe(false);
    const first = await visitor.get(mediaUrl(row, "large"));
    const body = Buffer.from(await first.arrayBuffer());
    expect(existsSync(cached(row, "large"))).toBe(true);
    const mtime = statSync(cached(row, "large")).mtimeMs;
    const second = await visitor.get(mediaUrl(row, "large"));
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);
    expect(second.headers.get("Content-Length")).toBe(String(body.length));
    expect(statSync(cached(row, "large")).mtimeMs).toBe(mtime);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Last-Modified")).toBe(first.headers.get("Last-Modified"));
  });

  it("answers concurrent first requests with one identical file and no temporary files left", async () => {
    const row = rows[2];
    const responses = await Promise.all(Array.from({ length: 8 }, () => visitor.get(mediaUrl(row, "fullhd"))));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(bodies.every((b) => b.equals(bodies[0]))).toBe(true);
    expect(readdirSync(path.dirname(cached(row, "fullhd")))).toEqual(["fullhd.webp"]);
  });

  it("answers 304 to If-None-Match and If-Modified-Since", async () => {
    const url = mediaUrl(rows[0], "medium");
    const first = await visitor.get(url);
    const etag = first.headers.get("ETag")!;
    const revalidated = await visitor.get(url, { "If-None-Match": `"other", ${etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toContain("immutable");
    expect(await revalidated.text()).toBe("");
    expect((await visitor.get(url, { "If-None-Match": '"other"' })).status).toBe(200);
    expect((await visitor.get(url, { "If-Modified-Since": first.headers.get("Last-Modified")! })).status).toBe(304);
  });

  it("answers HEAD with the headers and no body", async () => {
    const url = mediaUrl(rows[0], "thumbnail");
    const full = await visitor.get(url);
    const head = await visitor.request(url, { method: "HEAD" });
    expect([head.status, head.headers.get("Content-Type")]).toEqual([200, "image/webp"]);
    expect(head.headers.get("Content-Length")).toBe(String((await full.arrayBuffer()).byteLength));
    expect(await head.text()).toBe("");
  });

  it("serves JPEG and PNG when the extension asks for it", async () => {
    const row = rows[3];
    const jpg = await visitor.get(mediaUrl(row, "thumbnail", "jpg"));
    expect([jpg.status, jpg.headers.get("Content-Type"), (await pixels(jpg)).format]).toEqual([200, "image/jpeg", "jpeg"]);
    const png = await visitor.get(mediaUrl(row, "thumbnail", "png"));
    expect([png.status, png.headers.get("Content-Type"), (await pixels(png)).format]).toEqual([200, "image/png", "png"]);
  });

  it("treats the title slug as cosmetic: a wrong one is served, naming the canonical URL", async () => {
    const row = rows[0];
    const response = await visitor.get(mediaUrl({ ...row, title: "nešto sasvim drugo" }, "thumbnail"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Link")).toBe(`<http://localhost:3000${mediaUrl(row, "thumbnail")}>; rel="canonical"`);
  });
});

describe("GET /media/... (raster originals, versions, access)", () => {
  it("fits a large original inside the box and records its pixel size when the row has none", async () => {
    const row = await insertPng(3000, 2000, { width: null, height: null });
    const fullhd = await pixels(await visitor.get(mediaUrl(row, "fullhd")));
    expect([fullhd.width, fullhd.height]).toEqual([1620, 1080]);
    const large = await pixels(await visitor.get(mediaUrl(row, "large")));
    expect([large.width, large.height]).toEqual([926, 617]);
    const [stored] = await db.select().from(media).where(eq(media.id, row.id));
    expect([stored.width, stored.height]).toEqual([3000, 2000]);
  });

  it("serves the current version immutably, an older version briefly, a future version not at all", async () => {
    const row = await insertPng(100, 100, { version: 3 });
    const current = await visitor.get(mediaUrl(row, "thumbnail"));
    expect([current.status, current.headers.get("Cache-Control")]).toEqual([200, "public, max-age=31536000, immutable"]);
    expect(mediaUrl(row, "thumbnail")).toMatch(/\/3$/);
    const older = await visitor.get(mediaUrl({ ...row, version: 2 }, "thumbnail"));
    expect([older.status, older.headers.get("Cache-Control")]).toEqual([200, "public, max-age=3600"]);
    expect((await visitor.get(mediaUrl({ ...row, version: 4 }, "thumbnail"))).status).toBe(404);
  });

  it("hides media that is not public, and media whose original file is gone", async () => {
    const hidden = await insertPng(60, 60, { access: "private" });
    expect((await visitor.get(mediaUrl(hidden, "thumbnail"))).status).toBe(404);
    const gone = await insertPng(60, 60, { path: "originals/missing.png" });
    expect((await visitor.get(mediaUrl(gone, "thumbnail"))).status).toBe(404);
  });

  it("answers a bare 404 for anything it does not know, and never reads outside the media root", async () => {
    const row = rows[0];
    const good = mediaUrl(row, "medium");
    const paths = [
      good.replace(row.driveId, randomUUID()), // unknown drive id
      good.replace(row.driveId, "not-a-uuid"), // would be a database error if it reached the query
      good.replace("/medium/", "/huge/"),
      good.replace("/medium/", "/MediumSize/"),
      good.replace(".webp", ".gif"),
      good.replace(".webp", ""),
      good.replace("/media/1/", "/media/2/"),
      `${good}/0`,
      `${good}/1/extra`,
      `/media/1/${row.driveId}/medium`,
      `/media/1/..%2F..%2F..%2Fetc%2Fpasswd/medium/x.webp`,
      `/media/1/${row.driveId}/..%2Fmedium/x.webp`,
    ];
    for (const p of paths) {
      const response = await visitor.get(p);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).toBe("");
    }
    expect(existsSync(path.join(mediaRoot(), "cache", "not-a-uuid"))).toBe(false);
    // Dot segments, even encoded, are resolved by URL parsing: this is /etc/passwd, the site's 404.
    expect((await visitor.get("/media/1/%2e%2e/%2e%2e/etc/passwd")).status).toBe(404);
    // The slug never reaches the file system: a traversal there is just an odd name for the image.
    const odd = await visitor.get(`/media/1/${row.driveId}/medium/..%2F..%2F..%2Fetc%2Fpasswd.webp`);
    expect([odd.status, odd.headers.get("Content-Type")]).toEqual([200, "image/webp"]);
  });
});
