import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod";
import { Visitor, type formTokensOf } from "../setup/client";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Decision 0035 (DESIGN.md "Trust boundaries"): a property test that sends generated
 * posts, with the session's valid CSRF token and honeypot fields, to every action of the
 * built route table (read from build/server/index.js, not a hand list), the intents of
 * multi-intent actions included, as a visitor, a signed-in customer and the admin. It
 * asserts that no post gets a 5xx and that a refused post (4xx) changes nothing: every
 * table of the database counts its writes in a trigger, and a 4xx post must leave the
 * count as it was (the sign-in failure counters excepted: counting failures is their job).
 */
const TOTAL_POSTS = 2_100;
const root = path.resolve(import.meta.dirname, "../..");

let shop: Shop;
const actions: { id: string; path: string }[] = [];
let visitors: Visitor[] = [];
const tokens = new Map<Visitor, ReturnType<typeof formTokensOf>>();

/**
 * Tables whose writes on a refused post are the point: login failures counted per account
 * and address, and the backoffice session, whose end every staff request moves on once a
 * minute (a run longer than a minute would otherwise fail by the clock).
 */
const COUNTING_TABLES = new Set(["login_attempts", "login_failures", "login_throttle", "sessions"]);

// The parameters of action routes: a real row where one exists, so the post reaches the action's rules.
const PARAMS: Record<string, string> = { slug: "krovni-sendvic-panel-40-mm-pir", id: "1", orderId: "1" };
const PARAMS_BY_ROUTE: [RegExp, Record<string, string>][] = [
  [/:form(-alias)?$/, { slug: "contact" }],
  [/admin\.consent\.\$slug$/, { slug: "registerForm" }],
  [/admin\.orders\.\$slug/, { slug: "2026-000001" }],
  [/:profileOrder/, { slug: "AK-2026-00001" }],
  [/admin\.enquiries\.\$ref$/, { ref: "enquiry-1" }],
  [/admin\.products\.\$id$/, { id: "1" }],
  // The seed makes eight pages before the blog: the first post is 9.
  [/admin\.posts\.\$id$/, { id: "9" }],
  [/admin\.templates\.\$kind$/, { kind: "orderConfirmation" }],
];

function routePath(build: ServerBuild, id: string): string {
  const route = build.routes[id];
  const own = route.path ?? "";
  const parent = route.parentId && route.parentId !== "root" ? routePath(build, route.parentId) : "";
  return [parent, own].filter(Boolean).join("/");
}

function concrete(routeId: string, pattern: string): string {
  const overrides = PARAMS_BY_ROUTE.find(([id]) => id.test(routeId))?.[1] ?? {};
  const filled = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "x";
      if (!segment.startsWith(":")) return segment;
      const name = segment.replace(/^:/, "").replace(/\?$/, "");
      const value = overrides[name] ?? PARAMS[name];
      if (value === undefined) throw new Error(`Route ${routeId} has a parameter :${name} the fuzz test has no value for`);
      return value;
    });
  return `/${filled.join("/")}`;
}

/** Field names and intent values of every form schema (app/modules/**\/*.schema.ts). */
function schemaVocabulary() {
  const modules = import.meta.glob<Record<string, unknown>>("../../app/modules/**/*.schema.ts", { eager: true });
  const names = new Set<string>();
  const intents = new Set<string>();
  const seen = new Set<ZodTypeAny>();
  const walk = (schema: ZodTypeAny, name: string) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = schema._def as Record<string, unknown> & { typeName: string };
    if (def.typeName === "ZodObject") {
      for (const [key, value] of Object.entries((schema as z.AnyZodObject).shape)) {
        const field = name ? `${name}.${key}` : key;
        if (key === "intent" && (value as ZodTypeAny)._def.typeName === "ZodLiteral")
          intents.add(String((value as z.ZodLiteral<string>).value));
        if (key === "intent" && (value as ZodTypeAny)._def.typeName === "ZodEnum")
          for (const v of (value as z.ZodEnum<[string]>).options) intents.add(v);
        names.add(field);
        walk(value as ZodTypeAny, field);
      }
      return;
    }
    for (const inner of [def.schema, def.innerType, def.in, def.out, def.type, def.left, def.right, def.valueType]) {
      if (inner instanceof z.ZodType) walk(inner, def.typeName === "ZodArray" ? name : name);
    }
    if (Array.isArray(def.options)) for (const option of def.options) walk(option as ZodTypeAny, name);
  };
  for (const exports of Object.values(modules)) for (const value of Object.values(exports)) if (value instanceof z.ZodType) walk(value, "");
  return { names: [...names], intents: [...intents] };
}

beforeAll(async () => {
  shop = await bootShop();
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const seen = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route.module.action) continue;
    const url = concrete(id, routePath(build, id));
    if (seen.has(url)) continue;
    seen.add(url);
    actions.push({ id, path: url });
  }
  const db = await shop.db();
  // Every write to any table counts in fuzz_writes, by table.
  await db.execute(sql.raw(`create table if not exists fuzz_writes (tbl text primary key, n bigint not null)`));
  await db.execute(
    sql.raw(`
    create or replace function fuzz_count() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = fuzz_writes.n + 1;
      return null;
    end $$;
  `),
  );
  const tables = (await db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes'`),
  )) as unknown as Rows<{ tablename: string }>;
  for (const { tablename } of tables.rows) {
    await db.execute(
      sql.raw(`create trigger fuzz_count after insert or update or delete on "${tablename}" for each row execute function fuzz_count()`),
    );
  }
  const anonymous = new Visitor(shop);
  const customer = await signInAsCustomer(shop, new Visitor(shop));
  const admin = await loginAsAdmin(new Visitor(shop));
  visitors = [anonymous, customer, admin];
  for (const visitor of visitors) tokens.set(visitor, await visitor.formTokens("/kosarica"));
}, 120_000);
afterAll(() => shop.close());

type Rows<T> = { rows: T[] };

async function writes(): Promise<Map<string, number>> {
  const db = await shop.db();
  const { rows } = (await db.execute(sql.raw("select tbl, n from fuzz_writes"))) as unknown as Rows<{ tbl: string; n: string }>;
  return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
}

function changedTables(before: Map<string, number>, after: Map<string, number>) {
  return [...after].filter(([table, n]) => n !== (before.get(table) ?? 0) && !COUNTING_TABLES.has(table)).map(([table]) => table);
}

// Values a form field should never choke on: out of range numbers, control characters,
// the noncharacters, over-long texts, markup, SQL, paths, e-mail-ish and empty values.
const values = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "999",
    "1000",
    "2147483647",
    "2147483648",
    "-2147483649",
    "99999999999999999999",
    "1e400",
    "-1e400",
    "NaN",
    "Infinity",
    "1.5",
    "0x10",
    "on",
    "true",
    "null",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "a\u0000b",
    "\u0000",
    "x\u0007y",
    "\u001b[31m",
    "\uFFFE",
    "\uFFFF",
    "line\r\nline",
    "tab\tbed",
    "ana@example.com",
    "KUPAC@EXAMPLE.COM",
    "/",
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "../../etc/passwd",
    "%00",
    "hr",
    "en",
    "de",
    "card",
    "cod",
    "new",
    "shipping",
    "billing",
    "12345678901",
    "94577403194",
    "HR",
    "#",
    "\u202e",
    "👍",
    "Šime Čačić",
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
  fc.integer({ min: 70, max: 25_000 }).map((n) => "x".repeat(n)),
);

function postArbitrary(vocabulary: { names: string[]; intents: string[] }) {
  const extraNames = [
    "a[99999]",
    "x".repeat(250),
    "__proto__",
    "constructor.prototype.polluted",
    "options.duljina",
    "bundleOptions.1",
    "branchId.1",
    "a[0][1]",
    "acceptedConsents",
    "delivery.city",
    "billing.companyOIB",
    "redirectTo",
    "via",
    "js",
    "\u0000name",
  ];
  const name = fc.constantFrom(...vocabulary.names, ...extraNames);
  return fc.record({
    visitor: fc.integer({ min: 0, max: 2 }),
    intent: fc.option(fc.constantFrom(...vocabulary.intents), { nil: undefined, freq: 5 }),
    fields: fc.array(fc.tuple(name, values), { maxLength: 14 }),
  });
}

describe("generated posts to every action (every input bounded, decision 0035)", () => {
  it("finds the actions of the route table, the multi-intent ones among them", () => {
    const paths = actions.map((a) => a.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/kosarica", "/naplata", "/prijava", "/profil", "/actions/newsletter", "/admin/consent"]),
    );
    expect(actions.length).toBeGreaterThan(20);
  });

  it("never answers 5xx, and a refused post (4xx) changes nothing", async () => {
    const vocabulary = schemaVocabulary();
    expect(vocabulary.intents).toEqual(
      expect.arrayContaining(["add", "update", "delete", "coupon", "guest", "address", "shipping", "payment", "profile", "password"]),
    );
    const runs = Math.ceil(TOTAL_POSTS / actions.length);
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const action of actions) {
      await fc.assert(
        fc.asyncProperty(postArbitrary(vocabulary), async ({ visitor: which, intent, fields }) => {
          const visitor = visitors[which];
          const body = new URLSearchParams(tokens.get(visitor));
          if (intent !== undefined) body.set("intent", intent);
          for (const [name, value] of fields) body.append(name, value);
          const before = await writes();
          const response = await visitor.request(action.path, {
            method: "POST",
            body,
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
          });
          await response.arrayBuffer();
          sent++;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const where = `${action.path} (${action.id}) ${JSON.stringify([intent, fields.map(([n, v]) => [n, v.slice(0, 80)])])}`;
          expect(response.status, `5xx for ${where}`).toBeLessThan(500);
          if (response.status >= 400) expect(changedTables(before, await writes()), `a refused post changed tables: ${where}`).toEqual([]);
        }),
        { numRuns: runs, seed: 1313, endOnFailure: true },
      );
      // A sign-in of the admin may have been undone by a generated logout post: sign in again.
      if (action.path.includes("logout") || action.path === "/admin") {
        visitors[2] = await loginAsAdmin(new Visitor(shop));
        tokens.set(visitors[2], await visitors[2].formTokens("/kosarica"));
        visitors[1] = await signInAsCustomer(shop, new Visitor(shop));
        tokens.set(visitors[1], await visitors[1].formTokens("/kosarica"));
      }
    }
    expect(sent).toBeGreaterThanOrEqual(2_000);
    // The write counter works: the accepted posts (sessions, carts, consents) were counted.
    expect([...(await writes()).values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    console.log(`fuzz: ${sent} posts to ${actions.length} actions; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 240_000);
});
