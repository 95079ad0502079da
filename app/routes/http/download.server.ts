import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { mediaFile } from "~/.server/media/media-root.server";

/** A PDF document as a download, never cached by anyone but the browser that asked. */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}

/** The file as an attachment, never cached by anyone but the browser that asked. */
export function fileResponse(file: { path: string; mime: string; name: string; size: number }) {
  const stream = createReadableStreamFromReadable(createReadStream(mediaFile(file.path)));
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
