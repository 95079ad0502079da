import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { discardDraft, openEditor, postPageEdit } from "./edit-mode-helpers";
import { expect, test } from "./fixtures";

/**
 * Each section outline of the in-page editor sits on its own section and opens that
 * section's panel, on every seeded page: the outlines once matched sections by their
 * position among the rendered elements, so a section that rendered nothing of its own or
 * was found under another selector shifted every outline after it (the map labelled
 * "Kontakt obrazac", the last section without an outline, a click opening the wrong panel).
 */

type Section = { type: string; name: string };
const SEEDED: { path: string; sections: Section[] }[] = [
  { path: "/", sections: [{ type: "hero", name: "Naslovni blok" }] },
  {
    path: "/o-nama",
    sections: [
      { type: "certificates", name: "Certifikati" },
      { type: "productSlider", name: "Klizač proizvoda" },
      { type: "cta", name: "Poziv na akciju" },
    ],
  },
  {
    path: "/kontakt",
    sections: [
      { type: "form", name: "Kontakt obrazac" },
      { type: "map", name: "Karta" },
      { type: "productSlider", name: "Klizač proizvoda" },
    ],
  },
  {
    path: "/reference",
    sections: [
      { type: "postList", name: "Popis objava" },
      { type: "form", name: "Obrazac" },
    ],
  },
];

test.use({ actionTimeout: 10_000 });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  await loginAsAdmin(page);
});

/** Each section outline's label with the type of the page section it covers (null: it covers none). */
function outlinedSections(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [r.top + scrollY, r.left + scrollX, r.width, r.height].map(Math.round).join(",");
    };
    const sections = [...document.querySelectorAll('[data-testid="home"], [data-testid="page-components"] [data-component]')].map((el) => ({
      type: el.getAttribute("data-component") ?? "hero",
      box: box(el),
    }));
    const outlines = [...document.querySelectorAll('[data-edit-target^="section-"]')].map((outline) => ({
      label: outline.querySelector("button")?.textContent ?? "",
      type: sections.find((section) => section.box === box(outline))?.type ?? null,
    }));
    return { sections: sections.map((s) => s.type), outlines };
  });
}

/** Clicks each section outline in turn and checks the panel that opens, then closes it. */
async function openEachPanel(page: Page, path: string, names: string[]) {
  const outlines = page.locator('[data-edit-target^="section-"]');
  for (const [i, name] of names.entries()) {
    await outlines.nth(i).getByRole("button").click();
    const panel = page.getByTestId("component-panel");
    await expect(panel.getByRole("heading", { name: `Postavke: ${name}` }), path).toBeVisible();
    await panel.getByRole("button", { name: "Zatvori" }).click();
    await page.getByTestId("section-manager").getByRole("button", { name: "Zatvori" }).click();
    await expect(page.getByTestId("edit-panel")).toBeHidden();
  }
}

const expected = (sections: Section[]) => ({
  sections: sections.map((s) => s.type),
  outlines: sections.map((s) => ({ label: `Uredi: ${s.name}`, type: s.type })),
});

test.describe("the in-page editor's section outlines", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every outline of every seeded page covers its own section and opens its panel", async ({ page }) => {
    for (const seeded of SEEDED) {
      await openEditor(page, seeded.path);
      const outlines = page.locator('[data-edit-target^="section-"]');
      await expect(outlines).toHaveCount(seeded.sections.length);
      // Measured after layout settles: the outlines follow the page on every change.
      await expect.poll(() => outlinedSections(page), { message: seeded.path }).toEqual(expected(seeded.sections));
      await openEachPanel(
        page,
        seeded.path,
        seeded.sections.map((s) => s.name),
      );
    }
  });

  test.describe(() => {
    test.afterEach(async ({ page }) => discardDraft(page, "/o-nama"));

    test("a section that shows nothing (a product slider without products) shifts no other outline", async ({ page }) => {
      await openEditor(page, "/o-nama");
      // The middle section's slider takes a tag no product has: it renders nothing at all.
      await postPageEdit(page, {
        intent: "component",
        index: "1",
        component: JSON.stringify({ type: "productSlider", title: "Prazno", tag: "Bez proizvoda", limit: 6 }),
      });
      await openEditor(page, "/o-nama");
      await expect(page.locator('[data-component="productSlider"]')).toHaveCount(0);
      const shown = [
        { type: "certificates", name: "Certifikati" },
        { type: "cta", name: "Poziv na akciju" },
      ];
      await expect(page.locator('[data-edit-target^="section-"]')).toHaveCount(shown.length);
      await expect.poll(() => outlinedSections(page)).toEqual(expected(shown));
      await openEachPanel(
        page,
        "/o-nama",
        shown.map((s) => s.name),
      );
    });
  });
});
