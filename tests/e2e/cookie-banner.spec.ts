import { expect, ready, test } from "./fixtures";

test.describe("cookie banner", () => {
  test("accepting all stores every category and hides the banner", async ({ page, context, js }) => {
    await page.goto("/kosarica");
    await ready(page, js);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Prihvati sve" }).click();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(/\/kosarica$/);
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,marketing,analytics");
    await page.reload();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
  });

  test("accepting a selection keeps necessary and the chosen category only", async ({ page, context, js }) => {
    await page.goto("/");
    await ready(page, js);
    const banner = page.getByTestId("cookie-banner");
    await banner.getByLabel("Analitički").check();
    await banner.getByRole("button", { name: "Prihvati odabrane" }).click();
    await expect(banner).toBeHidden();
    // With JavaScript the banner hides at once; the cookie arrives with the answer.
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,analytics");
  });
});
