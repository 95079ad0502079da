import sharp from "sharp";
import { driveIdFor } from "../../app/.server/db/seed/catalog/media.server";
import { mediaUrl } from "../../app/lib/media";
import { expect, test } from "./fixtures";

// A seeded product image (its drive id is derived from the sku, see the catalogue seed).
const image = { driveId: driveIdFor("product/AK-OLK-PK125-7016"), title: "Polukružni oluk 125 mm RAL 7016 (3 m)" };

test.describe("media URLs", () => {
  test("the browser gets a product image as a year-long cached WebP in its size", async ({ page }) => {
    const response = await page.goto(mediaUrl(image, "large"));
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers["content-type"]).toBe("image/webp");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Chromium shows an image URL as a document holding the decoded image.
    await expect(page.locator("img")).toBeVisible();
    const meta = await sharp(await response!.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 600]);
  });

  test("revalidation answers 304 and unknown sizes 404", async ({ request }) => {
    const url = mediaUrl(image, "thumbnail");
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    const again = await request.get(url, { headers: { "If-None-Match": first.headers()["etag"] } });
    expect(again.status()).toBe(304);
    expect((await request.get(url.replace("/thumbnail/", "/huge/"))).status()).toBe(404);
  });
});
