import { expect } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ApiKeyKind } from "~/modules/api/api-keys.server";
import { ShopApiClient } from "./api-client";
import type { Shop } from "./shop";

/**
 * The headless API as an integration tester uses it: the typed client (app/modules/api/
 * api-client.ts) over the shop's real request handler, with a key made for the test, and
 * a check of any answer against the OpenAPI document the shop serves.
 */
export const API_ORIGIN = "http://localhost:3000";

export const shopFetch = (shop: Shop) => (url: string, init: RequestInit) => {
  const headers = new Headers(init.headers);
  if (!headers.has("Host")) headers.set("Host", new URL(url).host);
  return shop.handle(new Request(url, { ...init, headers }));
};

/**
 * The shop's handler as a fetch of Requests (openapi-fetch's and so the client package's),
 * with the Host header a browser sends.
 */
export const handlerFetch = (shop: Shop) => async (request: Request) => {
  const headers = new Headers(request.headers);
  if (!headers.has("Host")) headers.set("Host", new URL(request.url).host);
  const body = ["GET", "HEAD"].includes(request.method) ? undefined : await request.arrayBuffer();
  return shop.handle(new Request(request.url, { method: request.method, headers, body }));
};

export async function apiKeyFor(
  name = "test",
  { kind = "integration", rateLimit = 10_000 }: { kind?: ApiKeyKind; rateLimit?: number } = {},
) {
  const { createApiKey } = await import("~/modules/api/api-keys.server");
  return createApiKey({ name, kind, rateLimit });
}

export async function apiClient(shop: Shop, options: { language?: "hr" | "en" | "de"; apiKey?: string; version?: "v1" | "v2" } = {}) {
  const apiKey = options.apiKey ?? (await apiKeyFor()).token;
  return ShopApiClient.connect({ baseUrl: API_ORIGIN, fetch: handlerFetch(shop), ...options, apiKey });
}

/** A delivery address as the API's address and checkout calls take it. */
export const API_ADDRESS = {
  firstName: "Ana",
  lastName: "Horvat",
  contactEmail: "ana@example.com",
  contactPhone: "+385 91 123 4567",
  country: "HR",
  city: "Zagreb",
  street: "Ilica",
  houseNumber: "10",
  zipCode: "10000",
  companyName: "",
  companyOIB: "",
};

/** A raw call, for what the typed client would not send (bad headers, forged tokens). */
export function rawCall(shop: Shop, path: string, init: RequestInit = {}) {
  return shopFetch(shop)(new URL(path, API_ORIGIN).toString(), init);
}

type Document = {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
};
let cached: { document: Document; ajv: Ajv2020 } | undefined;

export async function apiDocument(shop: Shop): Promise<Document> {
  if (!cached) {
    const document = (await (await rawCall(shop, "/api/docs")).json()) as Document;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "doc", components: document.components }, "doc");
    cached = { document, ajv };
  }
  return cached.document;
}

/**
 * Checks an answer of the operation against its documented response of that status;
 * returns the validation errors (none: an empty list).
 */
export async function documentedMismatch(shop: Shop, operationId: string, status: number, body: unknown): Promise<string[]> {
  const document = await apiDocument(shop);
  const op = Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .find((o) => o.operationId === operationId);
  if (!op) return [`${operationId} is not in the document`];
  const response = op.responses[String(status)];
  if (!response) return [`${operationId} does not document status ${status}`];
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return [];
  const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/components/schemas/'));
  const validate = cached!.ajv.compile(resolved);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The data of a call that must succeed; the failure's whole answer is in the message otherwise. */
export function dataOf<T>(result: { ok: boolean; status: number; data?: T; failure?: unknown }): T {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result.data as T;
}
