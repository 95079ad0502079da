import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAsAdmin, signInAsCustomer } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Each page carries only the message namespaces its routes declare (decision 0015); one
 * left out shows a raw key. Every page here is rendered through the built request
 * handler and searched for message keys of locales/ in its text and attributes.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const PRODUCT = "/product/polukruzni-oluk-125-mm-ral-7016-3-m";
const namespaces = readdirSync(path.resolve("locales/hr")).map((file) => file.replace(/\.json$/, ""));

function keysOf(node: unknown, prefix: string, out: Set<string>) {
  if (typeof node === "string") out.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) keysOf(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}
const KEYS = new Set<string>();
for (const lng of ["hr", "en", "de"]) {
  for (const ns of namespaces) keysOf(JSON.parse(readFileSync(path.resolve(`locales/${lng}/${ns}.json`), "utf8")), "", KEYS);
}
const CANDIDATE = new RegExp(`\\b(?:${namespaces.join("|")})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*`, "g");

/** Message keys shown as they are: in the page's text or attributes, not in its scripts (nor asset names: admin.templates-x.js). */
function rawKeys(html: string): string[] {
  const visible = html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<style\b[\s\S]*?<\/style>/g, "")
    .replace(/<link\b[^>]*>/g, "")
    // A field's own pattern message travels as its key, for the browser's check (decision 0016).
    .replace(/ data-pattern-message="[^"]*"/g, "");
  return [...new Set([...visible.matchAll(CANDIDATE)].map(([m]) => m).filter((candidate) => KEYS.has(candidate)))];
}

async function expectNoRawKeys(visitor: Visitor, url: string) {
  const response = await visitor.get(url, { Accept: "text/html" });
  expect(response.status, url).toBeLessThan(500);
  expect(rawKeys(await response.text()), url).toEqual([]);
}

describe("no page shows a raw message key", () => {
  it("finds a raw key when there is one (the check can fail)", () => {
    expect(rawKeys('<p title="core.validation.required">site.maintenance</p><script>{"core.x":1}</script>')).toEqual([
      "core.validation.required",
      "site.maintenance",
    ]);
  });

  for (const url of [
    "/",
    "/shop",
    "/shop?limit=24",
    PRODUCT,
    "/kosarica",
    "/kosarica?cart=open",
    "/prijava",
    "/registracija",
    "/zaboravljena-lozinka",
    "/pretraga?search=panel&category=products",
    "/objave",
    "/dogadjaji",
    "/o-nama",
    "/kontakt",
    "/reference",
    "/naplata/uspjesna",
    "/nema-takve-stranice",
    "/a/b/c",
    "/en",
    "/en/shop",
    `/en${PRODUCT}`,
    "/en/cart",
    "/en/login",
    "/en/register",
    "/en/search?search=panel",
    "/en/blog",
    "/en/events",
    "/de",
    "/de/einkaufswagen",
    "/de/produkt/polukruzni-oluk-125-mm-ral-7016-3-m",
    "/de/suche?search=panel",
    "/adminLogin",
  ]) {
    it(`anonymous ${url}`, () => expectNoRawKeys(new Visitor(shop), url));
  }

  it("a cart with a line, and the flash toast of the add on the page it returns to (another namespace)", async () => {
    const visitor = new Visitor(shop);
    const productPage = await visitor.get(PRODUCT).then((r) => r.text());
    const productId = /name="productId" value="(\d+)"/.exec(productPage)![1]!;
    const response = await visitor.post("/kosarica", { intent: "add", quantity: "1", productId }, { tokenFrom: PRODUCT });
    expect(response.status).toBe(302);
    const back = await visitor.get(response.headers.get("Location")!, { Accept: "text/html" }).then((r) => r.text());
    expect(back).toMatch(/role="status" data-toast/);
    expect(rawKeys(back)).toEqual([]);
    await expectNoRawKeys(visitor, "/kosarica");
    await expectNoRawKeys(visitor, "/en/cart");
  });

  it("a customer's profile pages", async () => {
    const visitor = await signInAsCustomer(shop, new Visitor(shop));
    for (const url of ["/profil", "/en/profile", "/naplata", "/kosarica"]) await expectNoRawKeys(visitor, url);
  });

  it("the backoffice", async () => {
    const visitor = await loginAsAdmin(new Visitor(shop));
    for (const url of [
      "/admin",
      "/admin/cache",
      "/admin/consent",
      "/admin/templates",
      "/admin/settings/checkout",
      "/admin/settings/company",
      "/admin/settings/comments",
      "/admin/settings/tracking",
      "/admin/settings/site",
      "/admin/comments",
      "/admin/enquiries",
    ]) {
      await expectNoRawKeys(visitor, url);
    }
  });
});

describe("namespaces a client navigation needs: /locales/:lng/:ns.:version.json", () => {
  it("answers the current version for good, an old one revalidated, an unknown one 404", async () => {
    const page = await new Visitor(shop).get("/", { Accept: "text/html" }).then((r) => r.text());
    const version = /"v":"([0-9a-f]+)"/.exec(page)![1];
    const current = await new Visitor(shop).get(`/locales/en/cart.${version}.json`);
    expect(current.status).toBe(200);
    expect(current.headers.get("Cache-Control")).toContain("immutable");
    const cart = (await current.json()) as { cart: { quote: Record<string, unknown> } };
    expect(Object.keys(cart)).toEqual(["cart"]);
    // The cart inquiry's mail text (cart.quote.mail) is the server's: not sent to the browser.
    expect(Object.keys(cart.cart.quote).length).toBeGreaterThan(0);
    expect(cart.cart.quote).not.toHaveProperty("mail");
    const old = await new Visitor(shop).get("/locales/de/cart.0000000000.json");
    expect(old.status).toBe(200);
    expect(old.headers.get("Cache-Control")).toBe("no-cache");
    for (const url of [`/locales/xx/cart.${version}.json`, `/locales/en/nope.${version}.json`, "/locales/en/cart.json"]) {
      expect((await new Visitor(shop).get(url)).status, url).toBe(404);
    }
  });
});
