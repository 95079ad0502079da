import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { discardDraft, openEditor } from "./edit-mode-helpers";
import { expect, test } from "./fixtures";
import { focusInside, tabTo } from "./keyboard";

/**
 * The in-page editor by keyboard alone: a skip link first in the tab order goes to the
 * toolbar; each section's "Uredi:" label comes right before the section's own links and
 * fields (not all together at the end of the page); a panel takes the focus when it opens
 * and gives it back to its label when it closes; "Spremi skicu" keeps the focus; a panel's
 * field changes undo and redo. The cookie notice on an editor's first visit sits above the
 * toolbar, never over it.
 */
const PATH = "/kontakt";
// The contact page's map is its second stored section.
const MAP_LABEL = '[data-edit-target="section-1"] > button';

/** Where the focus is: a section's label ("label:Uredi: Karta"), a section ("section:map"), or elsewhere. */
function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const outline = el?.closest('[data-edit-target^="section-"]');
    if (outline) return `label:${el?.textContent ?? ""}`;
    if (el?.closest("#edit-toolbar")) return "toolbar";
    const section = el?.closest("[data-component]");
    return section ? `section:${section.getAttribute("data-component")}` : "page";
  });
}

test.describe("the in-page editor by keyboard", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
    await loginAsAdmin(page);
  });

  test("a skip link goes to the toolbar; each label comes right before its section's links and fields", async ({ page }) => {
    await openEditor(page, PATH);
    await page.keyboard.press("Tab");
    const skip = page.getByTestId("edit-skip-link");
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText("Preskoči na alatnu traku za uređivanje");
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("edit-toolbar")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await focusInside(page, '[data-testid="edit-toolbar"]')).toBe(true);

    // The whole page by Tab from its start, up to the toolbar after it.
    await openEditor(page, PATH);
    const places: string[] = [];
    for (let i = 0; i < 300 && places.at(-1) !== "toolbar"; i++) {
      await page.keyboard.press("Tab");
      places.push(await focusedPlace(page));
    }
    expect(places.at(-1), "the toolbar is reached after the page").toBe("toolbar");
    const sections = places.filter((place) => /^(label:Uredi: |section:)/.test(place)).filter((place, i, all) => place !== all[i - 1]);
    expect(sections).toEqual([
      "label:Uredi: Kontakt obrazac",
      "section:form",
      "label:Uredi: Karta",
      "section:map",
      "label:Uredi: Klizač proizvoda",
      "section:productSlider",
    ]);
  });

  test.describe(() => {
    test.afterEach(async ({ page }) => discardDraft(page, PATH));

    test("a panel takes the focus and gives it back; saving keeps it on 'Spremi skicu'", async ({ page }) => {
      await openEditor(page, PATH);
      await tabTo(page, MAP_LABEL);
      await page.keyboard.press("Enter");
      const panel = page.getByTestId("component-panel");
      await expect(panel.getByRole("heading", { name: "Postavke: Karta" })).toBeFocused();

      // The title changed and saved from the keyboard: the focus stays on the button.
      await tabTo(page, '[data-testid="component-panel"] input');
      await expect(page.locator(":focus")).toHaveValue("Kako do nas");
      await page.keyboard.press("End");
      await page.keyboard.type(" (provjera)");
      await tabTo(page, '[data-testid="component-panel"] button[type="submit"]');
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("edit-status")).toHaveText("Skica je spremljena.");
      await expect(page.locator('[data-component="map"] h2')).toHaveText("Kako do nas (provjera)");
      await expect(panel.getByRole("button", { name: "Spremi skicu" })).toBeFocused();

      // Escape closes the panel: back on the label that opened it.
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("edit-panel")).toBeHidden();
      await expect(page.locator(MAP_LABEL)).toBeFocused();

      // "Zatvori" leads to the section manager (its heading focused), whose "Zatvori" leads back to the label.
      await page.keyboard.press("Enter");
      await expect(panel.getByRole("heading", { name: "Postavke: Karta" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("button", { name: "Zatvori" })).toBeFocused();
      await page.keyboard.press("Enter");
      const manager = page.getByTestId("section-manager");
      await expect(manager.getByRole("heading", { name: "Upravitelj sekcija" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(manager.getByRole("button", { name: "Zatvori" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("edit-panel")).toBeHidden();
      await expect(page.locator(MAP_LABEL)).toBeFocused();
    });
  });

  test("undo and redo of a panel's field changes, by the keys and by the panel's buttons", async ({ page }) => {
    await openEditor(page, PATH);
    await page.locator(MAP_LABEL).click();
    const panel = page.getByTestId("component-panel");
    const title = panel.getByLabel("Naslov", { exact: true });
    const address = panel.getByLabel("Adresa", { exact: true });
    const undo = panel.getByRole("button", { name: "Poništi" });
    const redo = panel.getByRole("button", { name: "Ponovi" });
    const address0 = await address.inputValue();
    await expect(title).toHaveValue("Kako do nas");
    await expect(undo).toHaveAttribute("aria-disabled", "true");
    await title.fill("Dolazak");
    await address.fill("Ulica 1, Zagreb");

    await address.press("ControlOrMeta+z");
    await expect(address).toHaveValue(address0);
    await expect(title).toHaveValue("Dolazak");
    await address.press("ControlOrMeta+z");
    await expect(title).toHaveValue("Kako do nas");
    await expect(undo).toHaveAttribute("aria-disabled", "true");
    await title.press("ControlOrMeta+Shift+z");
    await expect(title).toHaveValue("Dolazak");
    await expect(address).toHaveValue(address0);

    await redo.click();
    await expect(address).toHaveValue("Ulica 1, Zagreb");
    await expect(redo).toHaveAttribute("aria-disabled", "true");
    await undo.click();
    await undo.click();
    await expect(title).toHaveValue("Kako do nas");
    await expect(address).toHaveValue(address0);
    // A new change after an undo drops what could be redone.
    await title.fill("Put do nas");
    await expect(redo).toHaveAttribute("aria-disabled", "true");
    // Nothing was saved.
    await expect(page.getByTestId("edit-toolbar")).toHaveAttribute("data-revision", "0");
  });
});

test("an editor's first visit: the cookie notice sits above the edit toolbar, never over it", async ({ page }) => {
  await loginAsAdmin(page);
  const toolbar = await openEditor(page, "/");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  // Nothing lies over the toolbar: points across it, from edge to edge, hit the toolbar itself.
  const covered = () =>
    page.evaluate(() => {
      const bar = document.getElementById("edit-toolbar")!;
      const box = bar.getBoundingClientRect();
      const xs = [0.02, 0.25, 0.5, 0.75, 0.98].map((f) => box.left + f * box.width);
      const ys = [2, box.height / 2, box.height - 2].map((dy) => box.top + dy);
      return xs
        .flatMap((x) => ys.map((y) => [Math.round(x), Math.round(y)]))
        .filter(([x, y]) => !bar.contains(document.elementFromPoint(x, y)));
    });
  await expect.poll(covered).toEqual([]);
  const [notice, bar] = await Promise.all([banner.boundingBox(), toolbar.boundingBox()]);
  expect(notice!.y + notice!.height).toBeLessThanOrEqual(bar!.y + 1);
  await toolbar.getByRole("button", { name: "Sekcije" }).click();
  await expect(page.getByTestId("section-manager")).toBeVisible();
  // And the notice still takes its answer.
  await banner.getByRole("button", { name: "Samo nužni" }).click();
  await expect(banner).toBeHidden();
});
