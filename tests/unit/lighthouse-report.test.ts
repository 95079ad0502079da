import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  failingAudits,
  failureLines,
  LIGHTHOUSE_PAGES,
  scoresOf,
  scoreTable,
  SLOW_NETWORK_PAGES,
  slowNetworkLines,
} from "../../scripts/lighthouse/report.mjs";

/** A Lighthouse result as far as the report reads it. */
function lhr(
  scores: Record<string, number | null>,
  audits: Record<string, { score: number | null; weight: number; displayValue?: string; category: string }> = {},
) {
  return {
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [
        id,
        {
          score,
          auditRefs: Object.entries(audits)
            .filter(([, a]) => a.category === id)
            .map(([auditId, a]) => ({ id: auditId, weight: a.weight })),
        },
      ]),
    ),
    audits: Object.fromEntries(Object.entries(audits).map(([id, a]) => [id, { id, score: a.score, displayValue: a.displayValue }])),
  };
}

describe("the Lighthouse report", () => {
  it("audits the eight pages of decision 0066, the customer's pages after the anonymous ones", () => {
    expect(LIGHTHOUSE_PAGES.map((p) => p.label)).toEqual([
      "home",
      "category",
      "product",
      "login",
      "CMS page",
      "blog",
      "cart (1 line)",
      "checkout",
    ]);
    const visitors = LIGHTHOUSE_PAGES.map((p) => p.visitor);
    expect(visitors.indexOf("customer")).toBe(visitors.lastIndexOf("anonymous") + 1);
    expect(SLOW_NETWORK_PAGES.map((p) => p.label)).toEqual(["home", "product"]);
  });

  it("has the goals of decision 0066: 100 for accessibility, best practices and SEO, 95 for mobile performance", () => {
    expect(Object.fromEntries(CATEGORIES.map((c) => [c.id, c.goal]))).toEqual({
      performance: 95,
      accessibility: 100,
      "best-practices": 100,
      seo: 100,
    });
  });

  it("turns scores into 0-100 and lists the weighted audits that failed in the categories below their goal", () => {
    const result = lhr(
      { performance: 0.9, accessibility: 1, "best-practices": 0.96, seo: null },
      {
        "total-blocking-time": { score: 0.5, weight: 30, displayValue: "400 ms", category: "performance" },
        "first-contentful-paint": { score: 1, weight: 10, category: "performance" },
        "unused-javascript": { score: 0, weight: 0, category: "performance" },
        "errors-in-console": { score: 0, weight: 1, category: "best-practices" },
        "color-contrast": { score: 0, weight: 7, category: "accessibility" },
      },
    );
    const scores = scoresOf(result);
    expect(scores).toEqual({ performance: 90, accessibility: 100, "best-practices": 96, seo: null });
    // Accessibility reached its goal: its failing audit is not listed. SEO could not be scored: nothing to list.
    expect(failingAudits(result, scores)).toEqual({
      performance: ["total-blocking-time (400 ms)"],
      "best-practices": ["errors-in-console"],
      seo: [],
    });
  });

  it("prints one row per page with ✗ below the goal, a failed run's reason and the failing audits", () => {
    const rows = [
      {
        label: "home",
        path: "/",
        scores: { performance: 96, accessibility: 100, "best-practices": 96, seo: 100 },
        failing: { "best-practices": ["errors-in-console"] },
      },
      { label: "checkout", path: "/naplata", error: "NO_NAVSTART" },
    ];
    const [header, rule, home, checkout] = scoreTable(rows);
    expect(header).toMatch(/^page\s+\| perf \(mobile\) ≥95\s+\| a11y ≥100\s+\| best pr\. ≥100\s+\| SEO ≥100$/);
    expect(rule).toMatch(/^-+\|-+\|-+\|-+\|-+$/);
    expect(home!.split("|").map((c) => c.trim())).toEqual(["home /", "96", "100", "96 ✗", "100"]);
    expect(checkout).toMatch(/^checkout \/naplata\s+\| failed: NO_NAVSTART$/);
    expect(failureLines(rows)).toEqual(["home best-practices: errors-in-console"]);
  });

  it("prints the slow-network LCP against the 3 s goal", () => {
    expect(
      slowNetworkLines([
        { label: "home", path: "/", lcpMs: 2310, element: "p" },
        { label: "product", path: "/p", lcpMs: 3600, element: "img" },
        { label: "blog", path: "/b", error: "timeout" },
      ]),
    ).toEqual(["home /: LCP 2.31 s (p) OK (goal ≤ 3 s)", "product /p: LCP 3.60 s (img) OVER (goal ≤ 3 s)", "blog /b: failed: timeout"]);
  });
});
