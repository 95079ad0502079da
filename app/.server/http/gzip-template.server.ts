import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page template whose static parts are deflated once, so a cached page costs no
 * compression per request although some values in it change per visitor (the CSP nonce,
 * the CSRF token, a customer's name, the state of each wishlist heart). Deflate data of
 * separately compressed parts may be concatenated when every part but the last ends on a
 * sync flush (a byte-aligned, non-final block) — how pigz joins its blocks — and the gzip
 * trailer's CRC-32 is computed over the parts in order. Compressing a 100 KiB page at every
 * request cost more than rendering a bare page.
 *
 * A part is deflated with the text before it as its preset dictionary, so it may refer back
 * to earlier parts as one stream would (a product grid split by 58 hearts compresses as
 * well as the whole page). That is sound only where the bytes between stay the same length:
 * a slot of fixed length stands in the dictionary as that many NUL bytes (which no page
 * text contains, so nothing refers to them), and a slot of varying length (a name) starts
 * the dictionary afresh after it.
 */
export type GzipTemplate = {
  /** The static text between the slots, as UTF-8. */
  parts: Buffer[];
  /** The slot names between the parts (parts.length - 1 of them). */
  slots: string[];
  /** parts[i] deflated; the last one final. */
  deflated: Buffer[];
  /** The byte length each fixed slot's value must have. */
  fixed: Map<string, number>;
};

/** A slot: its marker, and for a value that always has the same length, that length in bytes. */
export type SlotSpec = string | { marker: string; bytes: number };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const WINDOW = 32 * 1024;

/** Splits `text` at the slot markers (each a string that never occurs in real text). */
export function compileGzipTemplate(text: string, slotSpecs: SlotSpec[]): GzipTemplate {
  const markers = slotSpecs.map((spec) => (typeof spec === "string" ? spec : spec.marker));
  // A page holding a NUL byte could refer to the NUL stand-ins: every slot then starts afresh.
  const fixed = new Map(
    text.includes("\0") ? [] : slotSpecs.flatMap((spec) => (typeof spec === "string" ? [] : [[spec.marker, spec.bytes] as const])),
  );
  const pattern = new RegExp(markers.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const parts: Buffer[] = [];
  const slots: string[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(Buffer.from(text.slice(from, match.index)));
    slots.push(match[0]);
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(text.slice(from)));
  const deflated: Buffer[] = [];
  let window = Buffer.alloc(0);
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const options = {
      level: 6,
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(window.length ? { dictionary: window } : {}),
    };
    // A short part is mostly references back: the fixed codes spare it a block's own code tables.
    const dynamic = deflateRawSync(part, options);
    const fixedCodes = part.length < 4096 ? deflateRawSync(part, { ...options, strategy: constants.Z_FIXED }) : dynamic;
    deflated.push(fixedCodes.length < dynamic.length ? fixedCodes : dynamic);
    if (last) return;
    const bytes = fixed.get(slots[i]!);
    window = bytes === undefined ? Buffer.alloc(0) : Buffer.concat([window, part, Buffer.alloc(bytes)]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
  });
  return { parts, slots, deflated, fixed };
}

/** A fixed slot was given a value of another length: the compressed parts after it would read wrong bytes. */
export class SlotLengthError extends Error {}

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
    const bytes = template.fixed.get(slot);
    if (bytes !== undefined && value.length !== bytes) throw new SlotLengthError(`slot value of ${value.length} bytes, ${bytes} expected`);
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
