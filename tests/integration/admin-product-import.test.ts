// Both databases: an import with errors must roll back the whole transaction.
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, productCategories, productTags, productTranslations, products, redirects } from "~/.server/db/schema";
import { parseCsv } from "~/modules/catalog-admin/csv-parse";
import { takeStock } from "~/modules/order/order-stock.server";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { bootShop, type Shop } from "../setup/shop";

/**
 * CSV import of products (decision 0047): the dry run reports each line's status, the
 * changed columns and errors with line numbers; a file with errors changes nothing; an
 * export edited in two rows and imported changes exactly those two rows.
 */
let shop: Shop;
let admin: Visitor;

beforeAll(async () => {
  shop = await bootShop();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

async function upload(text: string | Uint8Array<ArrayBuffer>, intent: "dryRun" | "apply" = "dryRun", token?: string) {
  const tokens = await admin.formTokens("/admin/products/import");
  const body = new FormData();
  body.set("csrf", tokens.csrf);
  body.set("website", tokens.website);
  body.set("from__confirm", tokens.from__confirm);
  body.set("intent", intent);
  if (token) body.set("token", token);
  else body.set("file", new File([text], "proizvodi.csv", { type: "text/csv" }));
  const response = await admin.request("/admin/products/import", { method: "POST", body, headers: { Origin: admin.origin } });
  return { response, html: await response.text() };
}

/** Lines of the dry-run table: [line, sku, status, text of the details]. */
function reportRows(html: string) {
  return [
    ...html.matchAll(/<tr[^>]*data-testid="import-row" data-status="(\w+)"[^>]*><td[^>]*>(\d+)<\/td><td[^>]*>([^<]*)<\/td>[\s\S]*?<\/tr>/g),
  ].map((m) => ({ status: m[1], line: Number(m[2]), sku: m[3], text: m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") }));
}
const tokenOf = (html: string) => /name="token" value="([0-9a-f]{64})"/.exec(html)?.[1];

async function snapshot() {
  const db = await shop.db();
  return {
    products: await db.select().from(products).orderBy(asc(products.id)),
    translations: await db
      .select()
      .from(productTranslations)
      .orderBy(asc(productTranslations.productId), asc(productTranslations.languageCode)),
    categories: await db.select().from(productCategories).orderBy(asc(productCategories.productId), asc(productCategories.categoryId)),
    tags: await db.select().from(productTags).orderBy(asc(productTags.productId), asc(productTags.tagId)),
  };
}

const HEADER = "sku;format;name_hr;slug_hr;retail_price;sale_price;stock;categories;tags";

/** What Excel on Croatian Windows writes for "CSV (razdvojeno zarezima)": Windows-1250, one byte a letter. */
const WINDOWS_1250: Record<string, number> = { Č: 0xc8, č: 0xe8, Ć: 0xc6, ć: 0xe6, Đ: 0xd0, đ: 0xf0, Š: 0x8a, š: 0x9a, Ž: 0x8e, ž: 0x9e };
const windows1250 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from([...text], (char) => WINDOWS_1250[char] ?? char.charCodeAt(0));

describe("product import", () => {
  it("reports per line what is new and what is wrong, with line numbers and translated reasons, and changes nothing", async () => {
    const before = await snapshot();
    const [existing] = before.products.filter((p) => p.parentId === null && p.format === "simple");
    const takenSlug = before.translations.find((t) => t.languageCode === "hrv" && t.productId !== existing.id)!.slug;
    const csv = [
      HEADER,
      "NEW-1;;Novi panel;;12,50;10;3;;",
      'NEW-2;;"Opis; s ""navodnicima""";novi-panel-dva;abc;10;;;',
      "NEW-1;;Dupli;;1;1;;;",
      "NEW-3;box;Kutija;;1;1;;;",
      "NEW-4;;;;1;1;;;",
      "NEW-5;;Peti;;1;1;;nema-te-kategorije;",
      `NEW-6;;Šesti;${takenSlug};1;1;;;`,
      "NEW-7;;Sedmi;Los_Slug;1;1;;;",
      // Visible (the default) at a sale price of 0: shoppers would get it free.
      "NEW-8;;Osmi;;5;0;;;",
    ].join("\n");
    const { response, html } = await upload(csv);
    expect(response.status).toBe(200);
    const rows = reportRows(html);
    expect(rows.map((r) => [r.line, r.sku, r.status])).toEqual([
      [2, "NEW-1", "new"],
      [3, "NEW-2", "error"],
      [4, "NEW-1", "error"],
      [5, "NEW-3", "error"],
      [6, "NEW-4", "error"],
      [7, "NEW-5", "error"],
      [8, "NEW-6", "error"],
      [9, "NEW-7", "error"],
      [10, "NEW-8", "error"],
    ]);
    expect(rows[0].text).toContain("retail_price");
    expect(rows[0].text).toContain("12,50");
    expect(rows[1].text).toContain("Neispravna cijena „abc”.");
    expect(rows[2].text).toContain("Šifra se ponavlja (već u retku 2).");
    expect(rows[3].text).toContain("Nepoznata vrsta proizvoda „box”.");
    expect(rows[4].text).toContain("Nedostaje naziv.");
    expect(rows[5].text).toContain("Nepoznata kategorija „nema-te-kategorije”.");
    expect(rows[6].text).toContain(`Slug „${takenSlug}” već koristi drugi proizvod.`);
    expect(rows[7].text).toContain("Neispravan slug „Los_Slug”");
    expect(rows[8].text).toContain("Vidljiv proizvod mora imati prodajnu cijenu veću od 0,00.");
    expect(html).toContain("Novih: 1, izmjena: 0, bez promjene: 0, grešaka: 8.");
    // No apply button for a file with errors, and a forged apply with its token changes nothing.
    expect(tokenOf(html)).toBeUndefined();
    // The server kept the file under its SHA-256: applying it anyway is refused, nothing changes.
    const forged = await upload("", "apply", createHash("sha256").update(csv).digest("hex"));
    expect(forged.response.status).toBe(400);
    expect(forged.html).toContain("Uvoz ima greške (8) i nije primijenjen.");
    expect(await snapshot()).toEqual(before);
  });

  it("round trip: export, edit two rows, import changes exactly those two rows", async () => {
    const db = await shop.db();
    const exported = await admin.get("/admin/products.csv?perPage=100&sort=sku&dir=asc");
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // A formula-looking name survives the trip: exported with a ' in front, imported without it.
    const { records } = parseCsv(text);
    const header = records[0].cells;
    const col = (name: string) => header.indexOf(name);
    // The second edited row is one with an English name (editing it changes that translation only).
    const withEnglish = records.findIndex((r, i) => i > 1 && r.cells[col("name_en")] !== "");
    const pickedRows = [1, withEnglish];
    const sku = (i: number) => records[pickedRows[i - 1]].cells[0];

    // Unchanged file: every line "bez promjene", nothing to apply.
    const same = await upload(text);
    const sameRows = reportRows(same.html);
    expect(sameRows.length).toBe(records.length - 1);
    expect(sameRows.filter((r) => r.status !== "unchanged")).toEqual([]);

    const edited = text.split("\r\n");
    const lineOf = (i: number) => edited.findIndex((l) => l.startsWith(`${sku(i)};`));
    const first = lineOf(1);
    const second = lineOf(2);
    const cells1 = records[pickedRows[0]].cells.slice();
    cells1[col("sale_price")] = "1,23";
    cells1[col("retail_price")] = "999,00";
    const cells2 = records[pickedRows[1]].cells.slice();
    cells2[col("name_en")] = '=HYPERLINK("x")';
    const quote = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    edited[first] = cells1.map(quote).join(";");
    edited[second] = cells2.map(quote).join(";");
    const before = await snapshot();
    const dry = await upload(edited.join("\r\n"));
    const rows = reportRows(dry.html);
    expect(rows.filter((r) => r.status !== "unchanged").map((r) => [r.sku, r.status])).toEqual([
      [sku(1), "update"],
      [sku(2), "update"],
    ]);
    expect(rows.find((r) => r.sku === sku(1))!.text).toMatch(/sale_price\s*: \d+,\d\d → 1,23/);
    const token = tokenOf(dry.html)!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const applied = await upload("", "apply", token);
    expect(applied.response.status).toBe(303);
    const after = await snapshot();
    const changedIds = new Set<number>();
    for (const p of after.products) {
      const old = before.products.find((b) => b.id === p.id)!;
      const { version: _v1, updatedAt: _u1, ...a } = p;
      const { version: _v2, updatedAt: _u2, ...b } = old;
      if (JSON.stringify(a) !== JSON.stringify(b)) changedIds.add(p.id);
    }
    const [one] = after.products.filter((p) => p.sku === sku(1));
    expect([...changedIds]).toEqual([one.id]);
    expect([one.priceCents, one.retailPriceCents]).toEqual([123, 99_900]);
    const [two] = after.products.filter((p) => p.sku === sku(2));
    const changedTranslations = after.translations.filter(
      (t) =>
        JSON.stringify(t) !==
        JSON.stringify(before.translations.find((b) => b.productId === t.productId && b.languageCode === t.languageCode)),
    );
    expect(changedTranslations.map((t) => [t.productId, t.languageCode, t.name])).toEqual([[two.id, "eng", '=HYPERLINK("x")']]);
    expect(after.translations.length).toBe(before.translations.length);
    expect(after.categories).toEqual(before.categories);
    expect(after.tags).toEqual(before.tags);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, "productImport"));
    expect(audit.at(-1)?.after).toMatchObject({ created: 0, updated: 2 });

    // Exported again, the formula is defused with a leading ' and reads back unchanged.
    const again = new TextDecoder().decode(
      new Uint8Array(await (await admin.get(`/admin/products.csv?q=${encodeURIComponent(sku(2))}`)).arrayBuffer()),
    );
    expect(again).toContain(`"'=HYPERLINK(""x"")"`);
    expect(reportRows((await upload(again)).html).map((r) => r.status)).toEqual(["unchanged"]);
  });

  it("reads comma-separated files without a BOM, creates simple products, and redirects a changed slug", async () => {
    const csv = [
      "sku,name_hr,slug_hr,retail_price,sale_price,vat_rate,stock,categories,name_en",
      'CSV-COMMA-1,"Panel, bijeli",,"20,00","15,50",25,7,,White panel',
    ].join("\n");
    const dry = await upload(csv);
    expect(reportRows(dry.html).map((r) => r.status)).toEqual(["new"]);
    const token = tokenOf(dry.html);
    expect((await upload("", "apply", token)).response.status).toBe(303);
    // Imported once: the kept file is gone, a second apply changes nothing.
    const again = await upload("", "apply", token);
    expect(again.response.status).toBe(400);
    expect(again.html).toContain("Datoteka uvoza više nije dostupna");
    const db = await shop.db();
    const [created] = await db.select().from(products).where(eq(products.sku, "CSV-COMMA-1"));
    expect(created).toMatchObject({
      format: "simple",
      retailPriceCents: 2000,
      priceCents: 1550,
      taxRateBp: 2500,
      stock: 7,
      isVisibleIndividually: true,
    });
    const names = await db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.productId, created.id))
      .orderBy(productTranslations.languageCode);
    expect(names.map((n) => [n.languageCode, n.name, n.slug])).toEqual([
      ["eng", "White panel", "white-panel"],
      ["hrv", "Panel, bijeli", "panel-bijeli"],
    ]);

    // A slug from before today's rules reads back unchanged; a new one must follow them.
    await db.update(productTranslations).set({ slug: "Stari_Slug" }).where(eq(productTranslations.productId, created.id));
    await db
      .update(productTranslations)
      .set({ slug: "panel-bijeli" })
      .where(and(eq(productTranslations.productId, created.id), eq(productTranslations.languageCode, "hrv")));
    expect(reportRows((await upload("sku;name_en;slug_en\nCSV-COMMA-1;White panel;Stari_Slug\n")).html)[0].status).toBe("unchanged");
    expect(reportRows((await upload("sku;slug_en\nCSV-COMMA-1;Novi_Slug\n")).html)[0].status).toBe("error");
    const rename = await upload("sku;slug_hr\nCSV-COMMA-1;panel-bijeli-novi\n");
    expect(reportRows(rename.html)[0].text).toContain("panel-bijeli → panel-bijeli-novi");
    await upload("", "apply", tokenOf(rename.html));
    const [redirect] = await db.select().from(redirects).where(eq(redirects.fromPath, "/product/panel-bijeli"));
    expect(redirect?.toPath ?? (await db.select().from(redirects)).map((r) => r.fromPath).join(",")).toBe("/product/panel-bijeli-novi");
  });

  it("reads a file Excel saved on Croatian Windows (Windows-1250) with its č, ć, đ, š, ž whole, and says how it read it", async () => {
    const csv = "sku;name_hr;retail_price;sale_price\r\nCSV-1250-1;Čelični žlijeb šćđ ČĆĐŠŽ;12,00;10,00\r\n";
    const dry = await upload(windows1250(csv));
    expect(dry.response.status).toBe(200);
    expect(reportRows(dry.html)).toMatchObject([{ sku: "CSV-1250-1", status: "new" }]);
    expect(reportRows(dry.html)[0].text).toContain("Čelični žlijeb šćđ ČĆĐŠŽ");
    expect(dry.html).toContain('data-testid="import-encoding"');
    expect(dry.html).toContain("Datoteka nije u UTF-8 pa je pročitana kao Windows-1250");
    await upload("", "apply", tokenOf(dry.html));
    const db = await shop.db();
    const [created] = await db.select({ id: products.id }).from(products).where(eq(products.sku, "CSV-1250-1"));
    const [name] = await db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, created.id), eq(productTranslations.languageCode, "hrv")));
    expect(name.name).toBe("Čelični žlijeb šćđ ČĆĐŠŽ");
    // A UTF-8 file gets no such note.
    expect((await upload("sku;name_hr\nCSV-1250-1;Čelični žlijeb\n")).html).not.toContain('data-testid="import-encoding"');
  });

  it("an export edited later changes stock by what the editor changed in it, so sales since the export stay sold", async () => {
    const db = await shop.db();
    const [a, b] = await db
      .select()
      .from(products)
      .where(and(eq(products.format, "simple"), eq(products.archived, false), eq(products.madeToOrder, false)))
      .orderBy(asc(products.id))
      .then((rows) => rows.filter((p) => p.parentId === null).slice(0, 2));
    await db
      .update(products)
      .set({ stock: 10 })
      .where(inArray(products.id, [a.id, b.id]));
    const exportOf = async (sku: string) =>
      parseCsv(
        new TextDecoder().decode(new Uint8Array(await (await admin.get(`/admin/products.csv?q=${encodeURIComponent(sku)}`)).arrayBuffer())),
      );
    const sheetA = await exportOf(a.sku);
    const sheetB = await exportOf(b.sku);
    const header = sheetA.records[0].cells;
    expect(header).toContain("stock_exported");
    const col = (name: string) => header.indexOf(name);
    const rowA = sheetA.records[1].cells.slice();
    const rowB = sheetB.records[1].cells.slice();
    expect([rowA[col("stock")], rowA[col("stock_exported")]]).toEqual(["10", "10"]);

    // Three of A and two of B are sold after the export.
    await db.transaction((tx) =>
      takeStock(
        tx,
        [
          { productId: a.id, quantity: 3, itemId: "a" },
          { productId: b.id, quantity: 2, itemId: "b" },
        ],
        (id) => id,
      ),
    );
    // In the file: five of A arrived (10 → 15); B's stock untouched, only its price changed.
    rowA[col("stock")] = "15";
    rowB[col("sale_price")] = "1,11";
    rowB[col("retail_price")] = "1,11";
    const quote = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    const file = [header, rowA, rowB].map((cells) => cells.map(quote).join(";")).join("\r\n");
    const dry = await upload(file);
    const rows = reportRows(dry.html);
    expect(rows.map((r) => [r.sku, r.status])).toEqual([
      [a.sku, "update"],
      [b.sku, "update"],
    ]);
    expect(rows[0].text).toMatch(/stock\s*: 7 → 12/);
    expect(rows[1].text).not.toContain("stock");
    // One more of A is sold between the check and "apply": the five arrived are added to what is there then.
    await db.transaction((tx) => takeStock(tx, [{ productId: a.id, quantity: 1, itemId: "a" }], (id) => id));
    expect((await upload("", "apply", tokenOf(dry.html))).response.status).toBe(303);
    const [afterA] = await db.select().from(products).where(eq(products.id, a.id));
    const [afterB] = await db.select().from(products).where(eq(products.id, b.id));
    expect(afterA.stock).toBe(11);
    expect(afterB).toMatchObject({ stock: 8, priceCents: 111 });
  });

  it("exports variants after their product and imports their prices and stock; texts and new variants stay in the editor", async () => {
    const db = await shop.db();
    const [variant] = await db
      .select()
      .from(products)
      .where(and(isNotNull(products.parentId), isNotNull(products.stock)))
      .orderBy(asc(products.id))
      .limit(1);
    const [parent] = await db.select().from(products).where(eq(products.id, variant.parentId!));
    const { records } = parseCsv(
      new TextDecoder().decode(
        new Uint8Array(await (await admin.get(`/admin/products.csv?q=${encodeURIComponent(parent.sku)}`)).arrayBuffer()),
      ),
    );
    const header = records[0].cells;
    const col = (name: string) => header.indexOf(name);
    expect(records[1].cells[col("sku")]).toBe(parent.sku);
    expect(records[1].cells[col("parent_sku")]).toBe("");
    const row = records.find((r) => r.cells[col("sku")] === variant.sku)!.cells.slice();
    expect(row[col("parent_sku")]).toBe(parent.sku);
    // An untouched export of the product and its variants changes nothing.
    const quote = (c: string) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    const fileOf = (...rows: string[][]) => [header, ...rows].map((cells) => cells.map(quote).join(";")).join("\r\n");
    const same = reportRows((await upload(fileOf(...records.slice(1).map((r) => r.cells)))).html);
    expect(same.filter((r) => r.status !== "unchanged")).toEqual([]);

    row[col("sale_price")] = "2,22";
    row[col("retail_price")] = "3,33";
    row[col("stock")] = String(Number(row[col("stock_exported")]) + 4);
    const dry = await upload(fileOf(row));
    expect(reportRows(dry.html).map((r) => [r.sku, r.status])).toEqual([[variant.sku, "update"]]);
    expect((await upload("", "apply", tokenOf(dry.html))).response.status).toBe(303);
    const [after] = await db.select().from(products).where(eq(products.id, variant.id));
    expect(after).toMatchObject({ priceCents: 222, retailPriceCents: 333, stock: variant.stock! + 4, parentId: parent.id });
    // The product's editor, open before the import, must not save over it unseen.
    const [parentAfter] = await db.select().from(products).where(eq(products.id, parent.id));
    expect(parentAfter.version).toBeGreaterThan(parent.version);

    const renamed = row.slice();
    renamed[col("name_hr")] = "Drugo ime varijante";
    const moved = row.slice();
    moved[col("parent_sku")] = "NEPOSTOJECI";
    const fresh = row.slice();
    fresh[col("sku")] = "NOVA-VARIJANTA-1";
    const refused = reportRows((await upload(fileOf(renamed))).html);
    expect(refused[0]).toMatchObject({ status: "error" });
    expect(refused[0].text).toContain("Varijanti se uvozom mijenjaju samo cijene i zaliha");
    expect(reportRows((await upload(fileOf(moved))).html)[0].text).toContain(
      `Proizvod varijante (parent_sku) ne mijenja se uvozom; ovdje je „${parent.sku}”.`,
    );
    expect(reportRows((await upload(fileOf(fresh))).html)[0].text).toContain("Nova varijanta stvara se u uređivaču proizvoda, ne uvozom.");
  });

  it("refuses an unknown column and a post without a file", async () => {
    const { html } = await upload("sku;price\nA;1\n");
    expect(html).toContain("Nepoznat stupac „price”.");
    const tokens = await admin.formTokens("/admin/products/import");
    const response = await admin.post("/admin/products/import", { intent: "dryRun" }, { tokenFrom: "/admin/products/import" });
    expect(tokens.csrf).toBeTruthy();
    expect(response.status).toBe(400);
  });
});
