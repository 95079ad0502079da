import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The navigation editor's sub-links, in the browser, JavaScript on and off: an editor puts a
 * link to a part of the shop (search) under "O nama" in the main navigation; a shopper opens
 * that link's dropdown in the header on a wide screen (a <details>, so it opens without
 * JavaScript too) and follows the sub-link to the search page in their language, and sees it
 * indented under "O nama" in the mobile menu. What is made here is removed again.
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function contextPage(browser: Browser, js: boolean, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: { width, height: 900 } });
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  return context.newPage();
}

test("an editor puts a shop link under a main-menu link; shoppers open the dropdown and follow it", async ({ browser, js }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const label = `Tražilica ${info.project.name}`;
  const admin = await contextPage(browser, js, baseURL, 1280);
  await loginAsAdmin(admin, "/admin/navigations");
  try {
    await ready(admin, js);
    const add = admin.getByTestId("navigation-add");
    await add.getByLabel("Pod poveznicom").selectOption({ label: "O nama" });
    await add.getByLabel("Vrsta poveznice").selectOption("route");
    await add.getByLabel("Dio trgovine", { exact: true }).selectOption("search");
    await add.getByLabel("Naziv (Hrvatski)").fill(label);
    await add.getByLabel("Naziv (Engleski)").fill(`Finder ${info.project.name}`);
    await add.getByRole("button", { name: "Dodaj poveznicu" }).click();
    await toast(admin, "Poveznica je dodana.");
    const item = admin.locator(`[data-testid="navigation-item"][data-label="${label}"]`);
    await expect(item).toHaveAttribute("data-depth", "1");
    await expect(item).toContainText("Dio trgovine: Pretraga");

    // A wide screen: the sub-link sits in "O nama"'s dropdown, closed until opened.
    const shopper = await contextPage(browser, js, baseURL, 1280);
    await shopper.goto("/");
    await ready(shopper, js);
    const header = shopper.getByTestId("site-header").getByRole("navigation", { name: "Glavna navigacija" });
    // Found while closed too (includeHidden), so that "hidden" says closed, not missing.
    const sub = header.getByRole("link", { name: label, includeHidden: true });
    await expect(sub).toBeHidden();
    await header.getByLabel("Podizbornik: O nama").click();
    await expect(sub).toBeVisible();
    await expect(sub).toHaveAttribute("href", "/pretraga");
    await sub.click();
    await expect(shopper).toHaveURL(/\/pretraga$/);

    // In English the same link leads to the English search page.
    await shopper.goto("/en");
    await ready(shopper, js);
    const english = shopper.getByTestId("site-header").getByRole("navigation", { name: "Main navigation" });
    await expect(english.getByRole("link", { name: `Finder ${info.project.name}`, includeHidden: true })).toHaveAttribute(
      "href",
      "/en/search",
    );
    await shopper.context().close();

    // A phone: the mobile menu shows the sub-link under its link.
    const phone = await contextPage(browser, js, baseURL, 390);
    await phone.goto("/");
    await ready(phone, js);
    const menu = phone.getByTestId("mobile-menu");
    await menu.locator("summary").first().click();
    await expect(menu.getByRole("link", { name: label })).toBeVisible();
    await phone.context().close();
  } finally {
    await admin.goto("/admin/navigations?nav=main");
    await ready(admin, js);
    const remove = admin.getByRole("button", { name: `Ukloni „${label}“` });
    if ((await remove.count()) > 0) {
      await remove.click();
      await toast(admin, "Poveznica je uklonjena.");
    }
    await admin.context().close();
  }
});
