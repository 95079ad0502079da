import { clearCache, clearCaches } from "~/.server/cache.server";
import { getDb } from "~/.server/db/client.server";
import { recordAudit } from "~/modules/kernel/audit.server";
import type { Staff } from "~/modules/kernel/staff.server";

/**
 * Which named caches show what a backoffice change touches (DESIGN.md "The backoffice": "every change
 * clears exactly the caches it affects"). A service calls `dataChanged(kind)` after its
 * transaction has committed; the rendered-page cache and the sitemap are derived from the
 * others and are cleared with them (app/.server/cache.server.ts), so a shopper sees the
 * change on the next request, cached category pages included.
 *
 * The names are the ones the services register (namedCache("product-list", ...)); the
 * cache-impact test checks that each of them exists, so a renamed cache cannot silently
 * stop being cleared. This is the one way a change clears caches: no other module clears a
 * named cache itself (tests/unit/cache-clears.test.ts), so a clear Redis did not take is
 * always retried the same way (decision 0091) and every kind's reach is written here.
 */
export const CACHE_IMPACT = {
  // Names, prices, stock, images, tags, categories of a product: its page, every list,
  // filter counts, search results, the sliders of CMS pages and the home blocks.
  product: ["product-detail", "product-list", "layered-navigation", "search", "search-totals", "page-sliders", "home-blocks"],
  // The tree, names, slugs, sort options and filters of categories: the category meta
  // every list reads, the lists and their filters, product pages (breadcrumbs), search
  // (category names), sliders by category, and the navigation (category links).
  category: [
    "catalog-meta",
    "product-list",
    "layered-navigation",
    "product-detail",
    "search",
    "search-totals",
    "page-sliders",
    "home-blocks",
    "site-config",
  ],
  // Attributes and their values: labels and swatches in the meta, filters, product pages
  // (attribute table, configurator) and lists (cards show no attributes, but filters do).
  attribute: ["catalog-meta", "layered-navigation", "product-detail", "product-list"],
  // CMS option keys, company details, checkout settings: the site context of every page.
  settings: ["site-config"],
  // Delivery methods, branches and the free-delivery threshold: the threshold is a CMS
  // option read through the site context; methods are read fresh at checkout.
  shipping: ["site-config"],
  // Payment methods are read fresh at checkout and on the payment slip: nothing cached.
  payment: [],
  // Coupons are read fresh by the cart: nothing cached.
  coupon: [],
  // Pages and posts (their text and components): the page look-up cache; the rendered
  // pages and the sitemap are derived and cleared with it (decision 0056).
  page: ["pages"],
  // Header, footer and cookie elements, navigations, CMS option keys: the site context.
  layout: ["site-config"],
  // Events and blog terms have no cache of their own: only the rendered pages show them.
  event: ["rendered-pages"],
  // A media file replaced or its texts changed: everything that shows pictures.
  media: ["product-detail", "product-list", "page-sliders", "home-blocks", "pages", "site-config"],
  // Stock given back by a cancellation or a return: the product page and the lists that show
  // whether it can be ordered.
  stock: ["product-detail", "product-list"],
  // Consents and where they are asked (forms, checkout, cookie bar).
  consent: ["consents"],
  // A comment approved, edited, answered or deleted: the rating averages the product pages show.
  comment: ["ratings"],
} as const satisfies Record<string, readonly string[]>;

export type ChangeKind = keyof typeof CACHE_IMPACT;

type ChangeListener = (kinds: readonly ChangeKind[]) => void | Promise<void>;
// On globalThis and by name, like the cache registry: this module is loaded more than once per
// process (server.ts, the Remix build, tests), and a change made through one copy must reach
// the listener another copy registered, once.
const listeners = ((globalThis as unknown as { __shopChangeListeners?: Map<string, ChangeListener> }).__shopChangeListeners ??= new Map<
  string,
  ChangeListener
>());

/** Clears the caches that show data of these kinds (each cache once). Call after the commit. */
export async function dataChanged(...kinds: ChangeKind[]): Promise<void> {
  const names = new Set<string>(kinds.flatMap((kind) => CACHE_IMPACT[kind]));
  await clearCaches([...names]);
  await Promise.all(
    [...listeners.values()].map((listener) =>
      Promise.resolve()
        .then(() => listener(kinds))
        // The change has committed and its caches are cleared: a listener's failure is logged, not the change's.
        .catch((error: unknown) => console.error("A listener of a data change failed", error)),
    ),
  );
}

/**
 * Something that must follow data changes besides the caches (a scheduled page's timer,
 * app/modules/blog/scheduled.server.ts): called after every dataChanged, after the caches
 * are cleared. The kernel imports no domain module, so the domain registers here.
 */
export function onDataChanged(name: string, listener: ChangeListener): void {
  listeners.set(name, listener);
}

/** The cache page's button (/admin/cache): one named cache emptied by hand, in the audit log like every backoffice change. */
export async function clearCacheByHand(staff: Pick<Staff, "id" | "email">, name: string): Promise<boolean> {
  const cleared = await clearCache(name);
  if (cleared) await recordAudit(await getDb(), staff, { entity: "cache", entityId: null, action: "clear", after: { name } });
  return cleared;
}
