import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The newsletter block of the home page (spec §2 Home, §4 Other): without JavaScript it
 * posts and comes back with a toast; with it the answer shows inline and the form,
 * accepted consents included, is cleared. Both projects share one database, so every
 * address carries the project's name.
 */
async function fill(page: Page, email: string) {
  const block = page.getByTestId("newsletter");
  await block.getByLabel("E-mail adresa").fill(email);
  for (const box of await block.getByRole("checkbox").all()) await box.check();
  return block;
}

/** Fills and sends the form from the home page; the answer is inline with JS, a flash toast without. */
async function submit(page: Page, js: boolean, email: string, expected: string) {
  await page.goto("/");
  await ready(page, js);
  const block = await fill(page, email);
  await block.getByRole("button", { name: "Prijavi se" }).click();
  if (js) await expect(block.getByTestId("newsletter-message")).toHaveText(expected);
  // The server-rendered toast fades after 3 s, so its text is checked, not its visibility.
  else await expect(page.getByRole("status").and(page.locator("[data-toast]"))).toHaveText(expected);
  return page.getByTestId("newsletter");
}

test.describe("newsletter", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("subscribes and says thank you", async ({ page, js }, info) => {
    const block = await submit(page, js, `novi-${info.project.name}@example.com`, "Hvala! Prijavljeni ste na newsletter.");
    if (js) {
      // Spec §4: the form, its accepted consents included, is cleared after the sign-up.
      await expect(block.getByLabel("E-mail adresa")).toHaveValue("");
      for (const box of await block.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
    } else {
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("says when an address is already subscribed", async ({ page, js }, info) => {
    const email = `dvaput-${info.project.name}@example.com`;
    await submit(page, js, email, "Hvala! Prijavljeni ste na newsletter.");
    const block = await submit(page, js, email, "Ova e-mail adresa već je prijavljena na newsletter.");
    if (js) for (const box of await block.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  });

  test("the browser refuses an invalid address or a missing consent before posting", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const block = page.getByTestId("newsletter");
    await block.getByLabel("E-mail adresa").fill("nije-adresa");
    await block.getByRole("button", { name: "Prijavi se" }).click();
    await expect(block.getByLabel("E-mail adresa")).toHaveJSProperty("validity.typeMismatch", true);
    await block.getByLabel("E-mail adresa").fill("valjana@example.com");
    await block.getByRole("button", { name: "Prijavi se" }).click();
    await expect(block.getByRole("checkbox").first()).toHaveJSProperty("validity.valueMissing", true);
    await expect(page).toHaveURL(/\/$/);
  });
});
