import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";
import { operationsOf } from "~/modules/api/api-router.server";
import { SPEC_STOREFRONT_CALLS } from "../fixtures/spec-api-paths";
import { apiClient, apiDocument, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The OpenAPI document against the API (decision 0057): the document is valid OpenAPI
 * 3.1 by an independent validator; every call the router serves is in it; spec §7's
 * storefront calls are all there; and every documented call, made anonymously and signed
 * in with nothing but its path parameters, answers a status the document lists with a body
 * of the documented shape (the successes' shapes are checked per call in api-*.test.ts).
 */
// Every strict call (sign-in, registration, public submits) is made twice from one address:
// more than the strict budget a minute (the built shop reads this when bootShop loads it).
process.env.RATE_LIMIT_AUTH_POINTS = "1000";

let shop: Shop;
let key: string;
beforeAll(async () => {
  shop = await bootShop();
  key = (await apiKeyFor("contract")).token;
});
afterAll(() => shop.close());

type Doc = Awaited<ReturnType<typeof apiDocument>>;
const operations = (document: Doc) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
// A path parameter no demo row has: the call must answer its documented 404 (or a refusal before it).
const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? "987654" : "no-such-thing"));

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for an independent validator", async () => {
    const document = structuredClone(await apiDocument(shop));
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
    expect((document as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("documents every call the router serves, and nothing else", async () => {
    const document = await apiDocument(shop);
    const served = operationsOf(API_ENDPOINTS)
      .map((op) => `${op.endpoint.method} ${op.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = operations(document)
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(documented).toEqual(served);
  });

  it("has every storefront call of spec §7", async () => {
    const documented = new Set(operations(await apiDocument(shop)).map(({ path, method }) => `${method} ${path}`));
    expect(SPEC_STOREFRONT_CALLS.filter((call) => !documented.has(call))).toEqual([]);
  });

  it("serves the readable page beside it", async () => {
    const page = await rawCall(shop, "/api/docs.html");
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("/api/v1/login");
    expect(html).not.toContain("<script");
  });
});

describe("every documented call answers as documented", () => {
  it("anonymously, with only its path parameters", async () => {
    const mismatches: string[] = [];
    for (const { path, method, op } of operations(await apiDocument(shop))) {
      const response = await rawCall(shop, fill(path), { method, headers: { "X-Api-Key": key } });
      const body = await response.json();
      for (const problem of await documentedMismatch(shop, op.operationId, response.status, body))
        mismatches.push(`${method} ${path} → ${response.status}: ${problem}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("signed in as a customer, with only its path parameters", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const mismatches: string[] = [];
    for (const { path, method, op } of operations(await apiDocument(shop))) {
      // Signing out would end the token the following calls use.
      if (/logout$/.test(path)) continue;
      const response = await rawCall(shop, fill(path), {
        method,
        headers: { "X-Api-Key": key, Authorization: `Bearer ${api.tokens!.accessToken}` },
      });
      const body = await response.json();
      for (const problem of await documentedMismatch(shop, op.operationId, response.status, body))
        mismatches.push(`${method} ${path} → ${response.status}: ${problem}`);
    }
    expect(mismatches).toEqual([]);
  });
});
