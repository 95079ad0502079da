import type { Browser } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A master component on the production build: saved from a section, added to another page
 * (as a reference: the editor shows it as "Glavna komponenta" with a link, not as the
 * page's content), edited on its own screen without JavaScript, and the shopper's page
 * shows the master's new text at once.
 */
const PAGE = "/dostava-i-placanje";

async function editorPage(browser: Browser, baseURL: string, js: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  // The cookie notice would sit over the editor's panel.
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

test("a master component is edited in one place and the page using it follows", async ({ browser, js, baseURL }) => {
  test.skip(!js, "the in-place editor needs JavaScript; the master's screen is used here without it");
  const name = `Certifikati glavna ${Date.now()}`;
  const title = `Certifikati i norme ${Date.now()}`;
  const editor = await editorPage(browser, baseURL!, true);

  // Saved as a master from a section of "O nama" (the page itself is not changed).
  await editor.goto("/o-nama?editPage=true");
  await ready(editor, true);
  const toolbar = editor.getByTestId("edit-toolbar");
  await toolbar.getByRole("button", { name: "Sekcije" }).click();
  const manager = editor.getByTestId("section-manager");
  await manager.getByTestId("section-item").first().getByRole("button", { name: "Spremi kao glavnu komponentu" }).click();
  const naming = editor.getByRole("dialog", { name: "Spremi kao glavnu komponentu" });
  await naming.getByLabel("Naziv glavne komponente").fill(name);
  await naming.getByRole("button", { name: "Spremi kao glavnu komponentu" }).click();
  await expect(editor.getByTestId("edit-status")).toHaveText("Sekcija je spremljena kao glavna komponenta.");

  // Added to another page: shown as the master with a link to its screen, then published.
  await editor.goto(`${PAGE}?editPage=true`);
  await ready(editor, true);
  await toolbar.getByRole("button", { name: "Sekcije" }).click();
  await manager.getByRole("button", { name: "Dodaj glavnu komponentu" }).click();
  const choose = editor.getByTestId("choose-master-dialog");
  await choose.getByRole("listitem").filter({ hasText: name }).getByRole("button").click();
  const item = manager.getByTestId("section-item").filter({ hasText: `Glavna komponenta: ${name}` });
  await expect(item).toBeVisible();
  await expect(item.getByTestId("section-master-link")).toHaveText("Uredi glavnu komponentu");
  await expect(item.getByRole("button", { name: "Uredi" })).toHaveCount(0);
  await toolbar.getByRole("button", { name: "Objavi" }).click();
  await expect(editor.getByTestId("edit-status")).toHaveText("Objavljeno: kupci odmah vide izmjene.");
  const masterPath = await item.getByTestId("section-master-link").getAttribute("href");
  expect(masterPath).toMatch(/^\/admin\/masters\/\d+$/);
  await manager.getByRole("button", { name: "Zatvori" }).click();
  // Its outline on the page leads to the master's screen, not to a panel of this page.
  await expect(editor.getByRole("link", { name: `Glavna komponenta: ${name}` })).toHaveAttribute("href", masterPath!);

  // The master's screen, without JavaScript: a change there is on the page at once.
  const plain = await editorPage(browser, baseURL!, false);
  await plain.goto(masterPath!);
  const form = plain.getByTestId("master-form");
  await expect(plain.getByTestId("master-used-by")).toContainText("Dostava");
  await form.getByLabel("Naslov", { exact: true }).fill(title);
  await form.getByRole("button", { name: "Objavi", exact: true }).click();
  await expect(plain).toHaveURL(new RegExp(`${masterPath}$`));
  await expect(plain.getByLabel("Naslov", { exact: true })).toHaveValue(title);

  const shopper = await (await browser.newContext({ baseURL })).newPage();
  await shopper.goto(PAGE);
  await expect(shopper.locator('[data-testid="page-components"] [data-component="certificates"]')).toContainText(title);
  // The page it was saved from keeps its own copy.
  await shopper.goto("/o-nama");
  await expect(shopper.locator('[data-component="certificates"]')).not.toContainText(title);

  // Cleanup: the master's section leaves the page again.
  await editor.goto(`${PAGE}?editPage=true`);
  await ready(editor, true);
  await toolbar.getByRole("button", { name: "Sekcije" }).click();
  await manager.getByTestId("section-item").filter({ hasText: name }).getByRole("button", { name: "Ukloni" }).click();
  await editor.getByTestId("confirm-dialog").getByRole("button", { name: "Potvrdi" }).click();
  await toolbar.getByRole("button", { name: "Objavi" }).click();
  await expect(editor.getByTestId("edit-status")).toHaveText("Objavljeno: kupci odmah vide izmjene.");
});
