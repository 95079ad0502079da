import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { mediaFile, mediaRoot } from "../../media/media-root.server";
import type { Executor } from "../client.server";
import { media, products } from "../schema";
import { driveIdFor } from "./catalog/media.server";

/**
 * A real small file for the demo e-product (decision 0030): when no e-product has a file,
 * the first one gets a one-page PDF, stored as a private media row (never served under
 * /media), downloaded through the order's signed link after payment.
 */
export async function seedEProductFile(tx: Executor) {
  const [withFile] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.format, "e-product"), isNotNull(products.eProductMediaId)))
    .limit(1);
  if (withFile) return;
  const [product] = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.format, "e-product"))
    .orderBy(asc(products.id))
    .limit(1);
  if (!product) return;
  const pdf = demoPdf("Alu Krov - Prirucnik za montazu krovnih panela (demo)");
  const driveId = driveIdFor(`e-product/${product.sku}`);
  const relative = `downloads/${driveId}.pdf`;
  const root = mediaRoot();
  mkdirSync(path.join(root, "downloads"), { recursive: true });
  const file = mediaFile(relative, root);
  if (!existsSync(file)) writeFileSync(file, pdf);
  const [row] = await tx
    .insert(media)
    .values({
      driveId,
      title: "Priručnik za montažu krovnih panela",
      path: relative,
      mime: "application/pdf",
      extension: "pdf",
      size: pdf.length,
      hash: createHash("sha256").update(pdf).digest("hex"),
      access: "private",
      originalName: "prirucnik-za-montazu-krovnih-panela.pdf",
    })
    .onConflictDoUpdate({ target: media.driveId, set: { path: relative } })
    .returning({ id: media.id });
  await tx.update(products).set({ eProductMediaId: row.id }).where(eq(products.id, product.id));
}

/** A valid one-page PDF with one line of text (Helvetica, ASCII), its cross-reference offsets computed. */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 60 760 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
