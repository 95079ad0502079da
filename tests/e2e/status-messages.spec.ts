import type { Page } from "@playwright/test";
import { registerCustomer } from "./customer";
import { expect, ready, test } from "./fixtures";

/**
 * Without JavaScript a confirmation is the server-rendered status line (the flash toast):
 * it stays on the page instead of fading after a few seconds, since without scripts
 * nothing would show it again. Its fade runs only where scripts run (sonner takes over).
 * Both projects share one database, so addresses carry the project's name.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

/** The flash toast shows `text` and has no animation that could take it away. */
async function expectStaticStatus(page: Page, text: string | RegExp) {
  const status = page.getByRole("status").and(page.locator("[data-toast]"));
  await expect(status).toHaveText(text);
  await expect(status).toBeVisible();
  expect(await status.evaluate((el) => ({ animation: getComputedStyle(el).animationName, running: el.getAnimations().length }))).toEqual({
    animation: "none",
    running: 0,
  });
}

test.describe("confirmations without JavaScript stay", () => {
  test.beforeEach(({ js }) => {
    test.skip(js, "with JavaScript sonner shows the confirmation");
  });

  test("registration", async ({ page, js }) => {
    await registerCustomer(page, js, "status-register");
    await expectStaticStatus(page, /\S/);
  });

  test("price enquiry", async ({ page, js }, info) => {
    await page.goto("/upit-o-cijeni/krovni-sendvic-panel-40-mm-pir");
    await ready(page, js);
    const box = page.getByTestId("price-enquiry-page");
    await box.getByLabel(/^Ime/).fill("Ana");
    await box.getByLabel(/^E-mail adresa/).fill(`status-upit-${info.project.name}@example.com`);
    await box.getByLabel(/^Poruka/).fill("Molim ponudu.");
    await box.getByRole("checkbox").check();
    await box.getByRole("button", { name: "Pošalji upit" }).click();
    await expect(page).toHaveURL(/\/product\/krovni-sendvic-panel-40-mm-pir$/);
    await expectStaticStatus(page, "Hvala! Vaš upit je poslan, javit ćemo vam se uskoro.");
  });

  test("newsletter", async ({ page, js }, info) => {
    await page.goto("/");
    await ready(page, js);
    const block = page.getByTestId("newsletter");
    await block.getByLabel("E-mail adresa").fill(`status-news-${Date.now()}-${info.project.name}@example.com`);
    for (const box of await block.getByRole("checkbox").all()) await box.check();
    await block.getByRole("button", { name: "Prijavi se" }).click();
    await expectStaticStatus(page, "Hvala! Prijavljeni ste na newsletter.");
  });
});
