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

  test("the footer's 'Postavke kolačića' reopens the settings with today's choice, and a new answer replaces it", async ({
    page,
    context,
    js,
  }) => {
    await page.goto("/kosarica");
    await context.addCookies([{ name: "acceptedCookies", value: encodeURIComponent("necessary,analytics"), url: page.url() }]);
    await page.goto("/kosarica");
    await ready(page, js);
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    await page.getByTestId("cookie-settings-link").click();
    await expect(page).toHaveURL(/\/kosarica\?cookies=settings$/);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByLabel("Analitički")).toBeChecked();
    await expect(banner.getByLabel("Marketinški")).not.toBeChecked();
    await banner.getByLabel("Analitički").uncheck();
    await banner.getByLabel("Marketinški").check();
    await banner.getByRole("button", { name: "Prihvati odabrane" }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "acceptedCookies")?.value ?? ""))
      .toBe("necessary,marketing");
    // Without JavaScript the answer returns to the page without the query.
    if (!js) await expect(page).toHaveURL(/\/kosarica$/);
  });
});
