import type { Response as ExpressResponse } from "express";
import { describe, expect, it, vi } from "vitest";
import { sendStreamedResponse } from "~/.server/http/send-response.server";

/** What the compression middleware's response sees: writes, flushes (a gzip block each) and the end. */
function recordingResponse() {
  const events: string[] = [];
  const headers: [string, string][] = [];
  const res = {
    statusCode: 0,
    statusMessage: "",
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    append(name: string, value: string) {
      headers.push([name, value]);
      return this;
    },
    write(chunk: Uint8Array) {
      events.push(`write ${new TextDecoder().decode(chunk)}`);
      return true;
    },
    flush() {
      events.push("flush");
    },
    end() {
      events.push("end");
    },
    destroy() {
      events.push("destroy");
    },
  };
  return { res: res as unknown as ExpressResponse & typeof res, events, headers };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a streamed page is flushed only where the stream waits (decision 0070)", () => {
  it("writes the chunks React queued together with no flush between them, flushes before waiting for more", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    for (const part of ["<html>", "<head>", "<body>shell"]) controller.enqueue(bytes(part));
    const { res, events, headers } = recordingResponse();
    const sent = sendStreamedResponse(res, new Response(body, { status: 200, headers: { "Content-Type": "text/html" } }));

    // The shell has gone out and been flushed while the deferred part is still pending.
    await vi.waitFor(() => expect(events).toEqual(["write <html>", "write <head>", "write <body>shell", "flush"]));

    controller.enqueue(bytes("<script>deferred</script>"));
    controller.enqueue(bytes("</body></html>"));
    controller.close();
    await sent;
    expect(events.slice(4)).toEqual(["write <script>deferred</script>", "write </body></html>", "end"]);
    expect(res.statusCode).toBe(200);
    expect(headers).toContainEqual(["content-type", "text/html"]);
  });

  it("sends a page that is all there at once with no flush at all", async () => {
    const { res, events } = recordingResponse();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 50; i++) c.enqueue(bytes(`<p>${i}</p>`));
        c.close();
      },
    });
    await sendStreamedResponse(res, new Response(body));
    expect(events.filter((e) => e === "flush")).toEqual([]);
    expect(events.filter((e) => e.startsWith("write"))).toHaveLength(50);
    expect(events.at(-1)).toBe("end");
  });

  it("ends the response with the stream's error", async () => {
    const { res, events } = recordingResponse();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes("<html>"));
        c.error(new Error("render failed"));
      },
    });
    await expect(sendStreamedResponse(res, new Response(body))).rejects.toThrow("render failed");
    expect(events.at(-1)).toBe("destroy");
  });
});
