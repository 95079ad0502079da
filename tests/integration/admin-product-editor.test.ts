import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  attributes,
  attributeValues,
  auditLog,
  bundleItems,
  media,
  orderItems,
  productAttributeValues,
  productCategories,
  productMedia,
  products,
  productTags,
  productCustomOptions,
  productTranslations,
  redirects,
  tags,
} from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { saveProduct } from "~/modules/catalog-admin/product-editor.server";
import { Visitor } from "../setup/client";
import { decodeEntities, submit } from "../setup/account-helpers";
import { placeOrder } from "../setup/orders";
import { eur } from "../setup/product-pages";
import { createStaff, signInAsStaff, type StaffLogin } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The product editor (/admin/products/new, /admin/products/:id; decision
 * 0046): its rules through the real request handler, posted as a browser without
 * JavaScript would, and what the shop shows afterwards.
 */
let shop: Shop;
let db: Database;
let editor: Visitor;
let staff: StaffLogin;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  staff = await createStaff(shop, "editor");
  editor = await signInAsStaff(new Visitor(shop), staff);
}, 60_000);
afterAll(() => shop?.close());

const product = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0];
const euros = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2).replace(".", ","));

/** What the main form of /admin/products/:id posts when nothing is changed. */
async function mainFields(id: number): Promise<Record<string, string | string[]>> {
  const p = await product(id);
  const texts = await db.select().from(productTranslations).where(eq(productTranslations.productId, id));
  const fields: Record<string, string | string[]> = {
    intent: "save",
    version: String(p.version),
    sku: p.sku,
    type: p.type,
    retailPrice: euros(p.retailPriceCents),
    price: euros(p.priceCents),
    membershipPrice: euros(p.membershipPriceCents),
    priceUnit: p.priceUnit,
    taxRateBp: String(p.taxRateBp),
    categoryPriority: String(p.categoryPriority),
    categories: (await db.select().from(productCategories).where(eq(productCategories.productId, id))).map((r) => String(r.categoryId)),
    tags: (await db.select().from(productTags).where(eq(productTags.productId, id))).map((r) => String(r.tagId)),
    images: (await db.select().from(productMedia).where(eq(productMedia.productId, id))).map((r) => String(r.mediaId)),
  };
  if (p.isVisibleIndividually) fields.visible = "on";
  fields.stockLoaded = p.stock === null ? "none" : String(p.stock);
  if (p.stock !== null) Object.assign(fields, { trackStock: "on", stock: String(p.stock) });
  for (const [locale, code] of [
    ["hr", "hrv"],
    ["en", "eng"],
    ["de", "ger"],
  ]) {
    const t = texts.find((row) => row.languageCode === code);
    if (!t) continue;
    Object.assign(fields, {
      [`translations.${locale}.name`]: t.name,
      [`translations.${locale}.slug`]: t.slug,
      [`translations.${locale}.shortDescription`]: t.shortDescription,
    });
  }
  return fields;
}

const save = async (id: number, changes: Record<string, string | string[]> = {}) =>
  submit(editor, `/admin/products/${id}`, { ...(await mainFields(id)), ...changes });
const post = async (id: number, fields: Record<string, string | string[]>) =>
  submit(editor, `/admin/products/${id}`, { version: String((await product(id)).version), ...fields });

async function create(format: string, name: string, sku: string): Promise<number> {
  const created = await submit(editor, "/admin/products/new", { format, name, sku });
  expect(created.status, created.html.slice(0, 300)).toBe(302);
  return Number(/\/admin\/products\/(\d+)$/.exec(created.location!)![1]);
}

/** A visible simple product of the seed with a tracked stock, and its Croatian slug. */
async function seededSimple() {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, slug: productTranslations.slug })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(
      and(eq(products.format, "simple"), eq(products.isVisibleIndividually, true), eq(products.archived, false), isNull(products.parentId)),
    )
    .orderBy(asc(products.id))
    .limit(1);
  return row;
}

describe("a new product", () => {
  it("is created hidden in the chosen format, with a slug from its name and an audit row; a SKU in use is a field error", async () => {
    const id = await create("simple", "Krovni vijak urednika", "UREDNIK-VIJAK-1");
    const p = await product(id);
    expect(p).toMatchObject({ format: "simple", sku: "UREDNIK-VIJAK-1", isVisibleIndividually: false, stock: 0, version: 1 });
    const [text] = await db.select().from(productTranslations).where(eq(productTranslations.productId, id));
    expect(text).toMatchObject({ languageCode: "hrv", name: "Krovni vijak urednika", slug: "krovni-vijak-urednika" });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([["create", staff.email]]);

    const taken = await submit(editor, "/admin/products/new", { format: "simple", name: "Drugi vijak", sku: "UREDNIK-VIJAK-1" });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain("Šifru UREDNIK-VIJAK-1 već ima drugi proizvod.");
    const page = await editor.page(`/admin/products/${id}`);
    expect(page.response.status).toBe(200);
    expect(decodeEntities(page.html)).toContain("Pregled je dostupan kad je proizvod vidljiv u trgovini.");
  });
});

describe("saving the main form", () => {
  it("refuses a price of 0,00 for a product shoppers can see, on the main form and on a variant, and allows it while the product is hidden", async () => {
    const id = await create("simple", "Besplatni opšav", "UREDNIK-NULA-1");
    const before = await product(id);
    const MESSAGE = "Proizvod koji kupci vide mora imati cijenu veću od 0,00 EUR (ili ga sakrijte).";
    const visible = await save(id, { visible: "on", retailPrice: "0,00", price: "0,00" });
    expect(visible.status).toBe(400);
    expect(visible.html).toContain(MESSAGE);
    expect(await product(id)).toMatchObject({ version: before.version, isVisibleIndividually: false });
    const hidden = await save(id, { retailPrice: "0,00", price: "0,00" });
    expect(hidden.status).toBe(302);
    const priced = await save(id, { visible: "on", retailPrice: "12,00", price: "12,00" });
    expect(priced.status).toBe(302);
    expect(await product(id)).toMatchObject({ isVisibleIndividually: true, priceCents: 1200 });
    const wiped = await save(id, { price: "0" });
    expect(wiped.status).toBe(400);
    expect(wiped.html).toContain(MESSAGE);
    expect((await product(id)).priceCents).toBe(1200);

    const parent = await create("configurable", "Oluk bez cijene", "UREDNIK-NULA-2");
    const [boja] = await db.select().from(attributes).where(eq(attributes.code, "boja"));
    const [colour] = await db.select().from(attributeValues).where(eq(attributeValues.attributeId, boja.id)).limit(1);
    await post(parent, { intent: "configAttributes", attributes: [String(boja.id)] });
    await post(parent, { intent: "generate", values: [String(colour.id)] });
    await db.update(products).set({ isVisibleIndividually: true }).where(eq(products.id, parent));
    const [variant] = await db.select().from(products).where(eq(products.parentId, parent));
    const free = await post(parent, {
      intent: "variant",
      variantId: String(variant.id),
      sku: variant.sku,
      retailPrice: "5,00",
      price: "0,00",
      stockLoaded: "none",
    });
    expect(free.status).toBe(400);
    expect(free.html).toContain(MESSAGE);
    expect((await product(variant.id)).priceCents).toBe(variant.priceCents);
  });

  it("refuses a short or badly formed slug, a slug another product uses, a SKU in use and a sale price above the retail price", async () => {
    const id = await create("simple", "Opšav urednika", "UREDNIK-OPSAV-1");
    const other = await seededSimple();
    const before = await product(id);
    const short = await save(id, { "translations.hr.slug": "abc" });
    expect(short.status).toBe(400);
    expect(short.html).toContain("Slug je kratak (minimum 4 znaka)!");
    const format = await save(id, { "translations.hr.slug": "Opsav Urednika" });
    expect(format.status).toBe(400);
    expect(format.html).toContain("Slug smije sadržavati samo mala slova, brojeve i crtice");
    const slugTaken = await save(id, { "translations.hr.slug": other.slug });
    expect(slugTaken.status).toBe(400);
    expect(slugTaken.html).toContain(`Slug ${other.slug} već koristi drugi proizvod na ovom jeziku.`);
    const sku = await save(id, { sku: other.sku });
    expect(sku.status).toBe(400);
    expect(sku.html).toContain(`Šifru ${other.sku} već ima drugi proizvod.`);
    const sale = await save(id, { retailPrice: "10,00", price: "12,50" });
    expect(sale.status).toBe(400);
    expect(sale.html).toContain("Prodajna cijena ne smije biti veća od redovne.");
    expect(await product(id)).toMatchObject({ version: before.version, sku: "UREDNIK-OPSAV-1", priceCents: 0 });

    const equal = await save(id, { retailPrice: "12,50", price: "12,50" });
    expect(equal.status).toBe(302);
    expect(equal.toast?.text).toBe("Proizvod je spremljen.");
    expect(await product(id)).toMatchObject({ retailPriceCents: 1250, priceCents: 1250, version: before.version + 1 });
  });

  it("refuses a stale version with 409 and writes nothing", async () => {
    const id = await create("simple", "Zastarjeli proizvod", "UREDNIK-STARI-1");
    const stale = await mainFields(id);
    expect((await save(id, { retailPrice: "5,00", price: "5,00" })).status).toBe(302);
    const refused = await submit(editor, `/admin/products/${id}`, { ...stale, retailPrice: "9,00", price: "9,00" });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Netko je u međuvremenu promijenio ovaj zapis.");
    expect(await product(id)).toMatchObject({ retailPriceCents: 500, version: 2 });
  });

  it("saves texts, SEO fields, sanitised HTML, a new tag and a changed slug that redirects; the shop shows the SEO title at once", async () => {
    const id = await create("simple", "Snjegobran urednika", "UREDNIK-SNJEG-1");
    const done = await save(id, {
      visible: "on",
      retailPrice: "20,00",
      price: "15,00",
      trackStock: "on",
      stock: "7",
      "translations.hr.slug": "snjegobran-urednika",
      "translations.hr.description": '<p>Dobar <script>alert(1)</script><a href="javascript:alert(1)">klik</a></p>',
      "translations.hr.metaTitle": "Snjegobran za svaki krov",
      "translations.hr.metaDescription": "Zaustavlja snijeg na krovu.",
      "translations.en.name": "Editor snow guard",
      newTag: "Urednikov izbor",
    });
    expect(done.status).toBe(302);
    const page = await new Visitor(shop).page("/product/snjegobran-urednika");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("<title>Snjegobran za svaki krov</title>");
    expect(page.html).toContain('name="description" content="Zaustavlja snijeg na krovu."');
    expect(page.html).toContain(eur("15,00"));
    const [text] = await db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "hrv")));
    expect(text.description).not.toMatch(/script|javascript/);
    const [en] = await db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.languageCode, "eng")));
    expect(en.slug).toBe("editor-snow-guard");
    const [tag] = await db.select().from(tags).where(eq(tags.name, "Urednikov izbor"));
    expect(
      await db
        .select()
        .from(productTags)
        .where(and(eq(productTags.productId, id), eq(productTags.tagId, tag.id))),
    ).toHaveLength(1);

    expect((await save(id, { "translations.hr.slug": "snjegobran-urednika-novi" })).status).toBe(302);
    const [redirect] = await db.select().from(redirects).where(eq(redirects.fromPath, "/product/snjegobran-urednika"));
    expect(redirect).toMatchObject({ toPath: "/product/snjegobran-urednika-novi", status: 301 });
    const old = await new Visitor(shop).get("/product/snjegobran-urednika");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/product/snjegobran-urednika-novi");
  });

  it("clears the caches: a changed price shows at once on the cached product page", async () => {
    const seeded = await seededSimple();
    const path = `/product/${seeded.slug}`;
    const shopper = new Visitor(shop);
    await shopper.page(path);
    expect((await save(seeded.id, { retailPrice: "987,65", price: "987,65" })).status).toBe(302);
    expect((await new Visitor(shop).page(path)).html).toContain(eur("987,65"));
  });

  it("stores uploaded images (the first is the default) through the service, with the audit row", async () => {
    const id = await create("simple", "Slikovni proizvod", "UREDNIK-SLIKA-1");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } })
      .png()
      .toBuffer();
    const fields = await mainFields(id);
    const input = {
      intent: "save" as const,
      version: Number(fields.version),
      translations: {
        hr: { name: "Slikovni proizvod", slug: "", shortDescription: "", description: "", metaTitle: "", metaDescription: "" },
        en: blank(),
        de: blank(),
      },
      sku: "UREDNIK-SLIKA-1",
      type: "product" as const,
      visible: false,
      madeToOrder: false,
      retailPrice: 100,
      price: 100,
      membershipPrice: null,
      priceUnit: "piece" as const,
      taxRateBp: 2500,
      trackStock: false,
      stockLoaded: String(fields.stockLoaded),
      categoryPriority: 0,
      categories: [],
      categoryPositions: [],
      tags: [],
      newTag: "",
      attrs: [],
      images: [],
      imageOrder: [],
      crossSells: [],
      addCrossSell: "",
    };
    await saveProduct({ id: staff.id, email: staff.email }, id, input, {
      images: [new File([new Uint8Array(png)], "krov.png", { type: "image/png" })],
      eProductFile: [],
    });
    const images = await db.select().from(productMedia).where(eq(productMedia.productId, id));
    expect(images).toMatchObject([{ position: 0, isDefault: true }]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, id), eq(auditLog.action, "save")));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ sku: "UREDNIK-SLIKA-1", retailPriceCents: 0 });
    expect(audit[0].after).toMatchObject({ retailPriceCents: 100 });
  });
});

describe("custom options and the price per metre", () => {
  it("needs a length option (number in mm, cm or m) before the price is per running metre", async () => {
    const id = await create("simple", "Lim po mjeri urednika", "UREDNIK-LIM-1");
    const metre = await save(id, { priceUnit: "metre" });
    expect(metre.status).toBe(400);
    expect(metre.html).toContain("Cijena po dužnom metru traži opciju duljine (mm, cm ili m).");
    const wrongUnit = await post(id, {
      intent: "options",
      "options[0].optionType": "number",
      "options[0].code": "duljina",
      "options[0].labelHr": "Duljina",
      "options[0].unit": "kom",
      "options[0].isLength": "on",
    });
    expect(wrongUnit.status).toBe(400);
    expect(wrongUnit.html).toContain("Opcija duljine mora biti broj u mm, cm ili m.");
    const options = await post(id, {
      intent: "options",
      "options[0].optionType": "number",
      "options[0].code": "duljina",
      "options[0].labelHr": "Duljina",
      "options[0].labelEn": "Length",
      "options[0].unit": "mm",
      "options[0].isLength": "on",
      "options[0].required": "on",
      "options[0].minValue": "270",
      "options[0].maxValue": "15000",
      "options[1].optionType": "text",
      "options[1].code": "",
      "options[1].labelHr": "",
    });
    expect(options.toast?.text).toBe("Opcije su spremljene.");
    const [option] = await db.select().from(productCustomOptions).where(eq(productCustomOptions.productId, id));
    expect(option).toMatchObject({
      code: "duljina",
      isLength: true,
      unit: "mm",
      required: true,
      minValue: 270,
      maxValue: 15000,
      label: { hr: "Duljina", en: "Length" },
    });
    expect((await save(id, { priceUnit: "metre", retailPrice: "8,00", price: "8,00" })).status).toBe(302);
    expect((await product(id)).priceUnit).toBe("metre");
  });
});

const blank = () => ({ name: "", slug: "", shortDescription: "", description: "", metaTitle: "", metaDescription: "" });

describe("an e-product", () => {
  it("keeps its download as a private file; the shop has no page for it while hidden, and the editor offers a preview once visible", async () => {
    const id = await create("e-product", "Priručnik za montažu urednika", "UREDNIK-PRIRUCNIK");
    expect((await new Visitor(shop).get("/product/prirucnik-za-montazu-urednika")).status).toBe(404);
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n% priručnik\n")], "prirucnik.pdf", { type: "application/pdf" });
    const input = {
      intent: "save" as const,
      version: (await product(id)).version,
      translations: { hr: { ...blank(), name: "Priručnik za montažu urednika" }, en: blank(), de: blank() },
      sku: "UREDNIK-PRIRUCNIK",
      type: "product" as const,
      visible: true,
      madeToOrder: false,
      retailPrice: 900,
      price: 900,
      membershipPrice: null,
      priceUnit: "piece" as const,
      taxRateBp: 500,
      trackStock: false,
      stockLoaded: "none",
      categoryPriority: 0,
      categories: [],
      categoryPositions: [],
      tags: [],
      newTag: "",
      attrs: [],
      images: [],
      imageOrder: [],
      crossSells: [],
      addCrossSell: "",
    };
    await saveProduct({ id: staff.id, email: staff.email }, id, input, { images: [], eProductFile: [pdf] });
    const saved = await product(id);
    expect(saved.eProductMediaId).not.toBeNull();
    const [file] = await db.select().from(media).where(eq(media.id, saved.eProductMediaId!));
    expect(file).toMatchObject({ access: "private", mime: "application/pdf" });
    const editorPage = decodeEntities((await editor.page(`/admin/products/${id}`)).html);
    expect(editorPage).toContain("prirucnik.pdf");
    expect(editorPage).toContain('href="/en/product/prirucnik-za-montazu-urednika"');
    expect((await new Visitor(shop).get("/product/prirucnik-za-montazu-urednika")).status).toBe(200);
  });
});

describe("variants", () => {
  it("generates one hidden variant per new combination (idempotent), SKU from the values, prices from the parent; the parent carries the values", async () => {
    const id = await create("configurable", "Oluk urednika", "UREDNIK-OLUK");
    expect((await save(id, { retailPrice: "30,00", price: "25,00" })).status).toBe(302);
    const [boja] = await db.select().from(attributes).where(eq(attributes.code, "boja"));
    const colours = await db
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, boja.id))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id))
      .limit(2);
    expect((await post(id, { intent: "configAttributes", attributes: [String(boja.id)] })).status).toBe(302);
    const generated = await post(id, { intent: "generate", values: colours.map((c) => String(c.id)) });
    expect(generated.toast?.text).toBe("Varijante su stvorene.");
    const variants = await db.select().from(products).where(eq(products.parentId, id)).orderBy(asc(products.id));
    expect(variants.map((v) => v.sku)).toEqual(colours.map((c) => `UREDNIK-OLUK-${c.value}`));
    expect(variants.map((v) => [v.isVisibleIndividually, v.retailPriceCents, v.priceCents])).toEqual([
      [false, 3000, 2500],
      [false, 3000, 2500],
    ]);
    expect(variants.filter((v) => v.isDefaultVariant)).toHaveLength(1);
    const again = await post(id, { intent: "generate", values: colours.map((c) => String(c.id)) });
    expect(again.toast?.text).toBe("Sve odabrane kombinacije već postoje; nije stvorena nijedna nova varijanta.");
    expect(await db.select().from(products).where(eq(products.parentId, id))).toHaveLength(2);
    const parentValues = await db
      .select()
      .from(productAttributeValues)
      .where(and(eq(productAttributeValues.productId, id), eq(productAttributeValues.attributeId, boja.id)));
    expect(parentValues.map((v) => v.valueId).sort()).toEqual(colours.map((c) => c.id).sort());

    // A variant of another product posted as this one's: refused, nothing changed.
    const otherParent = await create("configurable", "Tuđi oluk", "UREDNIK-TUDJI");
    await post(otherParent, { intent: "configAttributes", attributes: [String(boja.id)] });
    await post(otherParent, { intent: "generate", values: [String(colours[0].id)] });
    const [foreign] = await db.select().from(products).where(eq(products.parentId, otherParent));
    const forged = await post(id, {
      intent: "variant",
      variantId: String(foreign.id),
      sku: "OTETO",
      retailPrice: "1,00",
      price: "1,00",
      stockLoaded: "none",
    });
    expect(forged.status).toBe(404);
    expect((await product(foreign.id)).sku).toBe(foreign.sku);
    expect((await post(id, { intent: "removeVariant", variantId: String(foreign.id) })).status).toBe(404);
    expect(await product(foreign.id)).toBeDefined();

    const edited = await post(id, {
      intent: "variant",
      variantId: String(variants[1].id),
      sku: "UREDNIK-OLUK-B",
      retailPrice: "31,00",
      price: "28,00",
      trackStock: "on",
      stock: "4",
      stockLoaded: "none",
      isDefault: "on",
    });
    expect(edited.status).toBe(302);
    expect(await product(variants[1].id)).toMatchObject({ sku: "UREDNIK-OLUK-B", priceCents: 2800, stock: 4, isDefaultVariant: true });
    expect((await product(variants[0].id)).isDefaultVariant).toBe(false);
    const removed = await post(id, { intent: "removeVariant", variantId: String(variants[0].id) });
    expect(removed.toast?.text).toBe("Varijanta je uklonjena.");
    expect(await db.select().from(products).where(eq(products.parentId, id))).toHaveLength(1);
  });
});

describe("bundles", () => {
  it("refuses a bundle inside itself or inside a bundle it contains", async () => {
    const a = await create("bundle", "Paket urednika A", "UREDNIK-PAKET-A");
    const b = await create("bundle", "Paket urednika B", "UREDNIK-PAKET-B");
    const part = await seededSimple();
    expect((await post(b, { intent: "parts", addPart: part.sku, addQuantity: "2" })).status).toBe(302);
    expect((await post(a, { intent: "parts", addPart: "UREDNIK-PAKET-B" })).status).toBe(302);
    const self = await post(a, {
      intent: "parts",
      "parts[0].productId": String(b),
      "parts[0].quantity": "1",
      "parts[0].position": "0",
      addPart: "UREDNIK-PAKET-A",
    });
    expect(self.status).toBe(400);
    expect(self.html).toContain("Paket ne može sadržavati sebe ni paket koji sadrži njega.");
    const cycle = await post(b, {
      intent: "parts",
      "parts[0].productId": String(part.id),
      "parts[0].quantity": "2",
      "parts[0].position": "0",
      addPart: "UREDNIK-PAKET-A",
    });
    expect(cycle.status).toBe(400);
    expect(cycle.html).toContain("Paket ne može sadržavati sebe ni paket koji sadrži njega.");
    expect((await db.select().from(bundleItems).where(eq(bundleItems.bundleId, b))).map((r) => [r.productId, r.quantity])).toEqual([
      [part.id, 2],
    ]);
  });
});

describe("archive, delete, duplicate", () => {
  it("deletes a product never ordered; an ordered one can only be archived", async () => {
    const fresh = await create("simple", "Proizvod za brisanje", "UREDNIK-BRISI");
    const noConfirm = await post(fresh, { intent: "delete" });
    expect(noConfirm.status).toBe(400);
    const deleted = await post(fresh, { intent: "delete", confirm: "on" });
    expect(deleted.location).toBe("/admin/products");
    expect(await product(fresh)).toBeUndefined();
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, fresh), eq(auditLog.entity, "product")))
      ).map((a) => a.action),
    ).toContain("delete");

    const ordered = await create("simple", "Naručeni proizvod", "UREDNIK-NARUCEN");
    const order = await placeOrder(shop, DEMO_CUSTOMER.email);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
    await db.update(orderItems).set({ productId: ordered }).where(eq(orderItems.id, line.id));
    const refused = await post(ordered, { intent: "delete", confirm: "on" });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Proizvod je naručivan pa se ne može obrisati; arhivirajte ga.");
    expect(await product(ordered)).toBeDefined();
    const archived = await post(ordered, { intent: "archive" });
    expect(archived.toast?.text).toBe("Proizvod je arhiviran.");
    expect((await product(ordered)).archived).toBe(true);
  });

  it("duplicates with SKU and slugs -kopija, hidden, with categories and variants", async () => {
    const id = await create("configurable", "Original urednika", "UREDNIK-ORIG");
    const [category] = await db.select({ id: productCategories.categoryId }).from(productCategories).limit(1);
    const placed = { "categoryPositions[0].id": String(category.id), "categoryPositions[0].position": "0" };
    expect(
      (await save(id, { visible: "on", categories: [String(category.id)], retailPrice: "10,00", price: "9,00", ...placed })).status,
    ).toBe(302);
    // First in its category (the place is optional: without it the product joins at the end).
    expect(
      (
        await db
          .select()
          .from(productCategories)
          .where(and(eq(productCategories.productId, id), eq(productCategories.categoryId, category.id)))
      )[0].position,
    ).toBe(0);
    const [boja] = await db.select().from(attributes).where(eq(attributes.code, "boja"));
    const [colour] = await db.select().from(attributeValues).where(eq(attributeValues.attributeId, boja.id)).limit(1);
    await post(id, { intent: "configAttributes", attributes: [String(boja.id)] });
    await post(id, { intent: "generate", values: [String(colour.id)] });
    const copied = await post(id, { intent: "duplicate" });
    expect(copied.status).toBe(302);
    const copyId = Number(/(\d+)$/.exec(copied.location!)![1]);
    expect(await product(copyId)).toMatchObject({
      sku: "UREDNIK-ORIG-kopija",
      isVisibleIndividually: false,
      retailPriceCents: 1000,
      priceCents: 900,
    });
    const [text] = await db.select().from(productTranslations).where(eq(productTranslations.productId, copyId));
    expect(text.slug).toBe("original-urednika-kopija");
    expect(
      await db
        .select()
        .from(productCategories)
        .where(and(eq(productCategories.productId, copyId), eq(productCategories.categoryId, category.id))),
    ).toHaveLength(1);
    const variants = await db.select().from(products).where(eq(products.parentId, copyId));
    expect(variants.map((v) => v.sku)).toEqual([`UREDNIK-ORIG-${colour.value}-kopija`]);
    const values = await db
      .select()
      .from(productAttributeValues)
      .where(
        inArray(
          productAttributeValues.productId,
          variants.map((v) => v.id),
        ),
      );
    expect(values.map((v) => v.valueId)).toEqual([colour.id]);
  });
});
