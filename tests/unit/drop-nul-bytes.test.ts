import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { dropNulBytes, withoutNul } from "~/.server/http/drop-nul-bytes.server";

describe("dropNulBytes (React 18's NUL before a multi-byte character at a 2048-byte view boundary)", () => {
  it("drops the NUL bytes a view flush leaves and keeps every other byte", async () => {
    const encoder = new TextEncoder();
    const flushed = new Uint8Array([...encoder.encode("kako biste zapo"), 0]);
    const rest = encoder.encode("čeli novu.");
    const out = await text(Readable.from([flushed, rest]).pipe(dropNulBytes()));
    expect(out).toBe("kako biste započeli novu.");
  });

  it("passes a chunk without NUL through as it is", () => {
    const chunk = new TextEncoder().encode("<p>Košarica</p>");
    expect(withoutNul(chunk)).toEqual(chunk);
    expect(new TextDecoder().decode(withoutNul(new Uint8Array([0x61, 0, 0x62])))).toBe("ab");
  });
});
