// Both databases: backup and restore go through each database's own dump (PGlite's dumpDataDir, pg_dump and pg_restore).
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "~/.server/db/client.server";
import { consents, deliveryMethods, paymentMethods, products } from "~/.server/db/schema";
import { formTokensOf, type Visitor } from "../setup/client";
import { runScript, seededDataDir, shopEnv, startShopProcess, type ShopProcess } from "../setup/shop-process";
import { loginAsAdmin } from "../setup/accounts";

/**
 * `npm run backup` and `npm run restore` (docs/decisions/0093) end to end: a production shop
 * process gets a customer, an order, a page and an uploaded image through real requests;
 * the backup is taken while it runs; the archive is restored into empty directories (and,
 * on PostgreSQL, an empty database) and a new shop process started on them is the same shop.
 */
const template = inject("testDatabase");
const onPostgres = template.kind === "postgres";
const work = mkdtempSync(path.join(tmpdir(), "shop-backup-test-"));
const archive = path.join(work, "backup.tar.gz");
const original = { dataDir: path.join(work, "original"), mediaDir: path.join(work, "original-media") };
const restored = { dataDir: path.join(work, "restored"), mediaDir: path.join(work, "restored-media") };
let restoredDatabaseUrl: string | undefined;
const shops: ShopProcess[] = [];

/** What the first shop was given, looked for in the restored one. */
const made = {
  email: `backup-${randomBytes(3).toString("hex")}@example.com`,
  password: "Lozinka123",
  orderSlug: "",
  pageSlug: "sigurnosna-kopija",
  pageText: "Ova stranica mora preživjeti sigurnosnu kopiju.",
  mediaUrl: "",
  mediaBytes: Buffer.alloc(0),
};

async function postgresAdmin(sql: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: template.kind === "postgres" ? template.serverUrl : "" });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (template.kind === "postgres") {
    // The first shop runs on this file's database (seeded from the template); its media
    // directory is a copy of the seed's.
    cpSync(template.media, original.mediaDir, { recursive: true });
    const name = `shop_restore_${process.pid}_${randomBytes(4).toString("hex")}`;
    await postgresAdmin(`CREATE DATABASE ${name}`);
    const url = new URL(template.serverUrl);
    url.pathname = `/${name}`;
    restoredDatabaseUrl = url.toString();
  } else {
    // The default layout: the media inside the data directory (DATA_DIR/media).
    await seededDataDir(original.dataDir, template);
    original.mediaDir = path.join(original.dataDir, "media");
    restored.mediaDir = path.join(restored.dataDir, "media");
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  rmSync(work, { recursive: true, force: true });
  if (restoredDatabaseUrl) await postgresAdmin(`DROP DATABASE IF EXISTS ${new URL(restoredDatabaseUrl).pathname.slice(1)} WITH (FORCE)`);
});

const originalEnv = () =>
  shopEnv({ dataDir: original.dataDir, mediaDir: original.mediaDir, databaseUrl: onPostgres ? process.env.DATABASE_URL : undefined });
const restoredEnv = () => shopEnv({ dataDir: restored.dataDir, mediaDir: restored.mediaDir, databaseUrl: restoredDatabaseUrl });

/** The named fields of the form on `html` that posts `intent` (and matches `extra`), as a browser would post them. */
function formFields(html: string, intent: string, extra: Record<string, string> = {}) {
  const { document } = new JSDOM(html).window;
  const form = [...document.querySelectorAll("form")].find(
    (candidate) =>
      candidate.querySelector(`[name="intent"][value="${intent}"]`) &&
      Object.entries(extra).every(([name, value]) => candidate.querySelector(`[name="${name}"][value="${value}"]`)),
  );
  if (!form) throw new Error(`No form with intent ${intent}`);
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name], textarea[name], select[name]")) {
    if ((input.type === "checkbox" || input.type === "radio") && !input.checked) continue;
    fields[input.name] = input.value;
  }
  return fields;
}

async function seedIds() {
  const db = await getDb();
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.sku, "AK-PNL-SND-40"));
  const consentRows = await db.select({ id: consents.id, number: consents.uniqueNumber }).from(consents);
  const consent = (number: number) => String(consentRows.find((row) => row.number === number)!.id);
  const [courier] = await db.select({ id: deliveryMethods.id }).from(deliveryMethods).where(eq(deliveryMethods.code, "address"));
  const [cod] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.code, "cod"));
  return { product: String(product.id), consent, courier: String(courier.id), cod: String(cod.id) };
}

const loginAdmin = (shop: ShopProcess) => loginAsAdmin(shop.visitor());

async function postMultipart(visitor: Visitor, url: string, fields: Record<string, string>, file: File) {
  const tokens = formTokensOf((await visitor.page(url)).html, url);
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...tokens, ...fields })) body.set(key, value);
  body.append("files", file);
  return visitor.request(url, { method: "POST", body, headers: { Origin: visitor.origin } });
}

describe("npm run backup and npm run restore", () => {
  it("a running shop gets a customer, an order, a page and an image through real requests", async () => {
    const shop = await startShopProcess(originalEnv());
    shops.push(shop);
    const ids = await seedIds();

    // A customer registers (signed in at once) and orders, cash on delivery.
    const customer = shop.visitor();
    const registered = await customer.post(
      "/registracija",
      {
        intent: "register",
        firstName: "Vesna",
        lastName: "Kopić",
        email: made.email,
        password: made.password,
        confirmedPassword: made.password,
        acceptedConsents: [ids.consent(1), ids.consent(2)],
      },
      { tokenFrom: "/" },
    );
    expect(registered.status).toBe(302);
    expect(
      (await customer.post("/kosarica", { intent: "add", productId: ids.product, quantity: "2" }, { tokenFrom: "/kosarica" })).status,
    ).toBe(302);
    const address = {
      "delivery.firstName": "Vesna",
      "delivery.lastName": "Kopić",
      "delivery.contactEmail": made.email,
      "delivery.contactPhone": "+385 91 123 4567",
      "delivery.country": "HR",
      "delivery.city": "Zagreb",
      "delivery.street": "Ilica",
      "delivery.houseNumber": "10",
      "delivery.zipCode": "10000",
      "delivery.companyName": "",
      "delivery.companyOIB": "",
    };
    const checkout = (fields: Record<string, string>) => customer.post("/naplata", fields, { tokenFrom: "/kosarica" });
    expect((await checkout({ intent: "address", ...address })).status).toBe(302);
    expect((await checkout({ intent: "shipping", methodId: ids.courier })).status).toBe(302);
    const placed = await checkout({ intent: "payment", methodId: ids.cod, acceptedConsents: ids.consent(2) });
    expect(placed.status).toBe(302);
    made.orderSlug = /orderSlug=(\d{4}-\d{6})/.exec(placed.headers.get("Location") ?? "")![1];

    // The admin writes and publishes a page and uploads an image.
    const admin = await loginAdmin(shop);
    const created = await admin.post(
      "/admin/pages/new",
      { title: "Sigurnosna kopija", slug: made.pageSlug, template: "text" },
      {
        tokenFrom: "/admin/pages/new",
      },
    );
    expect(created.status).toBe(302);
    const editor = created.headers.get("Location")!;
    const text = formFields((await admin.page(editor)).html, "text", { language: "hr" });
    expect((await admin.post(editor, { ...text, bodyHtml: `<p>${made.pageText}</p>` }, { tokenFrom: editor })).status).toBe(302);
    const settings = formFields((await admin.page(editor)).html, "settings");
    expect((await admin.post(editor, { ...settings, status: "published", publishedAt: "" }, { tokenFrom: editor })).status).toBe(302);
    expect(await (await shop.visitor().get(`/${made.pageSlug}`)).text()).toContain(made.pageText);

    const image = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#3a7bd5" } })
      .png()
      .toBuffer();
    const uploaded = await postMultipart(
      admin,
      "/admin/media",
      { intent: "upload", access: "public", folderId: "" },
      new File([new Uint8Array(image)], "Kopija slike.png", { type: "image/png" }),
    );
    expect(uploaded.status).toBe(302);
    const library = (await admin.page("/admin/media")).html;
    made.mediaUrl = /\/media\/[^"'\s]+\/kopija-slike\.webp/.exec(library)![0];
    const served = await shop.visitor().get(made.mediaUrl);
    expect(served.status).toBe(200);
    made.mediaBytes = Buffer.from(await served.arrayBuffer());
    expect(made.mediaBytes.length).toBeGreaterThan(0);
  }, 300_000);

  it("backs the running shop up into one archive with a manifest", () => {
    const backup = runScript("backup", ["--out", archive], originalEnv());
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain(onPostgres ? "pg_dump" : "asking it for a dump");
    expect(existsSync(archive)).toBe(true);
    const journal = JSON.parse(readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8"));
    expect(backup.output).toContain(`${journal.entries.length} migrations applied`);
  }, 180_000);

  it("restores into empty directories only, then a shop started on them is the same shop", async () => {
    const restore = runScript("restore", [archive], restoredEnv());
    expect(restore.status, restore.output).toBe(0);
    // A second restore onto what is now there is refused without --force …
    const again = runScript("restore", [archive], restoredEnv());
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/--force/);
    // … and with it, replaces it.
    const forced = runScript("restore", [archive, "--force"], restoredEnv());
    expect(forced.status, forced.output).toBe(0);

    // The original stops first only on PGlite, where it changes nothing; on PostgreSQL both run.
    if (!onPostgres) await shops[0].stop();
    const shop = await startShopProcess(restoredEnv());
    shops.push(shop);

    const page = await shop.visitor().get(`/${made.pageSlug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(made.pageText);

    const image = await shop.visitor().get(made.mediaUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(made.mediaBytes)).toBe(true);

    // The customer signs in with the password of before, and sees the order.
    const customer = shop.visitor();
    const login = await customer.post("/prijava", { intent: "login", username: made.email, password: made.password }, { tokenFrom: "/" });
    expect(login.status).toBe(302);

    const admin = await loginAdmin(shop);
    expect((await admin.page(`/admin/orders?q=${made.orderSlug}`)).html).toContain(made.orderSlug);
    expect((await admin.page(`/admin/customers?q=${encodeURIComponent(made.email)}`)).html).toContain(made.email);
  }, 300_000);
});
