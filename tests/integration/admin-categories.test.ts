// Both databases: the category tree's order and loop checks in SQL.
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { attributes, auditLog, categories, categoryFilters, categoryTranslations, redirects } from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { submit } from "../setup/account-helpers";
import { createStaff, signInAsStaff } from "../setup/staff";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Categories in the backoffice (docs/decisions/0048): the tree's order,
 * moves that would make a loop, slug rules and the redirect of a changed slug, the sort
 * options, the category's filters as the shop's layered navigation shows them, delete
 * guards and the stale-version refusal.
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

const bySlug = async (slug: string) => {
  const [row] = await db
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.languageCode, "hrv"), eq(categoryTranslations.slug, slug)));
  const [category] = await db.select().from(categories).where(eq(categories.id, row.id));
  return category;
};
const texts = (hr: Record<string, string>, en: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(hr).map(([k, v]) => [`translations.hr.${k}`, v])),
  ...Object.fromEntries(Object.entries(en).map(([k, v]) => [`translations.en.${k}`, v])),
});
const save = (id: number | "new", version: number, fields: Record<string, string | string[]>) =>
  submit(editor, `/admin/categories/${id}`, { intent: "save", version: String(version), sortDefaultType: "1", ...fields });
const siblingsOf = (parentId: number | null) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.position), asc(categories.id));

describe("the tree", () => {
  it("creates a subcategory with hr and en texts and moves it up among its siblings", async () => {
    const parent = await bySlug("krovni-paneli");
    const created = await save("new", 0, {
      parentId: String(parent.id),
      ...texts({ name: "Test podkategorija", slug: "test-podkategorija" }, { name: "Test subcategory", slug: "test-subcategory" }),
    });
    expect(created.status).toBe(302);
    expect(created.toast?.text).toBe("Kategorija je stvorena.");
    const child = await bySlug("test-podkategorija");
    expect(child.parentId).toBe(parent.id);
    const en = await db
      .select()
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, child.id), eq(categoryTranslations.languageCode, "eng")));
    expect(en[0]?.slug).toBe("test-subcategory");

    const list = await editor.page("/admin/categories");
    expect(list.html).toContain("Test podkategorija");
    const before = (await siblingsOf(parent.id)).map((r) => r.id);
    expect(before.at(-1)).toBe(child.id); // new ones go last
    if (before.length < 2) return;
    const up = await submit(editor, "/admin/categories", { intent: "up", id: String(child.id), version: String(child.version) });
    expect(up.status).toBe(302);
    const after = (await siblingsOf(parent.id)).map((r) => r.id);
    expect(after.indexOf(child.id)).toBe(before.indexOf(child.id) - 1);
    // The first one cannot go further up.
    const first = await db.select().from(categories).where(eq(categories.id, after[0]));
    const refused = await submit(editor, "/admin/categories", { intent: "up", id: String(after[0]), version: String(first[0].version) });
    expect(refused.toast?.text).toBe("Kategorija je već prva.");
  });

  it("refuses to move a category under itself or its own descendant", async () => {
    const parent = await bySlug("krovni-paneli");
    const child = await bySlug("test-podkategorija");
    for (const target of [parent.id, child.id]) {
      const answer = await save(parent.id, parent.version, {
        parentId: String(target),
        ...texts({ name: "Aluminijski krovni paneli", slug: "krovni-paneli" }),
      });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("Kategorija ne može biti ispod same sebe ili svoje podkategorije.");
    }
    expect((await bySlug("krovni-paneli")).parentId).toBe(parent.parentId);
  });
});

describe("texts and slugs", () => {
  it("applies the slug rules of spec §5, refuses a slug taken in the language, and redirects a changed one", async () => {
    const child = await bySlug("test-podkategorija");
    const short = await save(child.id, child.version, { parentId: String(child.parentId), ...texts({ name: "Test", slug: "ab" }) });
    expect(short.status).toBe(400);
    expect(short.html).toContain("Slug je kratak (minimum 4 znaka)!");
    const taken = await save(child.id, child.version, {
      parentId: String(child.parentId),
      ...texts({ name: "Test", slug: "krovni-paneli" }),
    });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain("Taj slug već koristi druga kategorija na ovom jeziku.");

    const renamed = await save(child.id, child.version, {
      parentId: String(child.parentId),
      ...texts({
        name: "Test podkategorija",
        slug: "nova-podkategorija",
        metaTitle: "SEO naslov podkategorije",
        description: '<p onclick="x()">Opis<script>alert(1)</script></p>',
      }),
    });
    expect(renamed.status).toBe(302);
    const [hr] = await db
      .select()
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, child.id), eq(categoryTranslations.languageCode, "hrv")));
    expect(hr.description).toBe("<p>Opis</p>");
    // The en text was left empty: it is removed, the shop falls back to Croatian.
    expect(
      await db
        .select()
        .from(categoryTranslations)
        .where(and(eq(categoryTranslations.categoryId, child.id), eq(categoryTranslations.languageCode, "eng"))),
    ).toHaveLength(0);
    const [redirect] = await db.select().from(redirects).where(eq(redirects.fromPath, "/shop/test-podkategorija"));
    expect(redirect).toMatchObject({ toPath: "/shop/nova-podkategorija", status: 301 });
    const old = await new Visitor(shop).get("/shop/test-podkategorija");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/shop/nova-podkategorija");
    const page = await new Visitor(shop).page("/shop/nova-podkategorija");
    expect(page.html).toContain("<title>SEO naslov podkategorije</title>");
  });

  it("requires the default sort to be one of the ticked sort options", async () => {
    const child = await bySlug("nova-podkategorija");
    const base = { parentId: String(child.parentId), ...texts({ name: "Test podkategorija", slug: "nova-podkategorija" }) };
    const wrong = await save(child.id, child.version, { ...base, sortTypes: ["3", "4"], sortDefaultType: "1" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Zadano sortiranje mora biti jedno od označenih.");
    const right = await save(child.id, child.version, { ...base, sortTypes: ["4", "3"], sortDefaultType: "4" });
    expect(right.status).toBe(302);
    expect(await bySlug("nova-podkategorija")).toMatchObject({ sortTypes: [3, 4], sortDefaultType: 4 });
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const child = await bySlug("nova-podkategorija");
    const stale = await save(child.id, child.version - 1, {
      parentId: String(child.parentId),
      ...texts({ name: "Zastarjelo", slug: "nova-podkategorija" }),
    });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("Netko je u međuvremenu promijenio ovaj zapis.");
    const [hr] = await db
      .select()
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, child.id), eq(categoryTranslations.languageCode, "hrv")));
    expect(hr.name).toBe("Test podkategorija");
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "category"), eq(auditLog.entityId, child.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });
});

describe("filters", () => {
  const attribute = async (code: string) => (await db.select().from(attributes).where(eq(attributes.code, code)))[0];
  const legends = (html: string) => [...html.matchAll(/<fieldset[^>]*data-testid="filter-([a-z_]+)"/g)].map((m) => m[1]);

  it("shows exactly the category's filters, in its order, with its types; its subcategories inherit them", async () => {
    const category = await bySlug("krovni-paneli");
    const all = legends((await new Visitor(shop).page("/shop/krovni-paneli")).html);
    expect(all).toEqual(expect.arrayContaining(["boja", "debljina"]));
    const [boja, debljina] = [await attribute("boja"), await attribute("debljina")];
    const wrongType = await submit(editor, `/admin/categories/${category.id}`, {
      intent: "filters",
      version: String(category.version),
      "filters[0].attributeId": String(debljina.id),
      "filters[0].enabled": "on",
      "filters[0].type": "yesNo",
      "filters[0].position": "1",
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.html).toContain("Vrsta filtra ne odgovara atributu debljina.");

    const saved = await submit(editor, `/admin/categories/${category.id}`, {
      intent: "filters",
      version: String(category.version),
      "filters[0].attributeId": String(boja.id),
      "filters[0].enabled": "on",
      "filters[0].type": "textSwatch",
      "filters[0].position": "2",
      "filters[1].attributeId": String(debljina.id),
      "filters[1].enabled": "on",
      "filters[1].type": "numberField",
      "filters[1].position": "1",
    });
    expect(saved.status).toBe(302);
    expect(
      await db.select().from(categoryFilters).where(eq(categoryFilters.categoryId, category.id)).orderBy(asc(categoryFilters.position)),
    ).toMatchObject([
      { attributeId: debljina.id, filterType: "numberField", position: 0 },
      { attributeId: boja.id, filterType: "textSwatch", position: 1 },
    ]);
    const html = (await new Visitor(shop).page("/shop/krovni-paneli")).html;
    expect(legends(html)).toEqual(["debljina", "boja"]);
    // textSwatch: the colour chips give way to text labels.
    expect(html).not.toContain('style="background-color:#383E42"');
    expect(html).toMatch(/class="rounded border border-slate-300 px-1\.5 py-0\.5">/);
    // A subcategory without rows of its own shows its parent's filters.
    const child = (await new Visitor(shop).page("/shop/nova-podkategorija")).html;
    expect(legends(child).every((code) => ["debljina", "boja"].includes(code))).toBe(true);
  });
});

describe("delete", () => {
  it("is refused while the category has products or subcategories, and deletes an empty one", async () => {
    const parent = await bySlug("krovni-paneli");
    const refused = await submit(editor, `/admin/categories/${parent.id}`, {
      intent: "delete",
      version: String(parent.version),
      confirm: "on",
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toMatch(/Kategorija se ne može obrisati: ima proizvoda: \d+, podkategorija: \d+\./);
    const child = await bySlug("nova-podkategorija");
    const unconfirmed = await submit(editor, `/admin/categories/${child.id}`, { intent: "delete", version: String(child.version) });
    expect(unconfirmed.status).toBe(400);
    const done = await submit(editor, `/admin/categories/${child.id}`, { intent: "delete", version: String(child.version), confirm: "on" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/categories");
    expect(await db.select().from(categories).where(eq(categories.id, child.id))).toHaveLength(0);
  });
});
