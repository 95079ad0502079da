import type { Browser } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The master's screen (/admin/masters/:id, decision 0133) with JavaScript on and off: the page
 * a section was saved from holds a copy, listed on the screen and linked to the master with
 * one button; a draft ("Spremi skicu") leaves the shopper's page as it was, "Objavi" changes
 * it at once, and the history restores the first version. The page's own history then puts
 * its copy back, so the seeded page is as it was for the next run.
 */
const SOURCE = "/o-nama";

async function signedIn(browser: Browser, baseURL: string, js: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

test("a master's draft, publish, history and the page holding its copy, on the master's screen", async ({ browser, js, baseURL }) => {
  test.setTimeout(120_000);
  const name = `Certifikati zaslon ${js ? "js" : "bez-js"} ${Date.now()}`;
  const drafted = `Skica certifikata ${Date.now()}`;

  // Saved as a master from "O nama" in the in-page editor (JavaScript only): the page keeps a copy.
  const editor = await signedIn(browser, baseURL!, true);
  await editor.goto(`${SOURCE}?editPage=true`);
  await ready(editor, true);
  await editor.getByTestId("edit-toolbar").getByRole("button", { name: "Sekcije" }).click();
  const manager = editor.getByTestId("section-manager");
  await manager.getByTestId("section-item").first().getByRole("button", { name: "Spremi kao glavnu komponentu" }).click();
  const naming = editor.getByRole("dialog", { name: "Spremi kao glavnu komponentu" });
  await naming.getByLabel("Naziv glavne komponente").fill(name);
  await naming.getByRole("button", { name: "Spremi kao glavnu komponentu" }).click();
  await expect(editor.getByTestId("edit-status")).toHaveText("Sekcija je spremljena kao glavna komponenta.");
  await editor.context().close();

  const page = await signedIn(browser, baseURL!, js);
  await page.goto("/admin/masters");
  await page.getByTestId("masters-list").getByRole("link", { name }).click();
  await ready(page, js);
  const original = await page.getByTestId("master-form").getByLabel("Naslov", { exact: true }).inputValue();

  // The copy on "O nama", linked to the master.
  const copy = page.getByTestId("master-copy").filter({ hasText: "O nama" });
  await expect(copy).toHaveCount(1);
  const pageAdmin = await copy.getByRole("link").getAttribute("href");
  await copy.getByRole("button", { name: "Poveži s glavnom komponentom" }).click();
  await expect(page.getByTestId("master-copies")).toContainText("Nijedna stranica nema nepromijenjenu kopiju");
  await expect(page.getByTestId("master-used-by")).toContainText("O nama");

  // A draft: the shopper's page does not change.
  const form = page.getByTestId("master-form");
  await form.getByLabel("Naslov", { exact: true }).fill(drafted);
  await form.getByRole("button", { name: "Spremi skicu" }).click();
  await expect(page.getByTestId("master-draft-state")).toContainText("Postoji neobjavljena skica");
  await expect(page.getByTestId("master-form").getByLabel("Naslov", { exact: true })).toHaveValue(drafted);
  const shopper = await (await browser.newContext({ baseURL, javaScriptEnabled: js })).newPage();
  await shopper.goto(SOURCE);
  const certificates = shopper.locator('[data-testid="page-components"] [data-component="certificates"]');
  await expect(certificates).toContainText(original);
  await expect(certificates).not.toContainText(drafted);

  // Objavi: the page shows it at once; the history lists both versions.
  await page.getByTestId("master-form").getByRole("button", { name: "Objavi", exact: true }).click();
  await expect(page.getByTestId("master-draft-state")).toContainText("Nema neobjavljenih izmjena. Objavljena je verzija 2.");
  await shopper.reload();
  await expect(certificates).toContainText(drafted);
  await expect(page.getByTestId("master-version")).toHaveCount(2);

  // The first version restored: the page shows the original title again.
  await page.getByTestId("master-version").filter({ hasText: "Verzija 1" }).getByRole("button", { name: "Vrati ovu verziju" }).click();
  await expect(page.getByTestId("master-draft-state")).toContainText("Objavljena je verzija 3.");
  await shopper.reload();
  await expect(certificates).toContainText(original);
  await expect(certificates).not.toContainText(drafted);

  // Cleanup: "O nama" gets its copy back from its own history (the version before the link).
  await page.goto(pageAdmin!);
  const versions = page.getByTestId("page-versions-hr").getByTestId("page-version");
  await versions.nth(1).getByRole("button").click();
  await page.goto(`/admin/masters`);
  await page.getByTestId("masters-list").getByRole("link", { name }).click();
  await expect(page.getByTestId("master-copy").filter({ hasText: "O nama" })).toHaveCount(1);
});
