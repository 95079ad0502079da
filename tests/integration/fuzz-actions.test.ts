// Both databases: hostile values must map to a translated answer whatever error each database raises.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod/v4";
import { carts, consents, formSubmissions, media } from "~/.server/db/schema";
import { ODD_FIELD_NAMES, PDF_BYTES, hostileFileName, hostileText } from "../fixtures/hostile-input";
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
 * Decision 0083 widens it to every way text enters a form: half the posts are multipart
 * with files of hostile names, field names carry odd list indexes (`items[99999].x`,
 * `a[-1]`, `a[]`), and the action's address carries hostile query values. A public form
 * with a file field takes hostile file names anonymously and stores them clean.
 */
const TOTAL_POSTS = 2_100;
/** A public form with a file field, built in beforeAll as the backoffice builds one. */
const UPLOAD_FORM = "fotografije-krova";
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

/** The held cart of a phone order, so its page's posts reach the page's rules (its id is set in beforeAll). */
const PHONE_ORDER: Record<string, string> = {};
// The parameters of action routes: a real row where one exists, so the post reaches the action's rules.
const PARAMS: Record<string, string> = { slug: "krovni-sendvic-panel-40-mm-pir", id: "1", orderId: "1" };
const PARAMS_BY_ROUTE: [RegExp, Record<string, string>][] = [
  [/:form(-alias)?$/, { slug: UPLOAD_FORM }],
  [/admin\.consent\.\$slug$/, { slug: "registerForm" }],
  [/admin\.orders\.\$slug/, { slug: "2026-000001" }],
  [/:profileOrder/, { slug: "AK-2026-00001" }],
  [/admin\.enquiries\.\$ref$/, { ref: "enquiry-1" }],
  [/admin\.products\.\$id$/, { id: "1" }],
  // The seed makes eight pages before the blog: the first post is 9.
  [/admin\.posts\.\$id$/, { id: "9" }],
  [/admin\.templates\.\$kind$/, { kind: "orderConfirmation" }],
  // A phone order's held cart (decision 0109), made in beforeAll.
  [/admin\.orders\.new\.\$cartId$/, PHONE_ORDER],
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
    const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "object") {
      for (const [key, value] of Object.entries((schema as z.ZodObject).shape)) {
        const field = name ? `${name}.${key}` : key;
        if (key === "intent" && value instanceof z.ZodLiteral) for (const v of value.values) intents.add(String(v));
        if (key === "intent" && value instanceof z.ZodEnum) for (const v of value.options) intents.add(String(v));
        names.add(field);
        walk(value as ZodTypeAny, field);
      }
      return;
    }
    for (const inner of [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType]) {
      if (inner instanceof z.ZodType) walk(inner, name);
    }
    if (Array.isArray(def.options)) for (const option of def.options) walk(option as ZodTypeAny, name);
  };
  for (const exports of Object.values(modules)) for (const value of Object.values(exports)) if (value instanceof z.ZodType) walk(value, "");
  return { names: [...names], intents: [...intents] };
}

beforeAll(async () => {
  shop = await bootShop();
  const [held] = await (
    await shop.db()
  )
    .insert(carts)
    .values({
      siteId: 1,
      protectCode: "fuzz-phone-order",
      locale: "hr",
      heldByStaffId: sql`(select id from users where is_backoffice_user order by id limit 1)`,
      heldFor: { firstName: "Fuzz", lastName: "Telefon", email: "fuzz-telefon@example.com", phone: "091" },
    })
    .returning({ id: carts.id });
  PHONE_ORDER.cartId = String(held.id);
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
  const built = await admin.post(
    "/admin/forms/new",
    {
      intent: "save",
      slug: UPLOAD_FORM,
      "title.hr": "Pošaljite fotografije krova",
      "fields[0].name": "name",
      "fields[0].type": "text",
      "fields[0].label.hr": "Ime",
      "fields[0].required": "on",
      "fields[1].name": "photos",
      "fields[1].type": "file",
      "fields[1].label.hr": "Fotografije",
    },
    { tokenFrom: "/admin/forms/new" },
  );
  if (built.status !== 302) throw new Error(`The upload form was not built: ${built.status}`);
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

const values = hostileText;

function multipart(entries: [string, string | File][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

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
    ...ODD_FIELD_NAMES,
  ];
  const name = fc.constantFrom(...vocabulary.names, ...extraNames);
  const fileField = fc.constantFrom("photos", "files", "file", "image", "images", "sheet", ...ODD_FIELD_NAMES);
  return fc.record({
    visitor: fc.integer({ min: 0, max: 2 }),
    intent: fc.option(fc.constantFrom(...vocabulary.intents), { nil: undefined, freq: 5 }),
    fields: fc.array(fc.tuple(name, values), { maxLength: 14 }),
    // Half multipart, as a form with a file input posts; its files named anything.
    files: fc.option(fc.array(fc.tuple(fileField, hostileFileName), { maxLength: 2 }), { nil: undefined, freq: 2 }),
    query: fc.array(fc.tuple(fc.constantFrom("redirectTo", "index", "page", "q", "_data", ...extraNames), values), { maxLength: 2 }),
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
        fc.asyncProperty(postArbitrary(vocabulary), async ({ visitor: which, intent, fields, files, query }) => {
          const visitor = visitors[which];
          const form: [string, string | File][] = Object.entries(tokens.get(visitor)!);
          if (intent !== undefined) form.push(["intent", intent]);
          form.push(...fields);
          for (const [name, fileName] of files ?? []) form.push([name, new File([PDF_BYTES], fileName, { type: "application/pdf" })]);
          const before = await writes();
          const address = query.length ? `${action.path}?${new URLSearchParams(query)}` : action.path;
          const response = await visitor.request(address, {
            method: "POST",
            ...(files === undefined
              ? {
                  body: new URLSearchParams(form as [string, string][]),
                  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: visitor.origin },
                }
              : { body: multipart(form), headers: { Origin: visitor.origin } }),
          });
          await response.arrayBuffer();
          sent++;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const shown = fields.map(([n, v]) => [n, v.slice(0, 80)]);
          const where = `${address.slice(0, 200)} (${action.id}) ${JSON.stringify([intent, shown, files?.map(([n, f]) => [n, f.slice(0, 80)])])}`;
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
  }, 600_000);

  it("stores the files of a public form's file field under a clean name, whatever they are called (decision 0083)", async () => {
    const db = await shop.db();
    const [privacy] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
    const visitor = new Visitor(shop);
    const page = `/obrazac/${UPLOAD_FORM}`;
    const tokens = await visitor.formTokens(page);
    const before = (await db.select({ id: formSubmissions.id }).from(formSubmissions)).length;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hostileFileName, { minLength: 1, maxLength: 3 }), async (names) => {
        const body = multipart([
          ...Object.entries(tokens),
          ["name", "Marko"],
          ["acceptedConsents", String(privacy.id)],
          ["redirectTo", "/kontakt"],
          ...names.map((name): [string, File] => ["photos", new File([PDF_BYTES], name, { type: "application/pdf" })]),
        ]);
        const response = await visitor.request(page, { method: "POST", body, headers: { Origin: visitor.origin } });
        await response.arrayBuffer();
        // A part named "" is no file (a browser sends it for an empty file input): refused at the field.
        expect(response.status, JSON.stringify(names)).toBeLessThan(names.includes("") ? 500 : 400);
        if (response.status < 400) stored++;
      }),
      { numRuns: 60, seed: 83, endOnFailure: true },
    );
    const files = await db.select({ originalName: media.originalName, title: media.title }).from(media).where(eq(media.access, "private"));
    // eslint-disable-next-line no-control-regex -- control characters are the point
    const refused = /[\0-\x08\x0B-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(files.filter((f) => refused.test(f.originalName) || refused.test(f.title))).toEqual([]);
    expect((await db.select({ id: formSubmissions.id }).from(formSubmissions)).length - before).toBe(stored);
    expect(stored).toBeGreaterThan(40);
  }, 120_000);
});
