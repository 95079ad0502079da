// The pages the bench measures. The category and product come from the seeded database
// (scripts/bench/catalog-probe.ts), read before the shop server takes the database.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { config, root } from "./config.mjs";
import { shopEnv } from "./servers.mjs";

const DEFAULT_PAGES = [
  "home=/",
  // No demo category holds 24 products; the shop root lists all of them, 24 to a page.
  "category=/shop?limit=24",
  "category-slug=/shop/{category}?limit=24",
  "product=/product/{product}",
  "search=/pretraga?search=panel&category=products",
  "cart=/kosarica",
];

/** The bare floor first, then the shop's pages as { label, path, target: "bare" | "shop" }. */
export function resolvePages() {
  const specs = config.pages ? config.pages.split(",").map((s) => s.trim()).filter(Boolean) : DEFAULT_PAGES;
  const needsProbe = specs.some((s) => s.includes("{category}") || s.includes("{product}"));
  const seeded = needsProbe ? probeCatalog() : {};
  const pages = specs.map((spec) => {
    const at = spec.indexOf("=");
    const hasLabel = at > 0 && !spec.slice(0, at).includes("/");
    const pagePath = (hasLabel ? spec.slice(at + 1) : spec)
      .replaceAll("{category}", encodeURIComponent(seeded.category ?? "none"))
      .replaceAll("{product}", encodeURIComponent(seeded.product ?? "none"));
    return { label: hasLabel ? spec.slice(0, at) : pagePath, path: pagePath, target: "shop" };
  });
  return { pages: [{ label: "bare", path: "/", target: "bare" }, ...pages], seeded };
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
