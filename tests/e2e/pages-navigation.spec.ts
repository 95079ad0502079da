import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Pages from creation to the navigation, in the browser: a page made in edit mode's "new page"
 * dialog is published at once (Publish needs no edit first); an editor puts a page into a footer
 * navigation with a label per language, moves it and removes it, and shoppers see each change
 * (JavaScript on and off); an untranslated page under /en is marked Croatian and the editor's
 * page list says which languages it lacks. What is made here is removed again.
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function signedIn(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  // The cookie notice would sit over the editor's toolbar.
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

async function shopperPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  return context.newPage();
}

test("a page made in edit mode is published at once, with no edit first", async ({ browser, js }, info) => {
  test.skip(!js, "edit mode needs JavaScript (it says so without it: edit-mode.spec.ts)");
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const editor = await signedIn(browser, js, baseURL);
  const slug = `odmah-objavljena-${info.project.name}`;
  let pageId: string | null = null;
  try {
    await editor.goto("/o-nama?editPage=true");
    await ready(editor, js);
    const toolbar = editor.getByTestId("edit-toolbar");
    await toolbar.getByRole("button", { name: "Nova stranica" }).click();
    const dialog = editor.getByTestId("new-page-dialog");
    await dialog.getByLabel("Naslov").fill("Odmah objavljena");
    await dialog.getByLabel("Slug").fill(slug);
    await dialog.getByRole("button", { name: "Stvori stranicu" }).click();
    await expect(editor).toHaveURL(new RegExp(`/${slug}\\?editPage=true$`));
    await ready(editor, js);
    await expect(editor.getByTestId("edit-state")).toContainText("Stranica još nije objavljena");
    pageId = await toolbar.getAttribute("data-page-id");

    const publish = toolbar.getByRole("button", { name: "Objavi" });
    await expect(publish).toBeEnabled();
    await publish.click();
    await expect(editor.getByTestId("edit-status")).toHaveText("Objavljeno: kupci odmah vide izmjene.");
    const shopper = await shopperPage(browser, js, baseURL);
    await shopper.goto(`/${slug}`);
    await expect(shopper.getByRole("heading", { name: "Odmah objavljena", level: 1 })).toBeVisible();
    await shopper.context().close();
  } finally {
    if (pageId) {
      await editor.goto(`/admin/pages/${pageId}`);
      await ready(editor, js);
      const form = editor.getByTestId("page-delete");
      await form.getByLabel("Potvrđujem brisanje").check();
      await form.getByRole("button", { name: "Obriši" }).click();
      await expect(editor).toHaveURL(/\/admin\/pages$/);
    }
    await editor.context().close();
  }
});

test("an editor puts a page into a footer navigation, moves and removes it; shoppers see each change", async ({ browser, js }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const label = `Reference ${info.project.name}`;
  const admin = await signedIn(browser, js, baseURL);
  const shopper = await shopperPage(browser, js, baseURL);
  const footerLinks = () => shopper.getByTestId("footer-nav-footer3").getByRole("link");
  try {
    await admin.goto("/admin/navigations");
    await ready(admin, js);
    await admin.getByRole("link", { name: "Podnožje 3" }).click();
    await expect(admin).toHaveURL(/nav=footer3$/);
    await ready(admin, js);
    const add = admin.getByTestId("navigation-add");
    await add.getByLabel("Vrsta poveznice").selectOption("page");
    await add.getByLabel("Stranica ili objava").selectOption("reference");
    await add.getByLabel("Naziv (Hrvatski)").fill(label);
    await add.getByLabel("Naziv (Engleski)").fill(`${label} EN`);
    await add.getByRole("button", { name: "Dodaj poveznicu" }).click();
    await toast(admin, "Poveznica je dodana.");
    await expect(admin.getByTestId("navigation-item").last()).toHaveAttribute("data-label", label);

    await shopper.goto("/");
    await expect(footerLinks().last()).toHaveText(label);
    await expect(footerLinks().last()).toHaveAttribute("href", "/reference");
    await shopper.goto("/en");
    await expect(footerLinks().last()).toHaveText(`${label} EN`);

    await ready(admin, js);
    await admin.getByRole("button", { name: `Pomakni „${label}“ gore` }).click();
    await toast(admin, "Redoslijed je spremljen.");
    await expect(admin.getByTestId("navigation-item").nth(-2)).toHaveAttribute("data-label", label);
    await shopper.goto("/");
    await expect(footerLinks().nth(-2)).toHaveText(label);
  } finally {
    await admin.goto("/admin/navigations?nav=footer3");
    await ready(admin, js);
    const remove = admin.getByRole("button", { name: `Ukloni „${label}“` });
    if ((await remove.count()) > 0) {
      await remove.click();
      await toast(admin, "Poveznica je uklonjena.");
    }
    await admin.context().close();
  }
  await shopper.goto("/");
  await expect(shopper.getByTestId("footer-nav-footer3")).not.toContainText(label);
  await shopper.context().close();
});

test("an untranslated page is marked Croatian for shoppers, and the editor sees what it lacks", async ({ browser, js }, info) => {
  const baseURL = info.project.use.baseURL!;
  const shopper = await shopperPage(browser, js, baseURL);
  await shopper.goto("/en/reference");
  await expect(shopper.locator("html")).toHaveAttribute("lang", "en");
  await expect(shopper.getByTestId("cms-page")).toHaveAttribute("lang", "hr");
  await expect(shopper.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/reference$/);
  await expect(shopper.locator('link[rel="canonical"]')).not.toHaveAttribute("href", /\/en\//);
  await shopper.context().close();

  const admin = await signedIn(browser, js, baseURL);
  await admin.goto("/admin/pages?q=reference");
  const row = admin.getByRole("row").filter({ hasText: "/reference" });
  await expect(row.getByTestId("page-missing-language")).toHaveText(["Nema EN", "Nema DE"]);
  await admin.context().close();
});
