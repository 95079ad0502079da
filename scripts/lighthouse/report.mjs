// The pure parts of `npm run lighthouse` (decision 0066): which pages, the goals,
// the score table and the failing audits. scripts/lighthouse.mjs does the running.

/** The product every page run uses: a plain product with a price, added to the cart for the cart and checkout runs. */
export const PRODUCT_PATH = "/product/krovni-sendvic-panel-40-mm-pir";

/**
 * The pages Lighthouse audits, in order. "anonymous" pages run first as a first visitor gets
 * them; "customer" pages run after the demo customer signed in and put one line in the cart
 * (checkout is for signed-in customers: guest checkout is off in the demo data).
 */
export const LIGHTHOUSE_PAGES = [
  { label: "home", path: "/", visitor: "anonymous" },
  { label: "category", path: "/shop/krovni-paneli", visitor: "anonymous" },
  { label: "product", path: PRODUCT_PATH, visitor: "anonymous" },
  { label: "login", path: "/prijava", visitor: "anonymous" },
  { label: "CMS page", path: "/o-nama", visitor: "anonymous" },
  { label: "blog", path: "/objave", visitor: "anonymous" },
  { label: "cart (1 line)", path: "/kosarica", visitor: "customer" },
  { label: "checkout", path: "/naplata", visitor: "customer" },
];

/** The pages whose LCP is measured on slow 3G with a 4× slower CPU (decision 0066). */
export const SLOW_NETWORK_PAGES = LIGHTHOUSE_PAGES.filter((p) => p.label === "home" || p.label === "product");

/** Lighthouse's category ids, the column titles and the goals (scores 0-100). */
export const CATEGORIES = [
  { id: "performance", title: "perf (mobile)", goal: 95 },
  { id: "accessibility", title: "a11y", goal: 100 },
  { id: "best-practices", title: "best pr.", goal: 100 },
  { id: "seo", title: "SEO", goal: 100 },
];

/** Slow 3G as decision 0066 names it: 400 ms round trip, 400 kbit/s each way, CPU 4× slower; LCP goal 3 s. */
export const SLOW_NETWORK = { latencyMs: 400, downKbps: 400, upKbps: 400, cpuSlowdown: 4, lcpGoalMs: 3000 };

/** { id → 0-100 or null } from a Lighthouse result (null: the category could not be scored). */
export function scoresOf(lhr) {
  return Object.fromEntries(
    CATEGORIES.map(({ id }) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === "number" ? Math.round(score * 100) : null];
    }),
  );
}

/**
 * The audits that cost a category below its goal its points: every weighted audit of the
 * category that did not pass, with its display value (the metric's figure for performance).
 */
export function failingAudits(lhr, scores = scoresOf(lhr)) {
  const failing = {};
  for (const { id, goal } of CATEGORIES) {
    if (scores[id] !== null && scores[id] >= goal) continue;
    const category = lhr.categories[id];
    if (!category) continue;
    failing[id] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && typeof audit.score === "number" && audit.score < 1)
      .map((audit) => (audit.displayValue ? `${audit.id} (${audit.displayValue})` : audit.id));
  }
  return failing;
}

const pad = (text, width) => String(text).padEnd(width);
const cell = (score, goal) => (score === null ? "–" : score >= goal ? String(score) : `${score} ✗`);

/** The score table, one row per page: [{ label, path, scores, error? }] → lines of text. */
export function scoreTable(rows) {
  const pageWidth = Math.max(4, ...rows.map((r) => `${r.label} ${r.path}`.length));
  const header = [pad("page", pageWidth), ...CATEGORIES.map((c) => pad(`${c.title} ≥${c.goal}`, 18))].join(" | ").trimEnd();
  const lines = [header, header.replace(/[^|]/g, "-")];
  for (const row of rows) {
    const page = pad(`${row.label} ${row.path}`, pageWidth);
    if (row.error) {
      lines.push(`${page} | failed: ${row.error}`);
      continue;
    }
    lines.push([page, ...CATEGORIES.map((c) => pad(cell(row.scores[c.id], c.goal), 18))].join(" | ").trimEnd());
  }
  return lines;
}

/** One line per page and category below its goal: the ids of the audits that failed. */
export function failureLines(rows) {
  const lines = [];
  for (const row of rows) {
    for (const [category, audits] of Object.entries(row.failing ?? {})) {
      lines.push(`${row.label} ${category}: ${audits.length ? audits.join(", ") : "(no weighted audit failed; see the report)"}`);
    }
  }
  return lines;
}

/** The slow-network lines: [{ label, path, lcpMs | error }] → lines of text with OK / OVER. */
export function slowNetworkLines(rows, goalMs = SLOW_NETWORK.lcpGoalMs) {
  return rows.map((row) => {
    if (row.error) return `${row.label} ${row.path}: failed: ${row.error}`;
    if (row.lcpMs == null) return `${row.label} ${row.path}: no LCP entry`;
    const verdict = row.lcpMs <= goalMs ? "OK" : "OVER";
    return `${row.label} ${row.path}: LCP ${(row.lcpMs / 1000).toFixed(2)} s (${row.element ?? "?"}) ${verdict} (goal ≤ ${goalMs / 1000} s)`;
  });
}
