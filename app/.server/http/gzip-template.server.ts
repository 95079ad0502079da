import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page template whose static parts are deflated once, so a cached page costs no
 * compression per request although two values in it change per visitor (the CSP nonce
 * and the CSRF token). Deflate data of separately compressed parts may be concatenated
 * when every part but the last ends on a sync flush (a byte-aligned, non-final block) —
 * how pigz joins its blocks — and the gzip trailer's CRC-32 is computed over the parts in
 * order. Compressing a 100 KiB page at every request cost more than rendering a bare page.
 */
export type GzipTemplate = {
  /** The static text between the slots, as UTF-8. */
  parts: Buffer[];
  /** The slot names between the parts (parts.length - 1 of them). */
  slots: string[];
  /** parts[i] deflated; the last one final. */
  deflated: Buffer[];
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const SYNC = { level: 6, finishFlush: constants.Z_SYNC_FLUSH };

/** Splits `text` at the slot markers (each a string that never occurs in real text). */
export function compileGzipTemplate(text: string, slotMarkers: string[]): GzipTemplate {
  const pattern = new RegExp(slotMarkers.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const parts: Buffer[] = [];
  const slots: string[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(Buffer.from(text.slice(from, match.index)));
    slots.push(match[0]);
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(text.slice(from)));
  const deflated = parts.map((part, i) => (i < parts.length - 1 ? deflateRawSync(part, SYNC) : deflateRawSync(part, { level: 6 })));
  return { parts, slots, deflated };
}

/** The gzip body of the template with each slot replaced by values[slot]. */
export function renderGzipTemplate(template: GzipTemplate, values: Record<string, string>): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, i) => {
    // Node's crc32 answers 0 for some empty buffers instead of the running value: skip them.
    if (part.length) crc = crc32(part, crc);
    size += part.length;
    chunks.push(template.deflated[i]!);
    const slot = template.slots[i];
    if (slot === undefined) return;
    const value = Buffer.from(values[slot] ?? "");
    if (value.length) crc = crc32(value, crc);
    size += value.length;
    chunks.push(storedBlock(value));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/**
 * A value as one uncompressed ("stored") deflate block: a byte-aligned header (not final,
 * type 00), the length and its complement, the bytes. It needs no zlib call, and a value
 * of a few dozen random characters would not compress anyway.
 */
function storedBlock(value: Buffer): Buffer {
  // A stored block holds at most 65,535 bytes: longer values (never a nonce or token) go in several.
  if (value.length > 0xffff) return Buffer.concat([storedBlock(value.subarray(0, 0xffff)), storedBlock(value.subarray(0xffff))]);
  const block = Buffer.alloc(5 + value.length);
  block.writeUInt16LE(value.length, 1);
  block.writeUInt16LE(~value.length & 0xffff, 3);
  value.copy(block, 5);
  return block;
}

/** The plain text of the template with the slots filled (for clients that do not accept gzip). */
export function renderTemplate(template: GzipTemplate, values: Record<string, string>): string {
  return template.parts
    .map((part, i) => part.toString() + (template.slots[i] === undefined ? "" : (values[template.slots[i]!] ?? "")))
    .join("");
}
