// Settings of `npm run bench`, all from the environment (docs/perf/bench.md).
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const bareRoot = path.join(root, "bench/bare");

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, got ${process.env[name]}`);
  return value;
};

export const config = {
  seconds: number("BENCH_SECONDS", 10),
  warmupSeconds: number("BENCH_WARMUP", 2),
  connections: number("BENCH_CONNECTIONS", 10),
  // The backoffice and API rows: a shop's staff and its apps, not its shoppers.
  staffConnections: number("BENCH_STAFF_CONNECTIONS", 5),
  shopPort: number("BENCH_PORT", 4510),
  barePort: number("BENCH_BARE_PORT", 4511),
  // A fresh embedded database per run, unless DATABASE_URL names a PostgreSQL server.
  dataDir: path.resolve(root, process.env.BENCH_DATA_DIR ?? ".cache/bench-data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  logDir: path.join(root, ".cache/bench-logs"),
  // "label=/path,..." or "/path,..."; {category} and {product} are replaced by seeded slugs.
  pages: process.env.BENCH_PAGES,
  rebuild: process.env.BENCH_BUILD === "1",
  // The CPU-profile breakdown of a cache-miss category render (decision 0070); BENCH_PROFILE=0 leaves it out.
  profile: process.env.BENCH_PROFILE !== "0",
  profileFile: path.join(root, ".cache/bench-logs/shop.cpuprofile"),
};

/** The budgets of docs/perf/bench.md (first-load JS since i18next rides on every page, decision 0015); the bench flags them, it does not fail on them. */
export const budgets = {
  categoryVsBare: 0.9, // category req/s at least 90 % of the bare Remix floor
  p99Ms: 40, // every shop page
  firstLoadJsKiB: 110, // gzipped, home, category and product (i18next + react-i18next, decision 0015)
  firstLoadJsPages: ["home", "category", "product"],
  categoryHtmlKiB: 30, // gzipped
  // Pages rendered fresh (a cache miss, a signed-in customer), decision 0070: CPU per request
  // at most 1.3 times the bare page of the same size (cards and HTML), p99 <= 100 ms.
  freshVsFloor: 1.3,
  freshP99Ms: 100,
  // A signed-in customer on a page kept for customers (decision 0135): req/s at least 0.8 times the anonymous cache hit's.
  signedInVsHit: 0.8,
  // The backoffice and API rows at 5 connections.
  staffP99Ms: 100,
  cartAddP99Ms: 50, // adding to the cart (a form post), decision 0070
};
