import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The media library (decision 0052), JavaScript on and off. With JavaScript a picture is
 * dropped on the upload form; without it, chosen in the file input. Then its texts are
 * edited per language, the file is replaced keeping its URL, and it is deleted (unused).
 * A seeded product picture shows its usage and refuses to be deleted. The spec gives back
 * everything it changes: its own files are deleted at the end.
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();
const png = (colour: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function dropFile(page: Page, name: string, bytes: Buffer, zoneTestId = "media-upload") {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "image/png" }));
      return transfer;
    },
    { name, base64: bytes.toString("base64") },
  );
  const zone = page.getByTestId(zoneTestId);
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

test("upload, edit per language, replace keeping the URL and delete a file of the media library", async ({ page, js }, info) => {
  test.setTimeout(120_000);
  const name = `e2e-${info.project.name}-${Date.now()}`;
  await loginAsAdmin(page, "/admin/media");
  await ready(page, js);
  await expect(page.getByTestId("admin-media")).toBeVisible();

  if (js) {
    await dropFile(page, `${name}.png`, await png("#3366aa"));
  } else {
    const form = page.getByTestId("media-upload");
    await form
      .getByLabel("Datoteke (najviše 20 odjednom)")
      .setInputFiles({ name: `${name}.png`, mimeType: "image/png", buffer: await png("#3366aa") });
    await form.getByRole("button", { name: "Prenesi" }).click();
  }
  await toast(page, "Prenesena je 1 datoteka.");
  await ready(page, js);

  try {
    const card = page.getByTestId("media-card").filter({ hasText: `${name}.png` });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/admin\/media\/\d+$/);
    await ready(page, js);
    await expect(page.getByTestId("media-usage")).toContainText("Ne koristi se nigdje.");
    const firstUrl = await page.getByTestId("media-url").textContent();

    const edit = page.getByTestId("media-edit");
    const hr = edit.locator('[data-language="hr"]');
    await hr.getByLabel("Naslov").fill(`${name} naslov`);
    await hr.getByLabel("Alternativni tekst").fill("Plavi krov");
    if (js) await edit.getByRole("tab", { name: "Engleski" }).click();
    await edit.locator('[data-language="en"]').getByLabel("Alternativni tekst").fill("Blue roof");
    await edit.getByRole("button", { name: "Spremi" }).click();
    await toast(page, "Datoteka je spremljena.");
    await expect(page.getByRole("heading", { name: `${name} naslov` })).toBeVisible();
    await ready(page, js);
    // The title's slug in the URL is cosmetic: the address of before the edit still answers.
    expect((await page.request.get(firstUrl!)).status()).toBe(200);
    const url = await page.getByTestId("media-url").textContent();

    const replace = page.getByTestId("media-replace");
    await replace
      .getByLabel("Nova datoteka")
      .setInputFiles({ name: `${name}-novi.png`, mimeType: "image/png", buffer: await png("#cc3322") });
    await replace.getByRole("button", { name: "Zamijeni" }).click();
    await toast(page, "Datoteka je zamijenjena; adresa je ostala ista.");
    await expect(page.getByTestId("media-version")).toHaveText("2");
    await expect(page.getByTestId("media-original-name")).toHaveText(`${name}-novi.png`);
    await expect(page.getByTestId("media-url")).toHaveText(url!);
    // The old address serves the new file.
    const served = await page.request.get(url!);
    expect(served.status()).toBe(200);
    await ready(page, js);
  } finally {
    // Give the library back: delete what this run uploaded.
    if (!/\/admin\/media\/\d+$/.test(page.url())) {
      await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
      await page.getByTestId("media-row").first().getByRole("link").click();
    }
    await ready(page, js);
    await page.getByTestId("media-delete").getByRole("button", { name: "Obriši datoteku" }).click();
    await toast(page, "Datoteka je obrisana.");
  }
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(page.getByTestId("media-card").filter({ hasText: name })).toHaveCount(0);
});

test("a used picture shows where it is used and is not deleted", async ({ page, js }) => {
  await loginAsAdmin(page, "/admin/media");
  await page.goto("/admin/media?view=list&q=sendvi%C4%8D");
  await ready(page, js);
  const row = page.getByTestId("media-row").first();
  await expect(row.getByTestId("media-used")).toContainText("proizvod");
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/media\/\d+$/);
  await ready(page, js);
  await expect(page.getByTestId("media-usage")).toContainText("Koristi se na: 1 proizvod");
  // The product is named, and its name opens it.
  const product = page.getByTestId("media-usage-places").getByRole("link");
  await expect(product).toHaveCount(1);
  await expect(product).toHaveAttribute("href", /^\/admin\/products\/\d+$/);
  await expect(product).toContainText(/\S/);
  await page.getByTestId("media-delete").getByRole("button", { name: "Obriši datoteku" }).click();
  await expect(page.getByTestId("media-delete-error")).toContainText("Datoteka se koristi (1 proizvod");
  await page.goto(page.url());
  await expect(page.getByTestId("media-usage")).toContainText("Koristi se na: 1 proizvod");
});

test("the editor's media dialog: drop a picture, edit its title, pick it", async ({ page, js }, info) => {
  test.skip(!js, "the dialog is the JavaScript enhancement; /admin/media is the way without it");
  const name = `dialog-${info.project.name}-${Date.now()}`;
  await loginAsAdmin(page, "/admin/media");
  await ready(page, js);
  await page.getByRole("button", { name: "Odaberi iz biblioteke (adresa slike)" }).click();
  const dialog = page.getByTestId("media-library-dialog");
  await expect(dialog).toBeVisible();
  try {
    await dropFile(page, `${name}.png`, await png("#22aa55"), "media-dialog-upload");
    const item = dialog.getByTestId("media-dialog-item").filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole("button", { pressed: true })).toBeVisible();
    await item.getByRole("button", { name: "Uredi" }).click();
    const edit = page.getByTestId("media-edit-dialog");
    await edit.locator('fieldset[lang="hr"]').getByLabel("Naslov").fill(`${name} zeleni`);
    await edit.getByRole("button", { name: "Spremi" }).click();
    await expect(edit).toBeHidden();
    await dialog.getByRole("button", { name: "Odaberi (1)" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("media-picked")).toContainText(`${name} zeleni`);
    await expect(page.getByTestId("media-picked")).toContainText("/media/1/");
  } finally {
    await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
    await ready(page, js);
    await page.getByTestId("media-row").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/media\/\d+$/);
    await ready(page, js);
    await page.getByTestId("media-delete").getByRole("button", { name: "Obriši datoteku" }).click();
    await toast(page, "Datoteka je obrisana.");
  }
});
