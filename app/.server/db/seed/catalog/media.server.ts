import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { mediaFile, mediaRoot, originalPath } from "../../../media/media-root.server";
import type { Executor } from "../../client.server";
import { media, productMedia } from "../../schema";
import type { FlatProduct } from "./flatten";
import { productSvg, SVG_HEIGHT, SVG_WIDTH } from "./svg";

/**
 * A name-based (version 5 style) UUID: the same key always gives the same drive id, so a
 * second seed finds the media row and the file it wrote the first time.
 */
export function driveIdFor(key: string): string {
  const h = createHash("sha1").update(`alu-krov/media/${key}`).digest("hex");
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Writes each product's SVG original if it is missing and links it as the product's default image. */
export async function seedProductMedia(tx: Executor, all: FlatProduct[], idBySku: Map<string, number>) {
  const root = mediaRoot();
  mkdirSync(path.join(root, "originals"), { recursive: true });
  const items = all.map((p) => {
    const hr = p.translations.hrv!;
    const svg = productSvg({ name: hr.name, sku: p.sku, drawing: p.drawing, colour: p.colour });
    const driveId = driveIdFor(`product/${p.sku}`);
    const relative = originalPath(driveId, "svg");
    const file = mediaFile(relative, root);
    if (!existsSync(file)) writeFileSync(file, svg);
    const alt: Record<string, string> = { hr: hr.name };
    if (p.translations.eng) alt.en = p.translations.eng.name;
    if (p.translations.ger) alt.de = p.translations.ger.name;
    return {
      sku: p.sku,
      row: {
        driveId,
        title: hr.name,
        path: relative,
        mime: "image/svg+xml",
        extension: "svg",
        size: Buffer.byteLength(svg),
        hash: createHash("sha256").update(svg).digest("hex"),
        width: SVG_WIDTH,
        height: SVG_HEIGHT,
        access: "public" as const,
        originalName: `${hr.slug}.svg`,
        alt,
      },
    };
  });
  await tx.insert(media).values(items.map((i) => i.row)).onConflictDoNothing();
  const rows = await tx.select({ id: media.id, driveId: media.driveId }).from(media).where(inArray(media.driveId, items.map((i) => i.row.driveId)));
  const mediaId = new Map(rows.map((r) => [r.driveId, r.id]));
  await tx
    .insert(productMedia)
    .values(items.map((i) => ({ productId: idBySku.get(i.sku)!, mediaId: mediaId.get(i.row.driveId)!, position: 0, isDefault: true })))
    .onConflictDoNothing();
}
