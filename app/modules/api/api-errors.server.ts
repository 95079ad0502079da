import type { z } from "zod/v4";
import { isDatabaseUnavailable, isRefusedValue } from "~/.server/db/errors.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/.server/http/database-outage.server";
import { isDomainError, type DomainError } from "~/.server/domain-error";
import type { ApiFailure } from "./api-endpoint";

/**
 * A refusal of the API itself (a missing key, a wrong token, an unknown path), with the
 * status and message it answers with. Business rules refuse with DomainError (its spec
 * message, e.g. "Cart is archived.", and status); both become the same failure shape.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A service's refusals as a call's document lists them, their status and message taken from the service's own errors. */
export const documented = (...errors: DomainError[]) => errors.map(({ status, message }) => ({ status, message }));

export const notFound = (what = "Not found") => new ApiError(404, what);
export const unauthorized = (message = "Unauthorized") => new ApiError(401, message);
export const forbidden = (message = "Forbidden") => new ApiError(403, message);

/** What is wrong with one place of the input: zod's issue, or a field the call does not take. */
export type InputIssue = { path: readonly PropertyKey[]; message: string };

/** The unknown keys of zod's strict objects as one issue per key, as the router's own check names them. */
export function issuesOf(error: z.ZodError): InputIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ path: [...issue.path, key], message: UNKNOWN_FIELD })) : [issue],
  );
}
export const UNKNOWN_FIELD = "Unrecognized key";

/** A refused input: 400 with each field's message, once per field and message. */
export function invalidInput(issues: InputIssue[], where: "body" | "query"): ApiError {
  const seen = new Set<string>();
  const errors = issues
    .map((issue) => ({ field: [where, ...issue.path.map(String)].join("."), message: issue.message }))
    .filter((e) => !seen.has(`${e.field}\n${e.message}`) && seen.add(`${e.field}\n${e.message}`));
  const first = errors[0];
  return new ApiError(400, first ? `Invalid ${first.field}: ${first.message}` : `Invalid ${where}`, errors);
}

const MESSAGES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  414: "URI too long",
  415: "Unsupported media type",
  429: "Too many requests",
  431: "Request header fields too large",
  503: "Service unavailable",
};

/** An ApiError of a status with the API's own wording of it (the HTTP layer's refusals). */
export const refusalOf = (status: number, headers?: Record<string, string>) =>
  new ApiError(status, MESSAGES[status] ?? "Request refused", undefined, headers);

/**
 * The failure body of anything a call threw. A Response thrown by a shared service (a
 * loader-style 404, a redirect to sign-in) keeps its status; anything else is a 500 whose
 * details stay in the log; a value the database refused is a 400.
 */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError)
    return { errored: true, statusCode: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  if (isDomainError(error)) {
    return {
      errored: true,
      statusCode: error.status,
      message: error.message,
      ...(error.field ? { errors: [{ field: error.field, message: error.message }] } : {}),
    };
  }
  if (error instanceof Response) {
    // A service's redirect means "sign in first" (the HTML shop's answer to no session).
    const status = error.status >= 300 && error.status < 400 ? 401 : error.status;
    return { errored: true, statusCode: status, message: MESSAGES[status] ?? "Request failed" };
  }
  if (isRefusedValue(error)) {
    // A value the database cannot take (decision 0083): the caller's input, not our failure.
    console.warn("API call refused by the database", error instanceof Error ? error.message : error);
    return { errored: true, statusCode: 400, message: MESSAGES[400] };
  }
  console.error("API call failed", error);
  return { errored: true, statusCode: 500, message: "An error occurred" };
}

/**
 * The one writer of the API's failures: the envelope, its status and headers, for the
 * router (a Response) and for the HTTP layer in front of it (app/modules/api/api-http.server.ts).
 */
export function failureAnswer(thrown: unknown): { status: number; headers: Record<string, string>; body: string } {
  // The database gone (a restart, a failover): 503 with Retry-After, as the shop's pages (decision 0090).
  const error = isDatabaseUnavailable(thrown) ? databaseUnavailable(thrown) : thrown;
  const failure = failureOf(error);
  const headers: Record<string, string> = {
    ...(error instanceof ApiError ? error.headers : {}),
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  };
  return { status: failure.statusCode, headers, body: JSON.stringify(failure) };
}

function databaseUnavailable(error: unknown): ApiError {
  console.error("API call: database unavailable:", error instanceof Error ? error.message : error);
  return refusalOf(503, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
}
