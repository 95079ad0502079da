import { loginAsAdmin } from "./admin-login";
import { discardDraft, openEditor } from "./edit-mode-helpers";
import { expect, test } from "./fixtures";
import { watchPageErrors } from "./page-errors";

/**
 * A section panel shows its change on the page while the editor types, before "Spremi
 * skicu": the section's heading and text follow the panel's fields; closing the panel
 * unsaved puts the page back, and nothing was saved (the page has no draft). Once saved,
 * the saved values are what closing goes back to. The draft made here is discarded.
 */
test.beforeEach(async ({ page, baseURL }) => {
  // The cookie notice would sit over the editor's panel.
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  await loginAsAdmin(page);
});

// The draft saved on the way is discarded at the end; when the test failed first this hook does.
test.afterEach(async ({ page }, info) => {
  if (info.status !== info.expectedStatus) await discardDraft(page, "/o-nama");
});

test("a section panel's fields show on the page as the editor types; closing unsaved restores the page", async ({ page }, info) => {
  test.skip(info.project.name !== "js", "the panels need JavaScript");
  const watcher = watchPageErrors(page);
  const toolbar = await openEditor(page, "/o-nama");
  const section = page.locator('[data-testid="page-components"] [data-component="cta"]');
  const heading = section.getByRole("heading", { level: 2 });
  await expect(heading).toHaveText("Trebate novi krov?");

  await page.locator('[data-edit-target^="section-"]').getByRole("button", { name: "Uredi: Poziv na akciju" }).click();
  const panel = page.getByTestId("component-panel");
  await panel.getByLabel("Naslov").fill("Krov za generacije");
  await panel.getByLabel("Tekst").fill("Izmjera je besplatna.");
  await expect(heading).toHaveText("Krov za generacije");
  await expect(section.locator("p").first()).toHaveText("Izmjera je besplatna.");
  // An undo in the panel shows on the page too.
  await panel.getByRole("button", { name: "Poništi" }).click();
  await expect(section.locator("p").first()).toHaveText("Pošaljite nam upit, izračunat ćemo materijal i montažu.");
  await expect(heading).toHaveText("Krov za generacije");
  await expect(toolbar).toHaveAttribute("data-revision", "0");

  await panel.getByRole("button", { name: "Zatvori" }).click();
  await expect(heading).toHaveText("Trebate novi krov?");
  await expect(section.locator("p").first()).toHaveText("Pošaljite nam upit, izračunat ćemo materijal i montažu.");
  await expect(toolbar).toHaveAttribute("data-revision", "0");

  // Opened again and left with Escape: the page is put back as well.
  await page.locator('[data-edit-target^="section-"]').getByRole("button", { name: "Uredi: Poziv na akciju" }).click();
  await panel.getByLabel("Naslov").fill("Privremeno");
  await expect(heading).toHaveText("Privremeno");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("edit-panel")).toBeHidden();
  await expect(heading).toHaveText("Trebate novi krov?");

  // Saved, then changed again and closed: the page goes back to the saved draft, not to the live page.
  await page.locator('[data-edit-target^="section-"]').getByRole("button", { name: "Uredi: Poziv na akciju" }).click();
  await panel.getByLabel("Naslov").fill("Krov za generacije");
  await panel.getByRole("button", { name: "Spremi skicu" }).click();
  await expect(page.getByTestId("edit-status")).toHaveText("Skica je spremljena.");
  await expect(toolbar).not.toHaveAttribute("data-revision", "0");
  await panel.getByLabel("Naslov").fill("Nije spremljeno");
  await expect(heading).toHaveText("Nije spremljeno");
  await panel.getByRole("button", { name: "Zatvori" }).click();
  await expect(heading).toHaveText("Krov za generacije");
  expect(watcher.errors).toEqual([]);
  await discardDraft(page, "/o-nama");
});
