// The pages the bench measures. The category and product come from the seeded database
// (scripts/bench/catalog-probe.ts), read before the shop server takes the database.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { config, root } from "./config.mjs";
import { shopEnv } from "./servers.mjs";

// A label ending in "(miss)" makes every request a miss of the rendered-page cache (a query
// parameter of its own each time: the anonymous render as a first visitor gets it); one
// ending in "(signed in)" sends the demo customer's session: home, category, product and
// search come from the page kept for customers with their values filled in (decision 0135,
// against the anonymous hit of the same address), cart and profile are their own renders
// (the fresh-render goal of decision 0070).
const DEFAULT_PAGES = [
  "home=/",
  // No demo category holds 24 products; the shop root lists all of them, 24 to a page.
  "category=/shop?limit=24",
  "category-slug=/shop/{category}?limit=24",
  "product=/product/{product}",
  "search=/pretraga?search=panel&category=products",
  "cart=/kosarica",
  "home (miss)=/",
  "category (miss)=/shop/{category}?limit=24",
  "product (miss)=/product/{product}",
  "home (signed in)=/",
  "category (signed in)=/shop/{category}?limit=24",
  "product (signed in)=/product/{product}",
  "search (signed in)=/pretraga?search=panel&category=products",
  "cart (signed in)=/kosarica",
  "profile (signed in)=/profil",
  // The product page's add-to-cart form posted (scripts/bench/cart-add.mjs): without JavaScript, and as a fetcher.
  "cart add=/product/{product}",
  "cart add (fetcher)=/product/{product}",
  // The backoffice as the demo admin (5 connections: a shop's staff, not its shoppers).
  "orders (admin)=/admin/orders",
  "order (admin)=/admin/orders/{order}",
  "products (admin)=/admin/products",
  "product editor (admin)=/admin/products/{productId}",
  // The headless API with an integration key (scripts/bench/api-calls.mjs), 5 connections.
  "api product filter=/api/v2/product/web/filter",
  "api product get=/api/v2/product/web/get?slug={product}",
  "api cart add=/api/v2/ecommerce/cart/addItem",
];

/**
 * How a row's requests are made: "cached" (as they come), "miss", "signed-in", "cart-add"
 * (the path is the product's), "admin" (the demo admin's session) or "api" (a call with the key).
 */
const modeOf = (label) =>
  label.startsWith("cart add")
    ? "cart-add"
    : label.startsWith("api ")
      ? "api"
      : label.endsWith("(admin)")
        ? "admin"
        : label.endsWith("(miss)")
          ? "miss"
          : label.endsWith("(signed in)")
            ? "signed-in"
            : "cached";

/** The bare floor first, then the shop's pages as { label, path, target: "bare" | "shop" }. */
export function resolvePages() {
  const specs = config.pages
    ? config.pages
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : DEFAULT_PAGES;
  const needsProbe = specs.some((s) => /\{(category|product|productId|order)\}|\((signed in|admin)\)|^api /.test(s));
  const seeded = needsProbe ? probeCatalog() : {};
  const pages = specs.map((spec) => {
    const at = spec.indexOf("=");
    const hasLabel = at > 0 && !spec.slice(0, at).includes("/");
    const pagePath = (hasLabel ? spec.slice(at + 1) : spec)
      .replaceAll("{category}", encodeURIComponent(seeded.category ?? "none"))
      .replaceAll("{productId}", String(seeded.productId ?? 0))
      .replaceAll("{product}", encodeURIComponent(seeded.product ?? "none"))
      .replaceAll("{order}", encodeURIComponent(seeded.order ?? "none"));
    const label = hasLabel ? spec.slice(0, at) : pagePath;
    return { label, path: pagePath, target: "shop", mode: modeOf(label) };
  });
  return { pages: [{ label: "bare", path: "/", target: "bare", mode: "cached" }, ...pages], seeded };
}

function probeCatalog() {
  const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
  const output = execFileSync(process.execPath, [tsx, path.join(root, "scripts/bench/catalog-probe.ts")], {
    cwd: root,
    env: shopEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = output.split("\n").find((l) => l.startsWith("BENCH_PROBE "));
  const seeded = line ? JSON.parse(line.slice("BENCH_PROBE ".length)) : {};
  if (!seeded.category) console.warn("bench: the database has no category with products; {category} and {product} are 'none'");
  return seeded;
}
