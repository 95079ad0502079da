// A small streaming tar (POSIX ustar with pax headers for long names and large files) for the
// backup archive (scripts/backup.mjs, restore.mjs): no package and no `tar` program needed,
// files streamed one by one, so a large media directory never sits in memory. What it
// writes, GNU and BSD tar read (`tar -tzf shop-….tar.gz`).
import { once } from "node:events";
import { createReadStream } from "node:fs";

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777; // what the 11-digit size field holds

/** @param {Buffer} block @param {number} offset @param {number} length @param {string} text */
function put(block, offset, length, text) {
  block.write(text, offset, Math.min(length, Buffer.byteLength(text)), "utf8");
}

/** @param {number} value @param {number} width */
const octal = (value, width) => value.toString(8).padStart(width - 1, "0");

/**
 * One 512-byte header.
 * @param {{ name: string, size: number, mode: number, mtime: number, type: "0" | "5" | "x" }} entry
 */
function header({ name, size, mode, mtime, type }) {
  const block = Buffer.alloc(BLOCK);
  put(block, 0, 100, name);
  put(block, 100, 8, octal(mode & 0o7777, 8));
  put(block, 108, 8, octal(0, 8));
  put(block, 116, 8, octal(0, 8));
  put(block, 124, 12, octal(Math.min(size, MAX_OCTAL_SIZE), 12));
  put(block, 136, 12, octal(Math.floor(mtime), 12));
  block.fill(" ", 148, 156);
  put(block, 156, 1, type);
  put(block, 257, 6, "ustar");
  put(block, 263, 2, "00");
  let sum = 0;
  for (const byte of block) sum += byte;
  put(block, 148, 8, `${octal(sum, 7)}\0`);
  return block;
}

/** A pax record "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  const bytes = Buffer.byteLength(body);
  let length = bytes + 1;
  while (length !== bytes + String(length).length) length = bytes + String(length).length;
  return `${length}${body}`;
}

const padding = (size) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries to `output` (a writable stream, e.g. a gzip stream piped to a file). */
export class TarWriter {
  /** @param {import("node:stream").Writable} output */
  constructor(output) {
    this.output = output;
  }

  /** @param {Buffer} chunk */
  async write(chunk) {
    if (!this.output.write(chunk)) await once(this.output, "drain");
  }

  /** @param {string} name @param {number} size @param {number} mode @param {number} mtime @param {"0" | "5"} type */
  async writeHeader(name, size, mode, mtime, type) {
    const records = [];
    if (Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) records.push(paxRecord("path", name));
    if (size > MAX_OCTAL_SIZE) records.push(paxRecord("size", String(size)));
    if (records.length) {
      const pax = Buffer.from(records.join(""));
      await this.write(header({ name: "PaxHeader", size: pax.length, mode: 0o644, mtime, type: "x" }));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header({ name: name.slice(0, 100), size, mode, mtime, type }));
  }

  /** A file from memory. @param {string} name @param {Buffer} data @param {{ mode?: number, mtime?: number }} [options] */
  async addBuffer(name, data, { mode = 0o600, mtime = Date.now() / 1000 } = {}) {
    await this.writeHeader(name, data.length, mode, mtime, "0");
    await this.write(Buffer.concat([data, padding(data.length)]));
  }

  /**
   * A file from disk, `size` bytes as seen when it was listed.
   * @param {string} name @param {string} file @param {{ size: number, mode: number, mtimeMs: number }} stat
   */
  async addFile(name, file, stat) {
    await this.writeHeader(name, stat.size, stat.mode, stat.mtimeMs / 1000, "0");
    let written = 0;
    if (stat.size > 0) {
      for await (const chunk of createReadStream(file, { start: 0, end: stat.size - 1 })) {
        written += chunk.length;
        await this.write(chunk);
      }
    }
    if (written !== stat.size) throw new Error(`${file} changed while it was being archived (${written} of ${stat.size} bytes).`);
    await this.write(padding(stat.size));
  }

  /** The end of the archive: two empty blocks, then the output ends. */
  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.output.end();
    await once(this.output, "finish");
  }
}

/** Reads exact byte counts from an async iterable of Buffers. */
class ByteReader {
  /** @param {AsyncIterable<Buffer>} source */
  constructor(source) {
    this.iterator = source[Symbol.asyncIterator]();
    this.buffer = Buffer.alloc(0);
  }

  async more() {
    const { value, done } = await this.iterator.next();
    if (done) return false;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, value]) : value;
    return true;
  }

  /** @param {number} length @returns {Promise<Buffer | null>} null at the end of the input */
  async take(length) {
    while (this.buffer.length < length) {
      if (!(await this.more())) {
        if (this.buffer.length === 0) return null;
        throw new Error("The archive is truncated.");
      }
    }
    const out = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return out;
  }

  /** @param {number} length @returns {AsyncGenerator<Buffer>} */
  async *chunks(length) {
    let left = length;
    while (left > 0) {
      if (this.buffer.length === 0 && !(await this.more())) throw new Error("The archive is truncated.");
      const part = this.buffer.subarray(0, Math.min(left, this.buffer.length));
      this.buffer = this.buffer.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}

/** @param {AsyncIterable<Buffer>} chunks */
async function drain(chunks) {
  for await (const _ of chunks) void _;
}

/** @param {Buffer} block @param {number} offset @param {number} length */
const text = (block, offset, length) => {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
};

/**
 * @typedef {{ name: string, type: "file" | "directory" | "other", size: number, mode: number,
 *   body: () => AsyncGenerator<Buffer> }} TarEntry  `body` may be read once, before the next entry.
 */

/**
 * The entries of a tar stream (already gunzipped), one after another.
 * @param {AsyncIterable<Buffer>} source
 * @returns {AsyncGenerator<TarEntry>}
 */
export async function* readTar(source) {
  const reader = new ByteReader(source);
  /** @type {Record<string, string>} */
  let pax = {};
  for (;;) {
    const block = await reader.take(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (sum !== parseInt(text(block, 148, 8).trim() || "0", 8)) throw new Error("This is not a tar archive (or it is damaged).");
    const type = text(block, 156, 1) || "0";
    const prefix = text(block, 345, 155);
    let name = pax.path ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    const size = pax.size ? Number(pax.size) : parseInt(text(block, 124, 12).trim() || "0", 8);
    const mode = parseInt(text(block, 100, 8).trim() || "644", 8);
    pax = {};
    if (type === "x" || type === "L") {
      const parts = [];
      for await (const part of reader.chunks(size)) parts.push(part);
      const data = Buffer.concat(parts);
      await reader.take((BLOCK - (size % BLOCK)) % BLOCK);
      if (type === "L") pax.path = text(data, 0, data.length);
      else {
        for (let at = 0; at < data.length;) {
          const space = data.indexOf(32, at);
          const length = Number(data.subarray(at, space).toString());
          if (!length) break;
          const record = data.subarray(space + 1, at + length - 1).toString("utf8");
          const equals = record.indexOf("=");
          pax[record.slice(0, equals)] = record.slice(equals + 1);
          at += length;
        }
      }
      continue;
    }
    if (type === "g") {
      await drain(reader.chunks(size));
      await reader.take((BLOCK - (size % BLOCK)) % BLOCK);
      continue;
    }
    name = name.replace(/^\.\//, "");
    let consumed = false;
    const body = () => {
      if (consumed) throw new Error(`The body of ${name} was already read.`);
      consumed = true;
      return reader.chunks(size);
    };
    const kind = type === "0" || type === "7" ? "file" : type === "5" ? "directory" : "other";
    yield { name, type: kind, size: kind === "directory" ? 0 : size, mode, body };
    if (!consumed) await drain(reader.chunks(size));
    // A body read only in part (an error midway) leaves the reader unusable; callers stop then.
    await reader.take((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
