import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { mediaFile, mediaRoot, originalPath } from "../../../media/media-root.server";
import type { Executor } from "../../client.server";
import { media, productMedia } from "../../schema";
import type { FlatProduct } from "./flatten";
import { shade } from "./svg-shapes";
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

/**
 * Demo products with more than one picture (the product page's gallery, decision 0037):
 * the same drawing again in a darker and a lighter shade of the product's colour, as
 * stand-ins for detail and installed views.
 */
export const GALLERY_VIEWS: Record<string, { key: string; shade: number; label: Record<"hr" | "en" | "de", string> }[]> = {};
const DETAIL = { key: "detail", shade: -0.35, label: { hr: "detalj", en: "detail", de: "Detail" } };
const MOUNTED = { key: "mounted", shade: 0.35, label: { hr: "na krovu", en: "on the roof", de: "auf dem Dach" } };
for (const sku of ["AK-PNL-SND-40", "AK-TRP-T18-9006"]) GALLERY_VIEWS[sku] = [DETAIL, MOUNTED];
for (const sku of ["AK-PRZ-7898", "AK-SVJ-KUP-60"]) GALLERY_VIEWS[sku] = [DETAIL];

/**
 * Writes each product's SVG original if it is missing and links it as the product's default
 * image, then the extra views of GALLERY_VIEWS at positions 1, 2, ….
 */
export async function seedProductMedia(tx: Executor, all: FlatProduct[], idBySku: Map<string, number>) {
  const root = mediaRoot();
  mkdirSync(path.join(root, "originals"), { recursive: true });
  const items = all.flatMap((p) => {
    const hr = p.translations.hrv!;
    const views = [{ key: "", colour: p.colour, label: null as Record<"hr" | "en" | "de", string> | null }];
    for (const view of GALLERY_VIEWS[p.sku] ?? []) views.push({ key: view.key, colour: shade(p.colour, view.shade), label: view.label });
    return views.map((view, position) => {
      const suffix = (text: string, lang: "hr" | "en" | "de") => (view.label ? `${text} – ${view.label[lang]}` : text);
      const svg = productSvg({ name: hr.name, sku: p.sku, drawing: p.drawing, colour: view.colour });
      const driveId = driveIdFor(view.key ? `product/${p.sku}/${view.key}` : `product/${p.sku}`);
      const relative = originalPath(driveId, "svg");
      const file = mediaFile(relative, root);
      if (!existsSync(file)) writeFileSync(file, svg);
      const alt: Record<string, string> = { hr: suffix(hr.name, "hr") };
      if (p.translations.eng) alt.en = suffix(p.translations.eng.name, "en");
      if (p.translations.ger) alt.de = suffix(p.translations.ger.name, "de");
      return {
        sku: p.sku,
        position,
        row: {
          driveId,
          title: suffix(hr.name, "hr"),
          path: relative,
          mime: "image/svg+xml",
          extension: "svg",
          size: Buffer.byteLength(svg),
          hash: createHash("sha256").update(svg).digest("hex"),
          width: SVG_WIDTH,
          height: SVG_HEIGHT,
          access: "public" as const,
          originalName: `${hr.slug}${view.key ? `-${view.key}` : ""}.svg`,
          alt,
        },
      };
    });
  });
  await tx
    .insert(media)
    .values(items.map((i) => i.row))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: media.id, driveId: media.driveId })
    .from(media)
    .where(
      inArray(
        media.driveId,
        items.map((i) => i.row.driveId),
      ),
    );
  const mediaId = new Map(rows.map((r) => [r.driveId, r.id]));
  await tx
    .insert(productMedia)
    .values(
      items.map((i) => ({
        productId: idBySku.get(i.sku)!,
        mediaId: mediaId.get(i.row.driveId)!,
        position: i.position,
        isDefault: i.position === 0,
      })),
    )
    .onConflictDoNothing();
}
