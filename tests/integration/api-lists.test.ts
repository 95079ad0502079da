import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, products, users } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { apiClient, apiDocument, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Every list of the API has one shape and pages the same way (decision 0129): found from the
 * served document (`x-pagination`), so a list added later is walked too without naming it here.
 * Each is walked page by page, two records a page, to the page past the end: the same shape on
 * every page, the document's schema, no record twice, every record once, and an empty page last.
 */
let shop: Shop;
let key: string;
let bearer: string;
let commentedProduct: number;
beforeAll(async () => {
  shop = await bootShop();
  key = (await apiKeyFor("lists test")).token;
  const db = await shop.db();
  const customer = await apiClient(shop, { apiKey: key });
  const login = await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  if (!login.ok) throw new Error(login.failure.message);
  bearer = login.data.tokens.accessToken;

  // The customer's own lists get a few records each: addresses, wishlist, orders (and their invoices).
  const listed = await db.select({ id: products.id }).from(products).where(eq(products.format, "simple")).orderBy(products.id);
  const address = { firstName: "Ana", lastName: "Kovač", contactEmail: "ana@example.com", contactPhone: "0911234567" };
  for (const city of ["Zagreb", "Split", "Rijeka"]) {
    const made = await customer.call("user.web.address.create", {
      body: { ...address, country: "HR", city, street: "Ilica", houseNumber: "1", zipCode: "10000", companyName: "", companyOIB: "" },
    });
    if (!made.ok) throw new Error(made.failure.message);
  }
  for (const { id } of listed.slice(0, 3)) await customer.call("cms.wishlist.create", { body: { product_id: id } });
  for (let i = 0; i < 3; i++) await placeOrder(shop, DEMO_CUSTOMER.email);

  // Approved comments on one product, from the customer.
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  commentedProduct = listed[0].id;
  await db.insert(comments).values(
    [5, 4, 3].map((rating) => ({
      siteId: 1,
      entityType: "product" as const,
      entityId: commentedProduct,
      userId: user.id,
      rating,
      content: `Ocjena ${rating}`,
      status: "approved" as const,
    })),
  );
});
afterAll(() => shop.close());

type JsonSchema = { type?: string; enum?: unknown[]; properties?: Record<string, JsonSchema>; required?: string[]; maximum?: number };
type Operation = {
  operationId: string;
  "x-auth": string;
  "x-pagination"?: { records: string; in: "body" | "query" };
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: { "200"?: { content: { "application/json": { schema: { properties: { data: JsonSchema } } } } } };
};

async function operations() {
  const document = (await apiDocument(shop)) as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

/** Values for the required inputs of a list, by name: the test's data; an enum takes its first value. */
const fill = (): Record<string, unknown> => ({ entityType: "product", entityId: commentedProduct });

function requiredInput(properties: Record<string, JsonSchema>, required: string[], operationId: string) {
  return Object.fromEntries(
    required
      .filter((name) => !["page", "perPage"].includes(name))
      .map((name) => {
        const schema = properties[name];
        if (schema?.enum?.length) return [name, schema.enum[0]];
        if (!(name in fill())) throw new Error(`${operationId}: the walk cannot fill the required input ${name}`);
        return [name, fill()[name]];
      }),
  );
}

/** One page of a list as a client asks for it: page and perPage in the body of a POST, the query of a GET. */
async function pageOf(call: { path: string; method: string; op: Operation }, page: number, perPage: number) {
  const { op } = call;
  const headers: Record<string, string> = { "X-Api-Key": key };
  if (op["x-auth"] === "customer") headers.Authorization = `Bearer ${bearer}`;
  let url = call.path;
  let body: string | undefined;
  if (op["x-pagination"]!.in === "query") {
    const query = op.parameters.filter((p) => p.in === "query");
    const properties = Object.fromEntries(query.map((p) => [p.name, p.schema]));
    const input = requiredInput(
      properties,
      query.filter((p) => p.required).map((p) => p.name),
      op.operationId,
    );
    url += `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])), page: String(page), perPage: String(perPage) })}`;
  } else {
    const schema = op.requestBody!.content["application/json"].schema;
    body = JSON.stringify({ ...requiredInput(schema.properties ?? {}, schema.required ?? [], op.operationId), page, perPage });
    headers["Content-Type"] = "application/json";
  }
  const response = await rawCall(shop, url, { method: call.method, headers, body });
  const answer = (await response.json()) as { data: Record<string, unknown> };
  expect(response.status, `${op.operationId} page ${page}: ${JSON.stringify(answer)}`).toBe(200);
  return answer;
}

describe("every list of the document", () => {
  it("is marked, takes page and a bounded perPage, and no answer with records is left unmarked", async () => {
    const all = await operations();
    const lists = all.filter(({ op }) => op["x-pagination"]);
    expect(lists.length).toBeGreaterThanOrEqual(2 * 18);
    for (const { op } of lists) {
      const inputs =
        op["x-pagination"]!.in === "query"
          ? Object.fromEntries(op.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]))
          : (op.requestBody?.content["application/json"].schema.properties ?? {});
      expect(Object.keys(inputs), op.operationId).toEqual(expect.arrayContaining(["page", "perPage"]));
      expect(inputs.perPage.maximum, op.operationId).toBeGreaterThan(0);
    }
    // An answer carrying records (or the spec's data list) that is not marked is a list the walk would miss.
    const unmarked = all.filter(({ op }) => {
      const data = op.responses["200"]?.content["application/json"].schema.properties.data;
      return !op["x-pagination"] && ["records", "data"].some((name) => data?.properties?.[name]?.type === "array");
    });
    expect(unmarked.map(({ op }) => op.operationId)).toEqual([]);
  });

  it("answers the one shape page by page, each record once, and an empty page past the end", async () => {
    const lists = (await operations()).filter(({ path, op }) => op["x-pagination"] && !path.startsWith("/api/v2/"));
    const perPage = 2;
    for (const call of lists) {
      const { operationId } = call.op;
      const recordsKey = call.op["x-pagination"]!.records;
      const seen: string[] = [];
      let totalPages = 1;
      let totalRecords = 0;
      for (let page = 1; page <= totalPages + 1; page++) {
        const answer = await pageOf(call, page, perPage);
        expect(await documentedMismatch(shop, operationId, 200, answer), operationId).toEqual([]);
        const { page: answered, perPage: size, ...rest } = answer.data;
        const records = answer.data[recordsKey] as unknown[];
        expect({ answered, size }, `${operationId} page ${page}`).toEqual({ answered: page, size: perPage });
        ({ totalPages, totalRecords } = rest as { totalPages: number; totalRecords: number });
        expect(totalPages, operationId).toBe(Math.max(1, Math.ceil(totalRecords / perPage)));
        if (page > totalPages) expect(records, `${operationId} past the end`).toEqual([]);
        else
          expect(records.length, `${operationId} page ${page}`).toBe(
            page < totalPages ? perPage : totalRecords - perPage * (totalPages - 1),
          );
        seen.push(...records.map((r) => JSON.stringify(r)));
      }
      expect(totalRecords, `${operationId} has records to walk`).toBeGreaterThan(0);
      expect(new Set(seen).size, `${operationId}: no record twice`).toBe(seen.length);
      expect(seen.length, `${operationId}: every record once`).toBe(totalRecords);
    }
  });

  it("refuses a perPage over the list's bound and a page below 1", async () => {
    const headers = { "X-Api-Key": key, "Content-Type": "application/json" };
    const over = await rawCall(shop, "/api/v1/cms/post/filterStandard", {
      method: "POST",
      headers,
      body: JSON.stringify({ perPage: 101 }),
    });
    expect(over.status).toBe(400);
    const zero = await rawCall(shop, "/api/v1/settings/commons?type=languages&page=0", { headers });
    expect(zero.status).toBe(400);
  });
});

describe("a page past the end", () => {
  it("of products is empty, names the page asked for and keeps the totals", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const first = await api.call("product.web.filter", { body: { limit: 5, page: 1 } });
    if (!first.ok) throw new Error(first.failure.message);
    expect(first.data.records.length).toBeGreaterThan(0);
    const past = await api.call("product.web.filter", { body: { perPage: 5, page: first.data.totalPages + 1 } });
    expect(past).toMatchObject({
      ok: true,
      data: { records: [], page: first.data.totalPages + 1, totalPages: first.data.totalPages, totalRecords: first.data.totalRecords },
    });
  });
});
