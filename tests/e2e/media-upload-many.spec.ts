import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * More files than one post may carry (the browser tests' backoffice body limit is 4 MB,
 * production's 64 MB: tests/unit/upload-limits.test.ts). With JavaScript each file goes in
 * its own request, with its progress and its own message (a refused one says why); without
 * it the post over the limit gets a page that says so and leads back, and nothing is stored.
 */
const LIMIT_MB = 4;
// Noise does not compress: each picture is about 1.1 MB, five of them over the limit.
const noise = () =>
  sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function pictures(name: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({ name: `${name}-${i + 1}.png`, mimeType: "image/png", buffer: await noise() })),
  );
}

async function deleteUploads(page: Page, js: boolean, name: string) {
  await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
  await ready(page, js);
  if ((await page.getByTestId("media-row").count()) === 0) return;
  for (const box of await page.getByRole("checkbox", { name: `Označi ${name}`, exact: false }).all()) await box.check();
  await page.getByRole("button", { name: "Obriši nekorištene" }).click();
  await expect(page.getByTestId("media-row")).toHaveCount(0);
}

test("uploads more files than one post may carry, one per request with JavaScript", async ({ page, js }, info) => {
  test.skip(!js, "the no-JavaScript form sends everything in one post: see the next test");
  test.setTimeout(120_000);
  const name = `mnogo-${info.project.name}-${Date.now()}`;
  const files = await pictures(name, 5);
  expect(files.reduce((sum, file) => sum + file.buffer.length, 0)).toBeGreaterThan(LIMIT_MB * 1024 * 1024);
  await loginAsAdmin(page, "/admin/media");
  await ready(page, js);
  try {
    const form = page.getByTestId("media-upload");
    await form
      .getByLabel("Datoteke (najviše 20 odjednom)")
      .setInputFiles([...files, { name: `${name}-tekst.png`, mimeType: "image/png", buffer: Buffer.from("nije slika") }]);
    await form.getByRole("button", { name: "Prenesi" }).click();
    const queue = page.getByTestId("media-upload-file");
    await expect(queue).toHaveCount(6);
    await expect(page.getByTestId("media-upload-summary")).toHaveText("Preneseno: 5 od 6.", { timeout: 60_000 });
    for (const i of [0, 1, 2, 3, 4]) {
      await expect(queue.nth(i)).toHaveAttribute("data-state", "done");
      await expect(queue.nth(i).getByTestId("media-upload-file-status")).toHaveText("Preneseno");
    }
    // The refused one says why, in the editor's language.
    await expect(queue.nth(5)).toHaveAttribute("data-state", "failed");
    await expect(queue.nth(5).getByTestId("media-upload-file-status")).toContainText(`${name}-tekst.png`);
    await expect(page.getByText("Preneseno je 5 datoteka.", { exact: true }).first()).toBeAttached();
    // The list shows them without a reload.
    await expect(page.getByTestId("media-card").filter({ hasText: name })).toHaveCount(5);
  } finally {
    await deleteUploads(page, js, name);
  }
});

test("a post over the limit without JavaScript gets a page that says so and leads back", async ({ page, js }, info) => {
  test.skip(js, "with JavaScript the files go one per request: see the test above");
  test.setTimeout(120_000);
  const name = `mnogo-${info.project.name}-${Date.now()}`;
  await loginAsAdmin(page, "/admin/media");
  const form = page.getByTestId("media-upload");
  await form.getByLabel("Datoteke (najviše 20 odjednom)").setInputFiles(await pictures(name, 5));
  await form.getByRole("button", { name: "Prenesi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Poslani podaci su preveliki.");
  await expect(page.getByText(`Odjednom se može poslati najviše ${LIMIT_MB} MB.`, { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Natrag na obrazac" }).click();
  await expect(page.getByTestId("admin-media")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/media/);
  // Nothing of the refused post was stored.
  await page.goto(`/admin/media?view=list&q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("media-row")).toHaveCount(0);
});
