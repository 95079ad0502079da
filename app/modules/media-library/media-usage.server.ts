import { inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";

/**
 * Where a media file is used ("used on 3 products, 1 page", decision 0052), counted per
 * kind of place. Rows that point at it by id (product images and e-product files,
 * category images, attribute value swatches, post pictures) are counted by id; content
 * stored as JSON or HTML (page components, rich text, page elements, options such as Logo,
 * master components, unpublished drafts) names it by its driveId, so that text is searched
 * for the driveId: a media URL and a component's `{ driveId }` both contain it.
 */
export const USAGE_KINDS = [
  "products",
  "categories",
  "swatches",
  "pages",
  "posts",
  "events",
  "elements",
  "settings",
  "masterComponents",
  "drafts",
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
export type MediaUsage = Record<UsageKind, number>;

const named = (text: SQL) => sql`strpos(${text}, ${media.driveId}::text) > 0`;

/** One correlated count per kind, for a query whose FROM is `media`. */
const USAGE: Record<UsageKind, SQL> = {
  products: sql`(select count(*) from (select pm.product_id from product_media pm where pm.media_id = ${media.id} union select pr.id from products pr where pr.e_product_media_id = ${media.id}) used)`,
  categories: sql`(select count(*) from categories c where c.media_id = ${media.id})`,
  swatches: sql`(select count(*) from attribute_values av where av.media_id = ${media.id})`,
  pages: sql`(select count(*) from pages pg where pg.post_type = 'page' and (pg.image_id = ${media.id} or exists (select 1 from page_translations pt where pt.page_id = pg.id and ${named(sql`pt.components::text || pt.body_html`)})))`,
  posts: sql`(select count(*) from pages pg where pg.post_type <> 'page' and (pg.image_id = ${media.id} or exists (select 1 from page_translations pt where pt.page_id = pg.id and ${named(sql`pt.components::text || pt.body_html`)})))`,
  events: sql`(select count(distinct et.event_id) from event_translations et where ${named(sql`et.description_html`)})`,
  elements: sql`(select count(*) from page_elements pe where ${named(sql`pe.options::text || pe.mobile_options::text || pe.meta::text || pe.mobile_meta::text || pe.link_meta::text || pe.parts::text`)})`,
  settings: sql`(select count(*) from options o where ${named(sql`coalesce(o.value::text, '')`)})`,
  masterComponents: sql`(select count(*) from master_components mc where ${named(sql`mc.component::text`)})`,
  drafts: sql`(select count(*) from content_drafts d where ${named(sql`d.data::text`)})`,
};

/** The number of places a media row is used, for WHERE and ORDER BY of a query on `media`. */
export const usageTotal: SQL = sql.join(
  USAGE_KINDS.map((kind) => USAGE[kind]),
  sql` + `,
);

const emptyUsage = (): MediaUsage => Object.fromEntries(USAGE_KINDS.map((kind) => [kind, 0])) as MediaUsage;

/** The usage of each of these media rows, by id (a row not found counts as unused). */
export async function mediaUsage(ids: number[], executor?: Executor): Promise<Map<number, MediaUsage>> {
  const result = new Map<number, MediaUsage>();
  if (ids.length === 0) return result;
  const db = executor ?? (await getDb());
  const columns = Object.fromEntries(USAGE_KINDS.map((kind) => [kind, sql<number>`${USAGE[kind]}`.mapWith(Number)])) as Record<
    UsageKind,
    SQL.Aliased<number> | SQL<number>
  >;
  const rows = await db
    .select({ id: media.id, ...columns })
    .from(media)
    .where(inArray(media.id, ids));
  for (const id of ids) result.set(id, emptyUsage());
  for (const row of rows) {
    const usage = emptyUsage();
    for (const kind of USAGE_KINDS) usage[kind] = Number((row as Record<string, unknown>)[kind] ?? 0);
    result.set(row.id, usage);
  }
  return result;
}

export const usageCount = (usage: MediaUsage) => USAGE_KINDS.reduce((sum, kind) => sum + usage[kind], 0);

/** Only the kinds it is used in, for messages: { products: 3, pages: 1 }. */
export const usedIn = (usage: MediaUsage) => USAGE_KINDS.filter((kind) => usage[kind] > 0).map((kind) => ({ kind, count: usage[kind] }));

/** Uses that show the file to shoppers: all but e-product downloads (products may be either) and drafts. */
export async function publicUsage(id: number, executor: Executor): Promise<number> {
  const [row] = await executor
    .select({
      n: sql<number>`(select count(*) from product_media pm where pm.media_id = ${media.id}) + ${USAGE.categories} + ${USAGE.swatches} + ${USAGE.pages} + ${USAGE.posts} + ${USAGE.events} + ${USAGE.elements} + ${USAGE.settings} + ${USAGE.masterComponents}`.mapWith(
        Number,
      ),
    })
    .from(media)
    .where(inArray(media.id, [id]));
  return row?.n ?? 0;
}

/** The kinds whose places have a backoffice screen of their own, and that screen's path. */
const PLACE_PATHS = { products: "products", categories: "categories", pages: "pages", posts: "posts", events: "events" } as const;
export type PlaceKind = keyof typeof PLACE_PATHS;
export type UsagePlace = { kind: PlaceKind; id: number; name: string; href: string };
/** A file used in hundreds of places lists the first ones of each kind; the counts say the rest. */
export const PLACES_PER_KIND = 20;

/**
 * Where a file is used, by name ("Krovni panel Alu 40" with a link to its edit screen), for
 * the places counted by `mediaUsage` that have a screen of their own: products (images or
 * e-product file), categories, pages, posts and events. Names in `languageCode`, else Croatian.
 */
export async function usagePlaces(id: number, languageCode: string, executor?: Executor): Promise<UsagePlace[]> {
  const db = executor ?? (await getDb());
  const name = (table: SQL, column: SQL, key: SQL, owner: SQL) =>
    sql`coalesce((select ${column} from ${table} t where t.${key} = ${owner} and t.language_code = ${languageCode}), (select ${column} from ${table} t where t.${key} = ${owner} and t.language_code = 'hrv'), '')`;
  const drive = sql`(select drive_id::text from media where id = ${id})`;
  const namedIn = (text: SQL) => sql`strpos(${text}, ${drive}) > 0`;
  const page = (posts: boolean) =>
    sql`select ${posts ? "posts" : "pages"} as kind, pg.id, ${name(sql.raw("page_translations"), sql.raw("title"), sql.raw("page_id"), sql.raw("pg.id"))} as name from pages pg
      where pg.post_type ${sql.raw(posts ? "<>" : "=")} 'page' and (pg.image_id = ${id} or exists (select 1 from page_translations pt where pt.page_id = pg.id and ${namedIn(sql`pt.components::text || pt.body_html`)}))`;
  const parts = [
    sql`select 'products' as kind, p.id, ${name(sql.raw("product_translations"), sql.raw("name"), sql.raw("product_id"), sql.raw("p.id"))} as name from products p
      where p.e_product_media_id = ${id} or exists (select 1 from product_media pm where pm.product_id = p.id and pm.media_id = ${id})`,
    sql`select 'categories' as kind, c.id, ${name(sql.raw("category_translations"), sql.raw("name"), sql.raw("category_id"), sql.raw("c.id"))} as name from categories c where c.media_id = ${id}`,
    page(false),
    page(true),
    sql`select 'events' as kind, e.id, ${name(sql.raw("event_translations"), sql.raw("title"), sql.raw("event_id"), sql.raw("e.id"))} as name from events e
      where exists (select 1 from event_translations et where et.event_id = e.id and ${namedIn(sql`et.description_html`)})`,
  ];
  const ranked = sql.join(
    parts.map((part) => sql`(select kind, id, name, row_number() over (order by id) as n from (${part}) x)`),
    sql` union all `,
  );
  const result = await db.execute(sql`select kind, id, name from (${ranked}) places where n <= ${PLACES_PER_KIND} order by kind, name, id`);
  const rows = (result as unknown as { rows: { kind: PlaceKind; id: number; name: string }[] }).rows;
  const order = Object.keys(PLACE_PATHS);
  return rows
    .map((row) => ({ kind: row.kind, id: Number(row.id), name: row.name, href: `/admin/${PLACE_PATHS[row.kind]}/${row.id}` }))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
