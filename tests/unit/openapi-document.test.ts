import { describe, expect, it } from "vitest";
import { API_HEADERS } from "~/modules/api/api-endpoint";
import { REFUSED } from "~/modules/api/api-refusals";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";
import { openApiDocument } from "~/modules/api/openapi.server";

/**
 * The API document tells a client everything it needs (decision 0128): every operation
 * has a summary and a description, every parameter a description, every object of a
 * request or an answer is closed, and the statuses of the API's entry are listed on the
 * calls they can meet. The served document and the calls themselves are checked against
 * each other in tests/integration/api-contract*.test.ts.
 */
type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters: { name: string; in: string; description?: string; required?: boolean }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: Schema } } }>;
};
const document = openApiDocument(API_ENDPOINTS) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);
const byId = (id: string) => operations.find(({ op }) => op.operationId === id)!.op;

/** The JSON pointers of object schemas that take keys they do not name. */
function openObjects(schema: unknown, at = ""): string[] {
  if (!schema || typeof schema !== "object") return [];
  const node = schema as Schema;
  const own = (node.type === "object" || node.properties) && node.additionalProperties !== false && !node.propertyNames ? [at] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => openObjects(value, `${at}/${key}`))];
}

describe("the API document", () => {
  it("gives every operation a summary and a description", () => {
    const missing = operations.filter(({ op }) => !op.summary?.trim() || !op.description?.trim()).map(({ op }) => op.operationId);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
  });

  it("describes every tag (service)", () => {
    const tags = (openApiDocument(API_ENDPOINTS) as { tags: { name: string; description?: string }[] }).tags;
    expect(tags.filter((t) => !t.description)).toEqual([]);
  });

  it("describes every parameter", () => {
    const missing = operations.flatMap(({ op }) =>
      op.parameters.filter((p) => !p.description?.trim()).map((p) => `${op.operationId} ${p.in}:${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it("closes every object of a request and of an answer (a field not named is refused or never sent)", () => {
    const open = [
      ...operations.flatMap(({ op }) => [
        ...openObjects(op.requestBody?.content["application/json"].schema, `${op.operationId} body`),
        ...Object.entries(op.responses).flatMap(([status, r]) =>
          openObjects(r.content?.["application/json"].schema, `${op.operationId} ${status}`),
        ),
      ]),
      ...Object.entries(document.components.schemas).flatMap(([name, schema]) => openObjects(schema, name)),
    ];
    expect(open).toEqual([]);
  });

  it("lists the entry's statuses on every call: the body limits, the headers' limit, the budgets, the database", () => {
    const lacking = operations.flatMap(({ op }) =>
      ["400", "401", "403", "413", "414", "415", "429", "431", "503"]
        .filter((status) => !op.responses[status])
        .map((status) => `${op.operationId} ${status}`),
    );
    expect(lacking).toEqual([]);
    // A call without a key still has its bearer token checked when it sends one.
    expect(byId("v1.settings.domainDetect").responses["401"].description).toContain(REFUSED.tokenInvalid.message);
    expect(byId("v1.cms.consent.create").responses["403"].description).toContain(REFUSED.forbidden.message);
    expect(byId("v1.ecommerce.order.create").responses["404"].description).toContain("Address not found");
  });

  it("declares the refresh token's header on the refresh", () => {
    const header = byId("v1.refresh").parameters.find((p) => p.in === "header" && p.name === API_HEADERS.refreshToken);
    expect(header).toMatchObject({ required: true });
  });

  it("types the product page's answer: prices, variants, price unit, stock, bundle parts, attributes and options", () => {
    const answer = byId("v1.product.web.get").responses["200"].content!["application/json"].schema as Schema;
    const text = JSON.stringify(answer);
    for (const field of ["finalCents", "associatedProducts", "priceUnit", "available", "lowStock", "parts", "customOptions", "isLength"])
      expect(text, field).toContain(`"${field}"`);
  });

  it("takes a rating of 1 to the most stars a shop may set, and a guest e-mail as an e-mail", () => {
    const body = byId("v1.cms.comment.create").requestBody!.content["application/json"].schema as {
      properties: { rating: { anyOf: Schema[] } };
    };
    expect(body.properties.rating.anyOf[0]).toMatchObject({ type: "integer", minimum: 1, maximum: 10 });
    const order = byId("v1.ecommerce.order.create").requestBody!.content["application/json"].schema as {
      properties: { guestEmail: Schema };
    };
    expect(order.properties.guestEmail).toMatchObject({ type: "string", format: "email" });
  });
});
