// Run by scripts/bench.mjs through tsx (decision 0047): the time to import BENCH_IMPORT_ROWS
// (1 000) new products from CSV through the import service, dry run then apply, in a fresh
// PGlite data directory of its own (migrated and seeded by the shop's own client). Prints one
// JSON line; the bench prints the figures, it is not a test.
import { eq, sql } from "drizzle-orm";
import { closeDb, getDb } from "~/.server/db/client.server";
import { categoryTranslations, tags, users } from "~/.server/db/schema";
import { DEMO_ADMIN } from "~/.server/db/seed/users.server";
import { applyImport } from "~/modules/catalog-admin/product-import-apply.server";
import { planImport } from "~/modules/catalog-admin/product-import.server";

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);

async function main() {
  const started = performance.now();
  const db = await getDb();
  const ready = performance.now();
  const [admin] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  const cats = await db
    .select({ slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.languageCode, "hrv"))
    .limit(3);
  const [tag] = await db.select({ name: tags.name }).from(tags).limit(1);
  const header =
    "sku;format;visible;name_hr;slug_hr;short_description_hr;description_hr;name_en;slug_en;retail_price;sale_price;membership_price;vat_rate;stock;categories;tags";
  const lines = Array.from({ length: rows }, (_, i) => {
    const n = String(i + 1).padStart(5, "0");
    const category = cats[i % cats.length]?.slug ?? "";
    return `BENCH-${n};simple;1;Bench proizvod ${n};bench-proizvod-${n};Kratki opis ${n};"<p>Opis; ""${n}""</p>";Bench product ${n};bench-product-${n};${(i % 90) + 10},90;${(i % 90) + 9},50;;25;${i % 50};${category};${i % 2 ? (tag?.name ?? "") : ""}`;
  });
  const csv = `\uFEFF${[header, ...lines].join("\r\n")}\r\n`;

  const dryStart = performance.now();
  const plan = await planImport(db, csv);
  const dry = (performance.now() - dryStart) / 1000;
  if (plan.counts.new !== rows)
    throw new Error(
      `dry run: expected ${rows} new rows, got ${JSON.stringify(plan.counts)} ${JSON.stringify(plan.rows.find((r) => r.errors.length)?.errors ?? plan.fileErrors)}`,
    );
  const applyStart = performance.now();
  const result = await applyImport(admin, csv, new Map());
  const apply = (performance.now() - applyStart) / 1000;
  const counted = (await db.execute(sql`select count(*)::int as count from products where sku like 'BENCH-%'`)) as unknown as {
    rows: { count: number }[];
  };
  const count = counted.rows[0]?.count;
  console.log(
    `BENCH_IMPORT ${JSON.stringify({ rows, bytes: Buffer.byteLength(csv), openSeconds: (ready - started) / 1000, drySeconds: dry, applySeconds: apply, created: result.created, inDatabase: count })}`,
  );
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
