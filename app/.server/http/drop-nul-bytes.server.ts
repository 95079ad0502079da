import { Transform } from "node:stream";

/**
 * React 18.3's streaming renderer (`writeStringChunk`) flushes its whole 2048-byte view when
 * the next character is multi-byte and does not fit the view's last byte, so the page gets a
 * NUL byte before that character ("zapo\0čeli"); React 19 fixed it. HTML has no NUL bytes
 * of its own (inputs refuse them, JSON escapes them), so the document stream drops them.
 */
export function dropNulBytes() {
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      done(null, chunk.indexOf(0) === -1 ? chunk : withoutNul(chunk));
    },
  });
}

export function withoutNul(chunk: Uint8Array): Uint8Array {
  return chunk.filter((byte) => byte !== 0);
}
