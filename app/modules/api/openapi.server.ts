import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { API_CACHE_CONTROL, API_CACHE_VARY } from "./api-cache.server";
import { API_HEADERS, namedSchemas } from "./api-endpoint";
import { listMarker } from "./api-lists";
import { callKind, operationsOf, type AnyEndpoint, type Registry } from "./api-router.server";

/**
 * The OpenAPI 3.1 document of the API (/api/docs), generated from the endpoints' own zod
 * schemas (the ones the router parses with), never written by hand: a changed schema is
 * a changed document. JSON Schema 2020-12 is OpenAPI 3.1's own dialect.
 */
export const CORE_VERSION = "1.12.190";

type JsonSchema = Record<string, unknown>;

/**
 * A schema's JSON Schema. A schema named in `namedSchemas` (the recursive ones) goes to
 * `components` once and is referred to by `$ref`, so a tree can contain itself.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    metadata: namedSchemas,
    override: (ctx) => {
      // Dates travel as ISO strings in JSON.
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
    },
  }) as JsonSchema;
  delete out.$schema;
  const defs = out.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return out;
  delete out.$defs;
  const moved = (value: JsonSchema) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [id, def] of Object.entries(defs)) {
    // The registry's id is copied into the schema; JSON Schema 2020-12 has no "id" keyword.
    const { id: _id, ...rest } = def;
    components[id] = moved(rest);
  }
  return moved(out);
}

const FAILURE: JsonSchema = {
  type: "object",
  required: ["errored", "statusCode", "message"],
  properties: {
    errored: { const: true },
    statusCode: { type: "integer" },
    message: { type: "string" },
    errors: {
      type: "array",
      items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } },
    },
  },
};

const RETRY_AFTER = { description: "Seconds until the budget allows the call again.", schema: { type: "integer", minimum: 1 } };

/** What a cacheable read (api-cache.server.ts) adds to the document. */
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an answer the caller keeps: 304 without a body when it is still the answer.",
  schema: { type: "string" },
};
const CACHE_HEADERS = {
  ETag: { description: "A hash of the answer's body; send it back in If-None-Match.", schema: { type: "string" } },
  "Cache-Control": {
    description: `\`${API_CACHE_CONTROL.anonymous}\` for a call without a token; \`${API_CACHE_CONTROL.signedIn}\` for a call with one (a customer group's prices).`,
    schema: { type: "string" },
  },
  Vary: { description: `The answer depends on ${API_CACHE_VARY.join(", ")} (and Origin for another site).`, schema: { type: "string" } },
};

const HEADER_PARAMETERS = [
  {
    name: API_HEADERS.language,
    in: "header",
    required: false,
    description: "Language code: hr (default), en or de (also hrv, eng, ger).",
    schema: { type: "string", enum: ["hr", "en", "de", "hrv", "eng", "ger"] },
  },
  { name: API_HEADERS.siteId, in: "header", required: false, description: "The site id (1).", schema: { type: "string" } },
  { name: API_HEADERS.storeId, in: "header", required: false, description: "The store id (1).", schema: { type: "string" } },
];

/**
 * v1 and v2 (decision 0131): one API under two prefixes. Spec §7's front end calls most
 * paths under v1 and a few under v2 (domainDetect, getCurrencyConfig, getAvailableCountries,
 * getFreeDeliveryAmount, media upload), so every call is served under both, the same way;
 * v2 is an alias, not a newer contract. The sign-in calls exist under v1 only, where the
 * spec names them; the legacy /api/auth/... paths are deprecated aliases.
 */
export const VERSIONS_NOTE =
  "Versions: /api/v1 and /api/v2 are one API. Every call is served under both prefixes and answers the same under each (v2 is an alias of v1, not a newer contract), " +
  "except login, refresh and logout, which exist under /api/v1 only (where spec §7 names them). The legacy /api/auth/login, /api/auth/logout and /api/auth/user " +
  "are deprecated aliases of /api/v1/login, /api/v1/logout and the signed-in user.";

/** What an operation's description adds about its versions: only where it is not the usual pair. */
function versionNote(endpoint: AnyEndpoint): string | null {
  if (endpoint.absolute)
    return "Deprecated: a legacy path kept for old front ends; new clients call the /api/v1 twin named in the summary.";
  const versions = endpoint.versions ?? ["v1", "v2"];
  if (versions.length === 1) return `Served under /api/${versions[0]} only: there is no /api/${versions[0] === "v1" ? "v2" : "v1"} twin.`;
  return null;
}

export function openApiDocument(registry: Registry): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = {};
  for (const { name, endpoint, version, path, params } of operationsOf(registry)) {
    const openPath = path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const parameters: unknown[] = [
      ...params.map((p) => ({ name: p, in: "path", required: true, schema: { type: "string" } })),
      ...HEADER_PARAMETERS,
      ...(endpoint.cacheable ? [IF_NONE_MATCH] : []),
    ];
    if (endpoint.query) {
      const query = jsonSchema(endpoint.query, "input", components);
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [key, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
        parameters.push({ name: key, in: "query", required: required.has(key), schema });
      }
    }
    const security =
      endpoint.auth === "none"
        ? []
        : endpoint.auth === "public"
          ? [{ apiKey: [] }, { apiKey: [], bearer: [] }]
          : [{ apiKey: [], bearer: [] }];
    const errors = new Map<number, string[]>();
    const addError = (status: number, message: string) => errors.set(status, [...(errors.get(status) ?? []), message]);
    addError(400, "Invalid input");
    addError(400, "Malformed percent-escape in the URL");
    if (endpoint.auth !== "none") addError(401, "API key required / Invalid API key");
    if (endpoint.auth === "customer" || endpoint.auth === "backoffice") addError(401, "Access token required");
    if (endpoint.auth === "backoffice") addError(403, "Forbidden");
    addError(403, "Origin not allowed");
    if (params.length) addError(404, "Not found");
    if (endpoint.body) {
      addError(413, "Payload too large");
      addError(415, "Send the body as application/json");
    }
    // The budgets and bounds every call meets (decision 0084).
    addError(414, "URI too long");
    addError(429, `Too many requests (the ${callKind(endpoint)} budget of the key or shopper); Retry-After gives the seconds to wait`);
    addError(431, "Request header fields too large");
    for (const e of endpoint.errors ?? []) addError(e.status, e.message);
    const responses: Record<string, unknown> = {
      "200": {
        description: "Success",
        ...(endpoint.cacheable ? { headers: CACHE_HEADERS } : {}),
        content: {
          "application/json": {
            schema: { type: "object", required: ["data"], properties: { data: jsonSchema(endpoint.response, "output", components) } },
          },
        },
      },
    };
    if (endpoint.cacheable) {
      responses["304"] = { description: "Not modified: the If-None-Match names this answer's ETag; no body.", headers: CACHE_HEADERS };
    }
    for (const [status, messages] of [...errors].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: messages.join("; "),
        ...(status === 429 ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
      };
    }
    const description = [endpoint.description, versionNote(endpoint)].filter(Boolean).join("\n\n");
    // A list of the one shape (api-lists.ts): where its records are and where page/perPage go.
    const list = listMarker(endpoint.response);
    paths[openPath] ??= {};
    paths[openPath][endpoint.method.toLowerCase()] = {
      operationId: version ? `${version}.${name}` : name,
      tags: [endpoint.service],
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      ...(endpoint.absolute ? { deprecated: true } : {}),
      security,
      parameters,
      ...(endpoint.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(endpoint.body, "input", components) } } } }
        : {}),
      responses,
      "x-auth": endpoint.auth,
      "x-budget": callKind(endpoint),
      ...(endpoint.scope ? { "x-scope": endpoint.scope } : {}),
      ...(list ? { "x-pagination": { records: list.records, in: endpoint.method === "GET" ? "query" : "body" } } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Alu Krov shop API",
      version: CORE_VERSION,
      description:
        "The headless API of the shop (spec §7). Answers are `{ data }`; failures `{ errored: true, statusCode, message }`. " +
        `Every call names an API key in ${API_HEADERS.apiKey}; signed-in calls add \`Authorization: Bearer <accessToken>\` from POST /api/v1/login, renewed by GET /api/v1/refresh. ` +
        "Every list (marked `x-pagination`) answers `{ records, page, perPage, totalRecords, totalPages }` and takes `page` and a bounded `perPage`; a page past the end is empty.\n\n" +
        VERSIONS_NOTE,
    },
    servers: [{ url: env.PUBLIC_URL }],
    tags: [...new Set(Object.values(registry).map((e) => e.service))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components, Failure: FAILURE },
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: API_HEADERS.apiKey },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "token.<payload>.<signature>" },
      },
    },
  };
}
