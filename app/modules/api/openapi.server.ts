import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { API_CACHE_CONTROL, API_CACHE_VARY } from "./api-cache.server";
import { API_HEADERS, namedSchemas, type ApiService } from "./api-endpoint";
import { isClosedObject } from "./api-input";
import { listMarker } from "./api-lists";
import { entryRefusals } from "./api-refusals";
import { callKind, operationsOf, type AnyEndpoint, type Registry } from "./api-router.server";

/**
 * The OpenAPI 3.1 document of the API (/api/docs), generated from the endpoints' own zod
 * schemas (the ones the router parses with), never written by hand: a changed schema is
 * a changed document. JSON Schema 2020-12 is OpenAPI 3.1's own dialect.
 */
export const CORE_VERSION = "1.12.190";

type JsonSchema = Record<string, unknown>;

/** The schemas' own metadata (`.describe()`, `.meta()`) and the named ones' ids, together. */
const metadata = {
  get: (schema: z.ZodType) => {
    const own = z.globalRegistry.get(schema);
    const named = namedSchemas.get(schema);
    return own || named ? { ...own, ...named } : undefined;
  },
} as unknown as typeof namedSchemas;

/**
 * A schema's JSON Schema. A schema named in `namedSchemas` (the recursive ones) goes to
 * `components` once and is referred to by `$ref`, so a tree can contain itself.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    metadata,
    override: (ctx) => {
      // Dates travel as ISO strings in JSON.
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      // A request object takes no other fields (the router refuses them, decision 0128); an answer's zod already says so.
      if (io === "input" && isClosedObject(ctx.zodSchema)) ctx.jsonSchema.additionalProperties = false;
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
  description: "Every failure's answer (spec §7, §8), whatever its status.",
  required: ["errored", "statusCode", "message"],
  additionalProperties: false,
  properties: {
    errored: { const: true },
    statusCode: { type: "integer", description: "The HTTP status again" },
    message: { type: "string", description: "The spec's message (English), or the call's language where the call says so" },
    errors: {
      type: "array",
      description: "The refused fields: where (body.x, query.x, path.x) and what is wrong with each",
      items: {
        type: "object",
        required: ["field", "message"],
        additionalProperties: false,
        properties: { field: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

const RETRY_AFTER = {
  description: "Seconds to wait: until the budget allows the call again (429), or until the database is back (503).",
  schema: { type: "integer", minimum: 1 },
};

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

/** The spec §7 services, the document's tags. */
const SERVICES: Record<ApiService, string> = {
  auth: "Sign-in, token refresh and sign-out (and the legacy /api/auth calls)",
  product: "The catalogue: products, categories, tags, filters, search",
  cms: "Pages, posts, terms, navigation, site options, media, comments, wishlist, forms and consents",
  ecommerce: "The cart (by cartId and protectCode), checkout, orders and payment",
  media: "Image sizes and formats",
  user: "Registration, the profile and address book, passwords, the customer's orders and data",
  document: "The customer's invoices",
  settings: "Languages, countries, the domain's storefront key and public site options",
  gdpr: "Consents and the consent log",
  marketing: "The newsletter",
  calendar: "Events",
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
      ...params.map((p) => ({ name: p, in: "path", required: true, description: endpoint.params?.[p], schema: { type: "string" } })),
      ...HEADER_PARAMETERS,
      ...(endpoint.headers ?? []).map((h) => ({ ...h, in: "header", schema: { type: "string" } })),
      ...(endpoint.cacheable ? [IF_NONE_MATCH] : []),
    ];
    if (endpoint.query) {
      const query = jsonSchema(endpoint.query, "input", components);
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [key, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
        parameters.push({ name: key, in: "query", required: required.has(key), description: schema.description, schema });
      }
    }
    const security =
      endpoint.auth === "none"
        ? []
        : endpoint.auth === "public"
          ? [{ apiKey: [] }, { apiKey: [], bearer: [] }]
          : [{ apiKey: [], bearer: [] }];
    // The entry's refusals that can meet this call (api-refusals.ts), then the call's own.
    const errors = new Map<number, string[]>();
    const facts = { auth: endpoint.auth, method: endpoint.method, params, strict: Boolean(endpoint.strict), budget: callKind(endpoint) };
    for (const e of [...entryRefusals(facts), ...(endpoint.errors ?? [])]) {
      const known = errors.get(e.status) ?? [];
      if (!known.includes(e.message)) errors.set(e.status, [...known, e.message]);
    }
    const responses: Record<string, unknown> = {
      "200": {
        description: "Success",
        ...(endpoint.cacheable ? { headers: CACHE_HEADERS } : {}),
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["data"],
              additionalProperties: false,
              properties: { data: jsonSchema(endpoint.response, "output", components) },
            },
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
        ...(status === 429 || status === 503 ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
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
        ? {
            requestBody: {
              // A call whose body may be empty (every field optional) takes none at all too.
              required: !endpoint.body.safeParse({}).success,
              content: { "application/json": { schema: jsonSchema(endpoint.body, "input", components) } },
            },
          }
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
    tags: [...new Set(Object.values(registry).map((e) => e.service))].sort().map((name) => ({ name, description: SERVICES[name] })),
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
