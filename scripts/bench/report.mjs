// The printed table and the budget lines of `npm run bench`.
import { budgets } from "./config.mjs";

const kib = (bytes) => (bytes / 1024).toFixed(1);

const COLUMNS = [
  ["page", 20, (r) => r.label, "left"],
  ["req/s", 8, (r) => r.load.rps.toFixed(0)],
  ["% bare", 7, (r) => (r.bareRps ? `${((100 * r.load.rps) / r.bareRps).toFixed(0)}%` : "")],
  ["p50 ms", 7, (r) => String(r.load.p50)],
  ["p99 ms", 7, (r) => String(r.load.p99)],
  // The server's own CPU per request: steadier than req/s when other work shares the machine.
  ["CPU ms/req", 11, (r) => (r.load.cpuMsPerRequest == null ? "" : r.load.cpuMsPerRequest.toFixed(1))],
  ["err", 5, (r) => String(r.load.errors)],
  ["non-2xx", 8, (r) => String(r.load.non2xx)],
  // Form posts (cart add) have no first load: their figures are blank and their statuses under load are noted.
  ["JS KiB gz", 10, (r) => (r.firstLoad ? kib(r.firstLoad.jsWire) : "")],
  ["files", 6, (r) => (r.firstLoad ? String(r.firstLoad.jsFiles) : "")],
  ["CSS KiB gz", 11, (r) => (r.firstLoad ? kib(r.firstLoad.cssWire) : "")],
  ["HTML KiB gz", 12, (r) => (r.firstLoad ? kib(r.firstLoad.htmlWire) : "")],
  ["status", 0, (r) => `${r.firstLoad ? r.firstLoad.status : r.load.statuses}  ${r.path}`, "left"],
];

export function printTable(rows) {
  const cell = ([, width, , align], text) => (align === "left" ? text.padEnd(width) : text.padStart(width));
  console.log(COLUMNS.map((c) => cell(c, c[0])).join(" "));
  for (const row of rows) console.log(COLUMNS.map((c) => cell(c, c[2](row))).join(" "));
  const notes = rows.filter((r) => r.load.statuses && r.load.non2xx > 0).map((r) => `${r.label}: ${r.load.statuses}`);
  if (notes.length) console.log(`\nstatus codes under load: ${notes.join("; ")}`);
  const unlisted = rows.filter((r) => r.firstLoad?.jsUnlisted > 0).map((r) => `${r.label} (${r.firstLoad.jsUnlisted})`);
  if (unlisted.length) console.log(`scripts imported but not modulepreloaded (a request waterfall): ${unlisted.join(", ")}`);
}

/** Each fresh row's CPU per request beside the bare page of the same size (scripts/bench/floor.mjs). */
export function printFloors(floors) {
  if (!floors.length) return;
  const ratio = (f) => (f.row.load.cpuMsPerRequest && f.load.cpuMsPerRequest ? f.row.load.cpuMsPerRequest / f.load.cpuMsPerRequest : null);
  console.log("\nsame-size floor (the bare page with as many cards and as much HTML, CPU ms per request):");
  console.log(
    `${"page".padEnd(22)} ${"cards".padStart(5)} ${"HTML KiB".padStart(9)} ${"CPU ms".padStart(7)} ${"floor ms".padStart(9)} ${"× floor".padStart(8)}  floor`,
  );
  for (const f of floors) {
    const r = ratio(f);
    console.log(
      `${f.row.label.padEnd(22)} ${String(f.floor.cards).padStart(5)} ${kib(f.floor.bytes).padStart(9)} ${(f.row.load.cpuMsPerRequest?.toFixed(1) ?? "").padStart(7)} ${(f.load.cpuMsPerRequest?.toFixed(1) ?? "").padStart(9)} ${(r ? `${r.toFixed(2)}×` : "").padStart(8)}  ${f.floor.path} (${kib(f.floor.bareBytes)} KiB)`,
    );
  }
}

/** The signed-in rows served from a kept page (decision 0135) whose address an anonymous (cached) row measures too, with that row. */
export function keptForCustomers(rows) {
  const hits = new Map(rows.filter((r) => r.target === "shop" && r.mode === "cached").map((r) => [r.path, r]));
  return rows
    .filter((r) => r.mode === "signed-in" && r.firstLoad?.pageCache && hits.has(r.path))
    .map((row) => ({ row, hit: hits.get(row.path) }));
}

/** One OK/OVER line per budget (docs/perf/bench.md); nothing here changes the exit code. */
export function printBudgets(rows, floors = []) {
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  const bare = byLabel.get("bare");
  const lines = [];
  const check = (name, ok, figure) => lines.push(`${ok ? "OK  " : "OVER"}  ${name.padEnd(44)} ${figure}`);

  const category = byLabel.get("category");
  if (category && bare) {
    const share = category.load.rps / bare.load.rps;
    check(
      `category req/s >= ${budgets.categoryVsBare * 100}% of bare`,
      share >= budgets.categoryVsBare,
      `${(100 * share).toFixed(0)}% (${category.load.rps.toFixed(0)} of ${bare.load.rps.toFixed(0)})`,
    );
  }
  for (const row of rows.filter((r) => r.target === "shop" && r.mode === "cached")) {
    check(`${row.label} p99 <= ${budgets.p99Ms} ms`, row.load.p99 <= budgets.p99Ms, `${row.load.p99} ms`);
  }
  // A signed-in customer on a page kept for customers (decision 0135): against the anonymous hit of the same address.
  for (const { row, hit } of keptForCustomers(rows)) {
    const share = row.load.rps / hit.load.rps;
    check(
      `${row.label} req/s >= ${budgets.signedInVsHit}× ${hit.label}`,
      share >= budgets.signedInVsHit,
      `${share.toFixed(2)}× (${row.load.rps.toFixed(0)} of ${hit.load.rps.toFixed(0)})`,
    );
  }
  // Rendered fresh for each request (decision 0070): against the bare page of the same size.
  for (const { row, load } of floors) {
    if (!row.load.cpuMsPerRequest || !load.cpuMsPerRequest) continue;
    const times = row.load.cpuMsPerRequest / load.cpuMsPerRequest;
    check(
      `${row.label} CPU <= ${budgets.freshVsFloor}× same-size floor`,
      times <= budgets.freshVsFloor,
      `${times.toFixed(2)}× (${row.load.cpuMsPerRequest.toFixed(1)} of ${load.cpuMsPerRequest.toFixed(1)} ms)`,
    );
  }
  for (const row of rows.filter((r) => r.target === "shop" && r.mode !== "cached")) {
    const p99Ms =
      row.mode === "cart-add" ? budgets.cartAddP99Ms : row.mode === "admin" || row.mode === "api" ? budgets.staffP99Ms : budgets.freshP99Ms;
    const at = row.load.connections === undefined ? "" : ` at ${row.load.connections} conn.`;
    check(`${row.label} p99 <= ${p99Ms} ms${at}`, row.load.p99 <= p99Ms, `${row.load.p99} ms`);
  }
  for (const label of budgets.firstLoadJsPages) {
    const row = byLabel.get(label);
    if (row)
      check(
        `${label} first-load JS <= ${budgets.firstLoadJsKiB} KiB gz`,
        row.firstLoad.jsWire / 1024 <= budgets.firstLoadJsKiB,
        `${kib(row.firstLoad.jsWire)} KiB`,
      );
  }
  if (category)
    check(
      `category HTML <= ${budgets.categoryHtmlKiB} KiB gz`,
      category.firstLoad.htmlWire / 1024 <= budgets.categoryHtmlKiB,
      `${kib(category.firstLoad.htmlWire)} KiB`,
    );
  for (const row of rows.filter((r) => r.firstLoad && (r.load.errors > 0 || r.load.non2xx > 0 || r.firstLoad.status !== 200))) {
    lines.push(`NOTE  ${row.label}: status ${row.firstLoad.status}, ${row.load.errors} errors, ${row.load.non2xx} non-2xx under load`);
  }
  console.log(`\nbudgets (docs/perf/bench.md; printed, not enforced):\n${lines.join("\n")}`);
}
