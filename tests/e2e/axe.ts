import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The rules we promise (decision 0067): WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type Options = {
  /** What was on screen, e.g. "/kosarica" or "price enquiry dialog": names the failure. */
  context: string;
  /** Only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /** Parts left out, e.g. a sandboxed preview frame that axe cannot enter (say why at the call). */
  exclude?: string;
};

/**
 * Runs axe-core on what the page shows now and fails with a readable list of the
 * violations (rule, impact, how many elements, the first few elements and why), so that a
 * failing run says what to fix without opening a trace.
 */
export async function expectAccessible(page: Page, { context, include, exclude }: Options) {
  let axe = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  if (include) axe = axe.include(include);
  if (exclude) axe = axe.exclude(exclude);
  const { violations } = await axe.analyze();
  const report = violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n\s*/g, " ")}`);
    const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
    return [`  ${v.id} (${v.impact}): ${v.help}, ${v.nodes.length} element(s) — ${v.helpUrl}`, ...nodes, ...more].join("\n");
  });
  expect(violations.length, `axe on ${context}: ${violations.length} WCAG 2.1 AA violation(s)\n${report.join("\n")}`).toBe(0);
}
