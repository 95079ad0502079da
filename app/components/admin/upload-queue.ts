import { useCallback, useState } from "react";

/**
 * Files sent one per request, one after the other (with JavaScript): twenty 10 MB pictures
 * together pass the backoffice's 64 MB body limit, each alone is far below it. Each file
 * has its progress (XMLHttpRequest reports what was sent; fetch does not) and its own
 * outcome: the JSON route's translated message, the server's plain refusal (a 413 in the
 * page's language), or `failed` when nothing came back.
 */
export type QueuedFile = {
  name: string;
  /** Sent part, 0..1. */
  progress: number;
  state: "waiting" | "sending" | "done" | "failed";
  /** The server's message for a refused file. */
  message?: string;
};

export type SentAnswer = { ok: true; items?: unknown[] } | { ok: false; message?: string };

function sendOne(url: string, body: FormData, onProgress: (part: number) => void): Promise<{ answer: SentAnswer | null; text: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json, text/plain");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      const type = request.getResponseHeader("Content-Type") ?? "";
      let answer: SentAnswer | null = null;
      if (type.includes("application/json")) {
        try {
          answer = JSON.parse(request.responseText) as SentAnswer;
        } catch {
          answer = null;
        }
      }
      // A refusal before the route (the body limit) is plain text in the page's language.
      const text = type.startsWith("text/plain") ? request.responseText.slice(0, 300) : "";
      resolve({ answer: answer ?? (request.status < 400 ? null : { ok: false, message: text || undefined }), text });
    };
    request.onerror = () => resolve({ answer: null, text: "" });
    request.send(body);
  });
}

/**
 * `send(fields, files)`: posts each file with the other fields (a form's: CSRF token,
 * honeypot, access, folder; or a FormData of just those) to `url`, in order, under the name
 * "files"; answers the items the route stored. Shared by the media library, its dialog in
 * the in-page editor and the backoffice forms' image choosers (MediaChooser).
 */
export function useUploadQueue(url: string) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [running, setRunning] = useState(false);
  const send = useCallback(
    async (fields: HTMLFormElement | FormData, chosen: File[]) => {
      const update = (index: number, change: Partial<QueuedFile>) =>
        setFiles((current) => current.map((file, i) => (i === index ? { ...file, ...change } : file)));
      setFiles(chosen.map((file) => ({ name: file.name, progress: 0, state: "waiting" })));
      setRunning(true);
      const stored: unknown[] = [];
      for (const [index, file] of chosen.entries()) {
        const body = new FormData();
        for (const [name, value] of fields instanceof FormData ? fields.entries() : new FormData(fields).entries())
          if (name !== "files") body.append(name, value);
        body.append("files", file);
        update(index, { state: "sending" });
        const { answer } = await sendOne(url, body, (progress) => update(index, { progress }));
        if (answer?.ok) {
          stored.push(...(answer.items ?? []));
          update(index, { state: "done", progress: 1 });
        } else {
          update(index, { state: "failed", message: answer && !answer.ok ? answer.message : undefined });
        }
      }
      setRunning(false);
      return stored;
    },
    [url],
  );
  return { files, running, send };
}
