// The CPU-profile breakdown of a page rendered fresh (decision 0070): a cache-miss run of
// the category page with the shop's V8 profiler on (cpu-profile-hook.mjs), its samples put in
// groups by what is on their stack, so the cost of each part stays visible.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { measureLoad } from "./load.mjs";

/**
 * Groups by the packages and functions on a sample's stack; when several are, the first
 * listed wins (route matching called from a React component counts as route matching).
 */
const GROUPS = [
  ["gzip", (f) => f.url === "node:zlib" || f.url.includes("/node_modules/compression/")],
  [
    "crypto",
    (f) =>
      f.url === "node:crypto" ||
      f.url.startsWith("node:internal/crypto") ||
      f.url.includes("/node_modules/crypto-js/") ||
      /\/remix-utils\/build\/server\/(?:honeypot|csrf)/.test(f.url),
  ],
  ["database", (f) => /\/node_modules\/(?:@electric-sql\/pglite|pg|pg-protocol|drizzle-orm)\//.test(f.url)],
  ["turbo-stream", (f) => f.url.includes("/node_modules/turbo-stream/")],
  [
    "route matching",
    (f) =>
      /^(?:matchRoutes|matchRoutesImpl|flattenRoutes|rankRouteBranches|matchRouteBranch|matchPath|compilePath|compilePathUncached|convertRoutesToDataRoutes|createServerRoutes|memoizedServerRoutes|createRoutes|getPartialManifest|matchServerRoutes|resolveTo|resolvePath|resolvePathname|joinPaths|normalizePathname|removeDoubleSlashes|getResolveToMatches|getPathContributingMatches|stripBasename|decodePath)$/.test(
        f.functionName,
      ),
  ],
  ["i18n", (f) => /\/node_modules\/(?:i18next|react-i18next)\//.test(f.url)],
  ["React render", (f) => f.url.includes("/node_modules/react-dom/")],
];

/** Share of CPU per group: { totalMs, groups: [[name, ms]] } (idle time left out). */
export function breakdown(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const memo = new Map();
  // The groups present on a node's stack, as a bit mask (the node and its callers).
  const maskOf = (id) => {
    if (memo.has(id)) return memo.get(id);
    const node = byId.get(id);
    let mask = 0;
    GROUPS.forEach(([, test], i) => {
      if (test(node.callFrame)) mask |= 1 << i;
    });
    const up = parent.get(id);
    mask |= up === undefined ? 0 : maskOf(up);
    memo.set(id, mask);
    return mask;
  };
  const totals = new Map();
  let totalUs = 0;
  const groupOf = (id) => {
    const name = byId.get(id).callFrame.functionName;
    if (name === "(idle)") return null;
    if (name === "(garbage collector)") return "GC";
    const mask = maskOf(id);
    const first = GROUPS.findIndex((_, g) => mask & (1 << g));
    return first >= 0 ? GROUPS[first][0] : "other";
  };
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0; // the time until the next sample
    const group = groupOf(id);
    if (!group) return;
    totals.set(group, (totals.get(group) ?? 0) + us);
    totalUs += us;
  });
  const groups = [...GROUPS.map(([n]) => n), "GC", "other"].map((n) => [n, (totals.get(n) ?? 0) / 1000]);
  return { totalMs: totalUs / 1000, groups, topOther: topSelf(profile, byId, (id) => groupOf(id) === "other") };
}

/** The functions with the most time of their own among the samples `keep` accepts: where "other" goes. */
function topSelf(profile, byId, keep, count = 4) {
  const self = new Map();
  profile.samples.forEach((id, i) => {
    if (!keep(id)) return;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${lineNumber + 1}` : "native";
    const key = `${functionName || "(anonymous)"} ${where}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => [key, us / 1000]);
}

/** Profiles a miss run of `url` on the shop (started with the hook and BENCH_CPU_PROFILE=file). */
export async function profileMissRun(shop, url, cookie, file) {
  rmSync(file, { force: true });
  shop.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 200)); // the profiler starts
  const load = await measureLoad(url, cookie, { unique: true, warmup: false }); // the server is warm from the rows
  shop.child.kill("SIGUSR2");
  for (let waited = 0; !existsSync(file) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(file)) throw new Error("the shop wrote no CPU profile");
  await new Promise((r) => setTimeout(r, 300)); // written whole
  return { load, ...breakdown(JSON.parse(readFileSync(file, "utf8"))) };
}

export function printProfile(label, { load, totalMs, groups, topOther }) {
  const requests = Math.max(1, load.requests);
  // Sampled time: on a busy machine it includes time the process waited for a CPU.
  console.log(
    `\nCPU profile of ${label} (${load.requests} requests under the profiler): ${(totalMs / requests).toFixed(1)} ms sampled per request`,
  );
  for (const [name, ms] of groups) {
    console.log(
      `  ${name.padEnd(16)} ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${(ms / requests).toFixed(2).padStart(6)} ms/req`,
    );
  }
  console.log(`  "other", most time of its own: ${topOther.map(([key, ms]) => `${key} ${(ms / requests).toFixed(2)} ms/req`).join("; ")}`);
}
