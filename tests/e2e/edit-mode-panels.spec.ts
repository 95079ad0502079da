import type { Locator, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { browseMediaLibrary, closeDialog, typeRichText } from "./editor-dialogs";
import { discardDraft, openEditor } from "./edit-mode-helpers";
import { expect, test } from "./fixtures";
import { watchPageErrors } from "./page-errors";

/**
 * Every panel and dialog of the in-page editor opens and works on the production build,
 * and none logs an error. Rendering pages proves little about the editor's own code: its
 * chunks load only when a panel opens, and the client minifier once rewrote the rich-text
 * library so that a click on a text section reloaded the page and a second one showed the
 * error page. So: every section outline of the seeded pages opens its panel, and each
 * panel's link, product source and media dialogs; "Naslov i opis" and a post's outline
 * open the rich-text editor, which is typed into; the toolbar's section manager (a text
 * section added and written with the editor's tools, master components, removal),
 * history, phone preview, new page and discard. The draft made here is discarded at the
 * end, whatever happens.
 */

type SeededPage = { path: string; sections: string[] };

// The seeded pages with their sections (app/.server/db/seed/data/page-components.ts, the home hero).
const SEEDED: SeededPage[] = [
  { path: "/", sections: ["Naslovni blok"] },
  { path: "/o-nama", sections: ["Certifikati", "Klizač proizvoda", "Poziv na akciju"] },
  { path: "/kontakt", sections: ["Kontakt obrazac", "Karta", "Klizač proizvoda"] },
  { path: "/reference", sections: ["Popis objava", "Obrazac"] },
];
const POST = "/kako-ocistiti-oluke-prije-zime";
const DRAFTED = "/o-nama";

// A panel whose code failed to load leaves nothing to click: fail at once, not at the test's timeout.
test.use({ actionTimeout: 10_000 });

test.beforeEach(async ({ page, baseURL }) => {
  // The cookie notice would sit over the editor's panel.
  await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  await loginAsAdmin(page);
});

/** A section panel's link fields: the link options dialog lists the pages and takes an external address. */
async function linkDialogs(page: Page, panel: Locator) {
  for (const field of await panel.getByTestId("link-field").all()) {
    await field.getByRole("button", { name: "Odaberi poveznicu" }).click();
    const dialog = page.getByTestId("link-options-dialog");
    await expect(dialog.getByTestId("link-choices").getByRole("button").first()).toBeVisible();
    await dialog.getByLabel("Pretraži").fill("Kontakt");
    await expect(
      dialog
        .getByTestId("link-choices")
        .getByRole("button", { name: /Kontakt/ })
        .first(),
    ).toBeVisible();
    await dialog.getByLabel("Vrsta poveznice").selectOption("external");
    await dialog.getByLabel("Adresa (https://…)").fill("https://www.example.com/");
    await expect(dialog.getByRole("button", { name: "Primijeni" })).toBeEnabled();
    await closeDialog(dialog);
  }
}

/** A product slider's source: the product list (tags) and product categories dialogs list what can be chosen. */
async function sourceDialogs(page: Page, panel: Locator) {
  for (const source of await panel.getByTestId("slider-source").all()) {
    for (const [button, testId] of [
      ["Popis proizvoda", "product-list-dialog"],
      ["Kategorije proizvoda", "product-categories-dialog"],
    ]) {
      await source.getByRole("button", { name: button }).click();
      const dialog = page.getByTestId(testId);
      await expect(dialog.getByRole("button", { name: /^Odaberi: / }).first()).toBeVisible();
      await closeDialog(dialog);
    }
  }
}

/** A picture field: the media library opens from it (its own upload is edit-mode.spec.ts's). */
async function imageDialogs(page: Page, panel: Locator) {
  for (const field of await panel.getByTestId("image-field").all()) {
    await field.getByRole("button", { name: "Odaberi iz medijske biblioteke" }).click();
    await browseMediaLibrary(page);
  }
}

/** Opens a section's panel from its outline, then every dialog the panel has; closes it unsaved. */
async function sectionPanel(page: Page, outline: Locator) {
  const button = outline.getByRole("button");
  const type = (await button.textContent())!.replace(/^Uredi: /, "");
  await button.click();
  const panel = page.getByTestId("component-panel");
  await expect(panel.getByRole("heading", { name: `Postavke: ${type}` })).toBeVisible();
  await linkDialogs(page, panel);
  await sourceDialogs(page, panel);
  await imageDialogs(page, panel);
  for (const richText of await panel.getByTestId("rich-text").all()) await typeRichText(page, richText, " Provjera.");
  await panel.getByRole("button", { name: "Zatvori" }).click();
  // Closing a section's panel leads back to the section manager.
  const manager = page.getByTestId("section-manager");
  await expect(manager).toBeVisible();
  await manager.getByRole("button", { name: "Zatvori" }).click();
  await expect(page.getByTestId("edit-panel")).toBeHidden();
  return type;
}

/** "Naslov i opis" (or a post's outline): the page's title, description and body in the rich-text editor. */
async function pageTexts(page: Page, open: Locator) {
  await open.click();
  const texts = page.getByTestId("page-texts");
  await expect(texts.getByLabel("Naslov", { exact: true })).not.toHaveValue("");
  await typeRichText(page, texts.getByTestId("rich-text"), " Provjera uređivača.");
  await texts.getByRole("button", { name: "Zatvori" }).click();
  await expect(page.getByTestId("edit-panel")).toBeHidden();
}

test.describe("the in-page editor's panels and dialogs on the production build", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every section of the seeded pages opens its panel and the panel's dialogs; page texts take typing", async ({ page }) => {
    const watcher = watchPageErrors(page);
    for (const seeded of SEEDED) {
      const toolbar = await openEditor(page, seeded.path);
      const outlines = page.locator('[data-edit-target^="section-"]');
      await expect(outlines).toHaveCount(seeded.sections.length);
      const opened: string[] = [];
      for (const outline of await outlines.all()) opened.push(await sectionPanel(page, outline));
      expect(opened, seeded.path).toEqual(seeded.sections);
      await pageTexts(page, toolbar.getByRole("button", { name: "Naslov i opis" }));
      // Nothing was saved: the page has no draft of this test's.
      await expect(toolbar).toHaveAttribute("data-revision", "0");
    }

    // A blog post: its outline opens its texts.
    await openEditor(page, POST);
    await pageTexts(page, page.locator('[data-edit-target="post"]').getByRole("button", { name: "Uredi objavu" }));

    expect(watcher.errors).toEqual([]);
  });

  test.describe(() => {
    // The test discards its draft at the end; when it failed on the way (even by a timeout) this hook does.
    test.afterEach(async ({ page }, info) => {
      if (info.status !== info.expectedStatus) await discardDraft(page, DRAFTED);
    });

    test("the toolbar's section manager, history, phone preview, new page and discard; a text section written with the rich-text tools", async ({
      page,
    }) => {
      const watcher = watchPageErrors(page);
      const toolbar = await openEditor(page, DRAFTED);
      const status = page.getByTestId("edit-status");

      // The section manager: a text section added at the end, then written in its panel.
      await toolbar.getByRole("button", { name: "Sekcije" }).click();
      const manager = page.getByTestId("section-manager");
      await expect(manager.getByTestId("section-item")).toHaveCount(3);
      await manager.getByLabel("Vrsta nove sekcije").selectOption("text");
      await manager.getByRole("button", { name: "Dodaj sekciju" }).click();
      await expect(status).toHaveText("Skica je spremljena.");
      await expect(manager.getByTestId("section-item")).toHaveCount(4);
      await manager.getByTestId("section-item").last().getByRole("button", { name: "Uredi" }).click();
      const panel = page.getByTestId("component-panel");
      await expect(panel.getByRole("heading", { name: "Postavke: Tekst" })).toBeVisible();

      // Every tool of the rich-text editor: a subheading, bold and italic words, both lists, a link.
      const richText = panel.getByTestId("rich-text");
      const tools = richText.getByRole("toolbar");
      const box = richText.getByRole("textbox", { name: "Sadržaj" });
      await box.click();
      await tools.getByRole("button", { name: "Podnaslov" }).click();
      await page.keyboard.type("Krov za generacije");
      await page.keyboard.press("Enter");
      await tools.getByRole("button", { name: "Podebljano" }).click();
      await page.keyboard.type("Aluminij");
      await tools.getByRole("button", { name: "Podebljano" }).click();
      await tools.getByRole("button", { name: "Kurziv" }).click();
      await page.keyboard.type(" ne hrđa");
      await tools.getByRole("button", { name: "Kurziv" }).click();
      await page.keyboard.press("Enter");
      await tools.getByRole("button", { name: "Popis", exact: true }).click();
      await page.keyboard.type("Lagan");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Trajan");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await tools.getByRole("button", { name: "Numerirani popis" }).click();
      await page.keyboard.type("Izmjera");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Pišite nam");
      await page.keyboard.press("Shift+Home");
      // The link tool asks for the address in the browser's own prompt.
      page.once("dialog", (dialog) => void dialog.accept("/kontakt"));
      await tools.getByRole("button", { name: "Poveznica" }).click();
      await expect(box.getByRole("link", { name: "Pišite nam" })).toBeVisible();
      await expect(box.getByRole("heading", { level: 2, name: "Krov za generacije" })).toBeVisible();
      await expect(box.locator("strong")).toHaveText("Aluminij");
      await expect(box.locator("em")).toContainText("ne hrđa");
      await expect(box.locator("ul > li")).toHaveCount(2);
      await expect(box.locator("ol > li")).toHaveCount(1);
      await panel.getByRole("button", { name: "Spremi skicu" }).click();
      await expect(status).toHaveText("Skica je spremljena.");
      // The draft shows on the page as the shoppers' renderer draws it.
      const section = page.locator('[data-testid="page-components"] [data-component="text"]');
      await expect(section.getByRole("heading", { level: 2, name: "Krov za generacije" })).toBeVisible();
      await expect(section.getByRole("link", { name: "Pišite nam" })).toHaveAttribute("href", "/kontakt");
      await expect(toolbar).toContainText("Skica");

      // The new section's outline opens the same panel with what was saved.
      await page.locator('[data-edit-target="section-3"]').getByRole("button", { name: "Uredi: Tekst" }).click();
      await expect(panel.getByTestId("rich-text").getByRole("heading", { name: "Krov za generacije" })).toBeVisible();
      await panel.getByRole("button", { name: "Zatvori" }).click();

      // "Save as master component" asks for a name; "add master component" lists them. Neither is saved here.
      await expect(manager).toBeVisible();
      await manager.getByTestId("section-item").first().getByRole("button", { name: "Spremi kao glavnu komponentu" }).click();
      const masterName = page.getByRole("dialog", { name: "Spremi kao glavnu komponentu" });
      await masterName.getByLabel("Naziv glavne komponente").fill("Certifikati (provjera)");
      await closeDialog(masterName);
      await manager.getByRole("button", { name: "Dodaj glavnu komponentu" }).click();
      await closeDialog(page.getByTestId("choose-master-dialog"));

      // Removing a section asks first; refused, then confirmed for the new text section.
      const items = manager.getByTestId("section-item");
      await items.last().getByRole("button", { name: "Ukloni" }).click();
      const confirm = page.getByTestId("confirm-dialog");
      await expect(confirm).toContainText("Ukloniti sekciju „Tekst”?");
      await confirm.getByRole("button", { name: "Odustani" }).click();
      await expect(confirm).toBeHidden();
      await expect(items).toHaveCount(4);
      await items.last().getByRole("button", { name: "Ukloni" }).click();
      await confirm.getByRole("button", { name: "Potvrdi" }).click();
      await expect(items).toHaveCount(3);
      await expect(section).toHaveCount(0);
      await manager.getByRole("button", { name: "Zatvori" }).click();

      // History: the versions, and a restore that asks first (refused here).
      await toolbar.getByRole("button", { name: "Povijest" }).click();
      const history = page.getByTestId("history-dialog");
      // The versions once loaded (a page never published in the backoffice has none yet).
      await expect(history.getByTestId("history-version").or(history.getByText("Još nema spremljenih verzija.")).first()).toBeVisible();
      const restore = history.getByRole("button", { name: "Vrati" });
      if ((await restore.count()) > 0) {
        await restore.first().click();
        await expect(confirm).toContainText("Vratiti verziju");
        await confirm.getByRole("button", { name: "Odustani" }).click();
        await expect(confirm).toBeHidden();
      }
      await closeDialog(history);

      // The phone preview: the page with its draft in a frame, without the editor.
      await toolbar.getByRole("button", { name: "Mobilni prikaz" }).click();
      const preview = page.getByTestId("mobile-preview-dialog");
      const frame = page.frameLocator('[data-testid="mobile-preview"]');
      await expect(frame.locator('[data-component="certificates"]')).toBeVisible();
      await expect(frame.getByTestId("edit-toolbar")).toHaveCount(0);
      await closeDialog(preview);

      // A new page: the dialog takes a title and offers the templates; not created here.
      await toolbar.getByRole("button", { name: "Nova stranica" }).click();
      const newPage = page.getByTestId("new-page-dialog");
      await newPage.getByLabel("Naslov").fill("Provjera uređivača");
      await expect(newPage.getByLabel("Predložak").locator("option")).not.toHaveCount(0);
      await closeDialog(newPage);

      // Discard asks first, then drops the draft.
      await toolbar.getByRole("button", { name: "Odbaci skicu" }).click();
      await expect(confirm).toContainText("Odbaciti sve neobjavljene izmjene ove stranice?");
      await confirm.getByRole("button", { name: "Potvrdi" }).click();
      await expect(status).toHaveText("Skica je odbačena.");
      await expect(toolbar).toHaveAttribute("data-revision", "0");
      expect(watcher.errors).toEqual([]);
    });
  });
});
