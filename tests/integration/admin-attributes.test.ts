import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  attributes,
  attributeSetAttributes,
  attributeSets,
  attributeValues,
  productAttributeValues,
  products,
  productTags,
  tags,
} from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { submit } from "../setup/account-helpers";
import { createStaff, signInAsStaff } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Attributes, their values, attribute sets and tags in the backoffice
 * (docs/decisions/0048): swatches validated and shown in the shop's filter, the type of a
 * used attribute and a used value protected, sets deleted without touching products, tags
 * renamed uniquely and the home page's tags kept by name.
 */
let shop: Shop;
let db: Database;
let editor: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  editor = await signInAsStaff(new Visitor(shop), await createStaff(shop, "editor"));
}, 60_000);
afterAll(() => shop?.close());

const attribute = async (code: string) => (await db.select().from(attributes).where(eq(attributes.code, code)))[0];
const label = (hr: string, prefix = "label") => ({ [`${prefix}.hr`]: hr });

describe("attributes", () => {
  it("creates an attribute, refuses a bad or taken code, and lists it with search and type filter and in the CSV", async () => {
    const bad = await submit(editor, "/admin/attributes/new", {
      intent: "save",
      version: "0",
      code: "Loša Šifra",
      type: "dropdown",
      ...label("Loš"),
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Kod smije imati samo mala slova, brojke i podvlaku.");
    const taken = await submit(editor, "/admin/attributes/new", {
      intent: "save",
      version: "0",
      code: "boja",
      type: "dropdown",
      ...label("Boja"),
    });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain("Taj kod već ima drugi atribut.");
    const created = await submit(editor, "/admin/attributes/new", {
      intent: "save",
      version: "0",
      code: "zavrsna_obrada",
      type: "visualSwatch",
      isFilterable: "on",
      ...label("Završna obrada"),
    });
    expect(created.status).toBe(302);
    expect(await attribute("zavrsna_obrada")).toMatchObject({ type: "visualSwatch", isFilterable: true, label: { hr: "Završna obrada" } });
    const list = await editor.page("/admin/attributes?q=zavrsna&type=visualSwatch");
    expect(list.html).toContain("zavrsna_obrada");
    expect((await editor.page("/admin/attributes?type=yesNo")).html).not.toContain("zavrsna_obrada");
    const csv = await (await editor.get("/admin/attributes.csv?q=zavrsna")).text();
    expect(csv).toContain("zavrsna_obrada");
    expect(csv).toContain("Završna obrada");
  });

  it("refuses to change the type of an attribute products use", async () => {
    const boja = await attribute("boja");
    const answer = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "save",
      version: String(boja.version),
      code: "boja",
      type: "yesNo",
      isFilterable: "on",
      ...label("Boja"),
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toMatch(/Vrsta se ne može promijeniti: atribut koristi proizvoda: \d+\./);
    expect((await attribute("boja")).type).toBe(boja.type);
  });
});

describe("values", () => {
  it("adds a value with a colour swatch (validated), reorders it and shows the swatch in the shop's filter", async () => {
    const boja = await attribute("boja");
    const wrong = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "addValue",
      version: String(boja.version),
      value: "ral-3000",
      swatch: "crvena",
      ...label("Plamen crvena"),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Boja mora biti u obliku #rrggbb.");
    const added = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "addValue",
      version: String(boja.version),
      value: "ral-3000",
      swatch: "#AF2B1E",
      ...label("Plamen crvena"),
    });
    expect(added.status).toBe(302);
    const values = await db
      .select()
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, boja.id))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id));
    const red = values.at(-1)!;
    expect(red).toMatchObject({ value: "ral-3000", swatch: "#af2b1e", label: { hr: "Plamen crvena" } });
    const duplicate = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "addValue",
      version: String(boja.version + 1),
      value: "ral-3000",
      ...label("Opet"),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.html).toContain("Ta vrijednost već postoji.");

    const up = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "valueUp",
      version: String(boja.version + 1),
      valueId: String(red.id),
    });
    expect(up.status).toBe(302);
    const order = (
      await db.select().from(attributeValues).where(eq(attributeValues.attributeId, boja.id)).orderBy(asc(attributeValues.position))
    ).map((v) => v.id);
    expect(order.indexOf(red.id)).toBe(values.length - 2);

    // A product in the category gets the value: the filter shows it with its colour.
    const [product] = await db
      .select({ id: productAttributeValues.productId })
      .from(productAttributeValues)
      .where(eq(productAttributeValues.attributeId, boja.id))
      .limit(1);
    await db.insert(productAttributeValues).values({ productId: product.id, attributeId: boja.id, valueId: red.id });
    const { dataChanged } = await import("~/modules/kernel/cache-impact.server");
    await dataChanged("attribute");
    const html = (await new Visitor(shop).page("/shop")).html;
    expect(html).toContain("Plamen crvena");
    expect(html).toContain('style="background-color:#af2b1e"');

    // Now used: delete is refused and says how many products use it.
    const version = (await attribute("boja")).version;
    const refused = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "deleteValue",
      version: String(version),
      valueId: String(red.id),
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Vrijednost se ne može obrisati: koristi je proizvoda: 1.");
    await db.delete(productAttributeValues).where(and(eq(productAttributeValues.valueId, red.id)));
    const deleted = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "deleteValue",
      version: String(version),
      valueId: String(red.id),
    });
    expect(deleted.status).toBe(302);
    expect(await db.select().from(attributeValues).where(eq(attributeValues.id, red.id))).toHaveLength(0);
  });

  it("refuses a stale version", async () => {
    const boja = await attribute("boja");
    const stale = await submit(editor, `/admin/attributes/${boja.id}`, {
      intent: "addValue",
      version: String(boja.version - 1),
      value: "ral-9999",
      ...label("Stara"),
    });
    expect(stale.status).toBe(409);
  });
});

describe("attribute sets", () => {
  it("creates a set with attributes in order and deletes it, leaving its products without a set", async () => {
    const [boja, debljina] = [await attribute("boja"), await attribute("debljina")];
    const created = await submit(editor, "/admin/attribute-sets/new", {
      intent: "save",
      version: "0",
      name: "Krovni paneli",
      "attributes[0].attributeId": String(boja.id),
      "attributes[0].enabled": "on",
      "attributes[0].position": "20",
      "attributes[1].attributeId": String(debljina.id),
      "attributes[1].enabled": "on",
      "attributes[1].position": "10",
    });
    expect(created.status).toBe(302);
    const [set] = await db.select().from(attributeSets).where(eq(attributeSets.name, "Krovni paneli"));
    expect(
      (
        await db
          .select()
          .from(attributeSetAttributes)
          .where(eq(attributeSetAttributes.setId, set.id))
          .orderBy(asc(attributeSetAttributes.position))
      ).map((r) => r.attributeId),
    ).toEqual([debljina.id, boja.id]);
    const again = await submit(editor, "/admin/attribute-sets/new", { intent: "save", version: "0", name: "Krovni paneli" });
    expect(again.status).toBe(400);
    expect(again.html).toContain("Skup s tim nazivom već postoji.");

    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.update(products).set({ attributeSetId: set.id }).where(eq(products.id, product.id));
    const valuesBefore = await db
      .select({ n: count() })
      .from(productAttributeValues)
      .where(eq(productAttributeValues.productId, product.id));
    const deleted = await submit(editor, `/admin/attribute-sets/${set.id}`, {
      intent: "delete",
      version: String(set.version),
      confirm: "on",
    });
    expect(deleted.status).toBe(302);
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0].attributeSetId).toBeNull();
    expect(await db.select({ n: count() }).from(productAttributeValues).where(eq(productAttributeValues.productId, product.id))).toEqual(
      valuesBefore,
    );
  });
});

describe("tags", () => {
  it("creates, renames (unique) and deletes a tag; the home page's tags cannot be renamed", async () => {
    expect((await submit(editor, "/admin/tags", { intent: "create", name: "Akcija" })).status).toBe(302);
    const [tag] = await db.select().from(tags).where(eq(tags.name, "Akcija"));
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.insert(productTags).values({ productId: product.id, tagId: tag.id });
    const list = await editor.page("/admin/tags");
    expect(list.html).toContain("1 proizvod");

    const clash = await submit(editor, "/admin/tags", { intent: "rename", id: String(tag.id), name: "Hero", was: "Akcija" });
    expect(clash.status).toBe(400);
    expect(clash.html).toContain("Oznaka s tim nazivom već postoji.");
    const renamed = await submit(editor, "/admin/tags", { intent: "rename", id: String(tag.id), name: "Rasprodaja", was: "Akcija" });
    expect(renamed.status).toBe(302);

    const [hero] = await db.select().from(tags).where(eq(tags.name, "Hero"));
    const reserved = await submit(editor, "/admin/tags", { intent: "rename", id: String(hero.id), name: "Istaknuto", was: "Hero" });
    expect(reserved.status).toBe(400);
    expect(reserved.html).toContain("Oznaku „Hero” koriste naslovnica i kategorije po nazivu");
    expect(await db.select().from(tags).where(eq(tags.id, hero.id))).toMatchObject([{ name: "Hero" }]);

    const deleted = await submit(editor, "/admin/tags", { intent: "delete", id: String(tag.id), confirm: "on" });
    expect(deleted.status).toBe(302);
    expect(deleted.toast?.text).toBe("Oznaka „Rasprodaja” je obrisana; izgubio ju je 1 proizvod.");
    expect(await db.select().from(productTags).where(eq(productTags.tagId, tag.id))).toHaveLength(0);
  });
});
