import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A product's images, more than one post may carry (the browser tests' backoffice body limit
 * is 4 MB): with JavaScript the product editor's image chooser sends each chosen file to the
 * media library in its own request, as the library does (decision 0112), with its progress
 * and its own message (a refused one says why); the stored ones are chosen and join the
 * product when it is saved. Without JavaScript the plain multipart form stays
 * (admin-product-editor.spec.ts uploads an image that way).
 */
const LIMIT_MB = 4;
// Noise does not compress: each picture is about 1.1 MB, five of them over the limit.
const noise = () =>
  sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function deleteProduct(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
  const form = page.getByTestId("delete-form");
  await form.getByLabel("Da, trajno obriši ovaj proizvod").check();
  await form.getByRole("button", { name: "Obriši" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
}

async function deleteUploads(page: Page, js: boolean, name: string) {
  await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
  await ready(page, js);
  if ((await page.getByTestId("media-row").count()) === 0) return;
  for (const box of await page.getByRole("checkbox", { name: `Označi ${name}`, exact: false }).all()) await box.check();
  await page.getByRole("button", { name: "Obriši nekorištene" }).click();
  await expect(page.getByTestId("media-row")).toHaveCount(0);
}

test("a product's images go one per request with JavaScript, each with its message, and join the product on save", async ({
  page,
  js,
}, info) => {
  test.skip(!js, "without JavaScript the images go with the form's post (admin-product-editor.spec.ts)");
  test.setTimeout(150_000);
  const name = `slike-proizvoda-${info.project.name}-${Date.now()}`;
  const files = await Promise.all(
    Array.from({ length: 5 }, async (_, i) => ({ name: `${name}-${i + 1}.png`, mimeType: "image/png", buffer: await noise() })),
  );
  expect(files.reduce((sum, file) => sum + file.buffer.length, 0)).toBeGreaterThan(LIMIT_MB * 1024 * 1024);

  await loginAsAdmin(page, "/admin/products/new");
  await ready(page, js);
  const made = page.getByTestId("new-product-form");
  await made.getByLabel("Naziv").fill(name);
  await made.getByLabel("Šifra (SKU)").fill(name.toUpperCase());
  await made.getByRole("button", { name: "Stvori proizvod" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productUrl = new URL(page.url()).pathname;
  try {
    await ready(page, js);
    const chooser = page.getByTestId("media-chooser-images");
    await chooser
      .getByTestId("media-chooser-images-upload")
      .setInputFiles([...files, { name: `${name}-tekst.png`, mimeType: "image/png", buffer: Buffer.from("nije slika") }]);
    const queue = chooser.getByTestId("media-upload-file");
    await expect(queue).toHaveCount(6);
    await expect(chooser.getByTestId("media-upload-summary")).toHaveText("Preneseno: 5 od 6.", { timeout: 60_000 });
    for (const i of [0, 1, 2, 3, 4]) {
      await expect(queue.nth(i)).toHaveAttribute("data-state", "done");
      await expect(queue.nth(i).getByTestId("media-upload-file-status")).toHaveText("Preneseno");
    }
    // The refused one says why, in the editor's language.
    await expect(queue.nth(5)).toHaveAttribute("data-state", "failed");
    await expect(queue.nth(5).getByTestId("media-upload-file-status")).toContainText(`${name}-tekst.png`);
    await expect(chooser.getByTestId("media-chooser-images-uploaded")).toHaveText(
      "Prenesene slike (5) su u medijskoj biblioteci i odabrane: spremite obrazac da ih dodate.",
    );
    const chosen = chooser.getByRole("list", { name: "Odabrane slike" }).getByRole("img");
    await expect(chosen).toHaveCount(5);

    // Saving the product (a post without files, far below the limit) adds them.
    await page.getByTestId("product-form").getByRole("button", { name: "Spremi proizvod" }).click();
    await expect(page.getByText("Proizvod je spremljen.", { exact: true }).first()).toBeAttached();
    await page.reload();
    await expect(chosen).toHaveCount(5);
    await expect(chooser.getByTestId("media-upload-file")).toHaveCount(0);
  } finally {
    await deleteProduct(page, js, productUrl);
    await deleteUploads(page, js, name);
  }
});
