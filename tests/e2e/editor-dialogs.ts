import { expect, type Locator, type Page } from "@playwright/test";

/** Steps shared by the specs that open the in-page editor's and the backoffice's dialogs. */

/** Closes a dialog with its own close button (×, named "Zatvori") and waits until it is gone. */
export async function closeDialog(dialog: Locator) {
  await dialog.getByRole("button", { name: "Zatvori", exact: true }).first().click();
  await expect(dialog).toBeHidden();
}

/**
 * The media library dialog (in-page editor and /admin/media): its files load, a file's
 * "edit media" sub-dialog opens with the texts of every language and takes typing; both
 * close again without saving anything.
 */
export async function browseMediaLibrary(page: Page) {
  const library = page.getByTestId("media-library-dialog");
  await expect(library).toBeVisible();
  const item = library.getByTestId("media-dialog-item").first();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Uredi" }).click();
  const edit = page.getByTestId("media-edit-dialog");
  await expect(edit.locator('fieldset[lang="de"]')).toBeVisible();
  await edit.locator('fieldset[lang="en"]').getByLabel("Alternativni tekst").fill("Roof panel");
  await closeDialog(edit);
  await expect(library).toBeVisible();
  await closeDialog(library);
}

/**
 * Types into the in-page editor's rich-text field (TipTap) at the end of what it holds and
 * waits until the text shows in it: the editor's code loaded, started and took the keys.
 */
export async function typeRichText(page: Page, richText: Locator, text: string) {
  const box = richText.getByRole("textbox");
  await expect(box).toBeVisible();
  await box.click();
  await page.keyboard.press("ControlOrMeta+End");
  // As an input method commits text: one input event, where typing key by key costs a second or two.
  await page.keyboard.insertText(text);
  await expect(box).toContainText(text);
}
