import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { installRefusalWriter } from "~/.server/http/refusal.server";
import { isApiPath } from "~/lib/api-path";
import { ApiError, failureAnswer, refusalOf } from "./api-errors.server";
import { API_URL_LIMIT, urlProblem } from "./api-limits";

/**
 * The HTTP layer in front of the API's router (server.ts mounts these): whatever refuses a
 * call under /api before the router sees it (the body limit's 413, a failing middleware,
 * Node's own 431 for an over-long URL or headers) answers in the API's JSON envelope,
 * written by the router's own writer (failureAnswer), never the shop's plain text or
 * HTML (decision 0084).
 */
function send(res: Response, error: unknown) {
  const answer = failureAnswer(error);
  res.status(answer.status).set(answer.headers).send(answer.body);
}

/**
 * For an API call: installs the API's writer for the HTTP layer's refusals, and refuses a
 * malformed or over-long request target as sent (api-limits.ts) before anything reads it.
 */
export function apiRefusals(req: Request, res: Response, next: NextFunction) {
  if (!isApiPath(req.path)) return next();
  installRefusalWriter(res, (out, status, _message, headers) => send(out, refusalOf(status, headers)));
  const problem = urlProblem(req.originalUrl);
  if (problem) return send(res, new ApiError(problem.status, problem.message));
  next();
}

/** The last error handler: a failure of an API call is a JSON 500 (or the error's own 4xx). */
export function apiErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (!isApiPath(req.path) || res.headersSent) return next(error);
  const status = (error as { status?: unknown } | null)?.status;
  send(res, typeof status === "number" && status >= 400 && status < 500 ? refusalOf(status) : error);
}

const NODE_REFUSALS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Node's `clientError` (a request it could not parse) as Node answers it, except that a
 * request for an API path gets the envelope: 414 when the request line is over the API's URL
 * limit, else 431 (the headers overflowed). The request line is read from the bytes Node had.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const status = NODE_REFUSALS[error.code ?? ""] ?? 400;
  const packet = error.rawPacket?.toString("latin1") ?? "";
  const lineEnd = packet.indexOf("\r\n");
  const target = /^[A-Z]+ (\S+)/.exec(packet)?.[1] ?? "";
  if (!isApiPath(target.split("?")[0])) {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    return;
  }
  // Node counts the request line against the same limit as the headers: a long line is the URL's fault.
  const lineLength = lineEnd < 0 ? packet.length : lineEnd;
  const answer = failureAnswer(status === 431 && lineLength > API_URL_LIMIT ? refusalOf(414) : refusalOf(status));
  const body = Buffer.from(answer.body);
  const headers = Object.entries({ ...answer.headers, "Content-Length": String(body.length), Connection: "close" });
  socket.end(
    Buffer.concat([
      Buffer.from(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`),
      body,
    ]),
  );
}
