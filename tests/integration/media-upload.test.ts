import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { mediaFile } from "~/.server/media/media-root.server";
import { mediaUrl } from "~/lib/media";
import { mediaChoices, storeUploads, UPLOAD_LIMITS } from "~/modules/media/media-upload.server";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/** Uploads into the media library (the catalogue's images, decision 0045; spec §5 at most 20 files at once). */
let shop: Shop;
let db: Database;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
});
afterAll(() => shop.close());

const png = async (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
const file = (bytes: Buffer | string, name: string, type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("storeUploads", () => {
  it("stores images as public media rows with their dimensions, served in the spec's sizes", async () => {
    const [row] = await storeUploads([file(await png("#336699"), "Krov plavi.png")], { kind: "image" });
    expect(row).toMatchObject({
      title: "Krov plavi",
      mime: "image/png",
      extension: "png",
      width: 64,
      height: 48,
      access: "public",
      originalName: "Krov plavi.png",
    });
    expect(existsSync(mediaFile(row.path))).toBe(true);
    const response = await new Visitor(shop).request(mediaUrl(row, "thumbnail"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect((await mediaChoices({ q: "plavi" })).map((c) => c.id)).toContain(row.id);
  });

  it("reads the type from the content, not the name: a script named .png is refused and nothing is stored", async () => {
    const before = (await db.select({ id: media.id }).from(media)).length;
    const error = await refusal(
      storeUploads([file(await png("#fff"), "ok.png"), file("<script>alert(1)</script>", "evil.png")], { kind: "image" }),
    );
    expect(error.key).toBe("admin.upload.notImage");
    expect(error.values?.file).toBe("evil.png");
    expect((await db.select({ id: media.id }).from(media)).length).toBe(before);
  });

  it("refuses more than 20 files at once, empty and oversized files", async () => {
    const one = await png("#000");
    const many = Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, i) => file(one, `${i}.png`));
    expect((await refusal(storeUploads(many, { kind: "image" }))).key).toBe("admin.upload.tooMany");
    expect((await refusal(storeUploads([file(Buffer.alloc(0), "empty.png")], { kind: "image" }))).key).toBe("admin.upload.empty");
    const huge = file(Buffer.alloc(UPLOAD_LIMITS.imageBytes + 1), "huge.png");
    expect((await refusal(storeUploads([huge], { kind: "image" }))).key).toBe("admin.upload.tooLarge");
  });

  it("stores a PDF download as a private row that /media never serves", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const [row] = await storeUploads([file(pdf, "Upute.pdf", "application/pdf")], { kind: "download" });
    expect(row).toMatchObject({ access: "private", mime: "application/pdf", extension: "pdf" });
    expect(row.path.startsWith("downloads/")).toBe(true);
    const [stored] = await db.select().from(media).where(eq(media.id, row.id));
    expect(stored.access).toBe("private");
    expect((await mediaChoices({ q: "Upute" })).map((c) => c.id)).not.toContain(row.id);
  });

  it("ignores the empty file a form without a chosen file posts", async () => {
    expect(await storeUploads([file(Buffer.alloc(0), "", "application/octet-stream")], { kind: "image" })).toEqual([]);
  });
});
