import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * In-page editing end to end (decision 0051): an editor changes the home hero's title in Croatian,
 * uploads a picture and sets it, adds a product slider section, sees the draft (a shopper does
 * not), publishes, and an anonymous shopper sees the change at once; the editor restores the
 * previous version (the shopper sees the old title again). A customer with ?editPage=true gets the
 * shoppers' page and a customer's edit post is refused; the phone preview renders at phone width.
 * Without JavaScript the editor says it needs it. The seeded home page is given back (the original
 * version restored) whatever happens.
 */
const ORIGINAL_TITLE = "Alu Krov d.o.o.";
const NEW_TITLE = "Krovovi koji traju generacijama";
const CUSTOMER = { email: "kupac@example.com", password: "Kupac2026!" };

async function editorPage(browser: Browser, baseURL: string, js: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  // The cookie notice would sit over the editor's panel.
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

const heading = (page: Page) => page.getByTestId("home").getByRole("heading", { level: 1 });

/** The form tokens every post carries, read from a page's forms as a browser would. */
async function tokens(page: Page) {
  const html = await page.content();
  return {
    csrf: /name="csrf" value="([^"]+)"/.exec(html)![1],
    website: "",
    from__confirm: /name="from__confirm" value="([^"]+)"/.exec(html)![1],
  };
}

/** Gives the seeded home back: drops any draft and restores the version kept before the first publish. */
async function giveHomeBack(page: Page) {
  await page.goto("/?editPage=true");
  await ready(page, true);
  const toolbar = page.getByTestId("edit-toolbar");
  const [pageId, lng, revision] = await Promise.all(
    ["data-page-id", "data-lng", "data-revision"].map((name) => toolbar.getAttribute(name)),
  );
  const form = await tokens(page);
  const post = (fields: Record<string, string>) =>
    page.request.post("/admin/edit/page.data", { form: { ...form, pageId: pageId!, lng: lng!, ...fields }, maxRedirects: 0 });
  if (revision !== "0") await post({ intent: "discard", revision: revision! });
  const history = (await (await page.request.get(`/admin/edit/page?pageId=${pageId}&lng=${lng}`)).json()) as {
    liveVersion: number;
    versions: { id: number; version: number; note: string }[];
  };
  const original = history.versions.find((v) => v.note === "kept before the first in-page publish");
  const live = history.versions.find((v) => v.version === history.liveVersion);
  if (original && live && live.note !== `restore of ${original.version}` && live.id !== original.id) {
    await post({ intent: "restore", revision: "0", versionId: String(original.id), liveVersion: String(history.liveVersion) });
  }
}

async function customerPage(browser: Browser, baseURL: string, js: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto("/prijava");
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill(CUSTOMER.email);
  await form.locator('[name="password"]').fill(CUSTOMER.password);
  await form.getByRole("button", { name: "Prijava" }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function refusedEditPost(request: APIRequestContext, form: Record<string, string>) {
  const response = await request.post("/admin/edit/page", {
    form: { ...form, intent: "texts", pageId: "1", lng: "hrv", revision: "0", title: "Provala", metaDescription: "", bodyHtml: "" },
    maxRedirects: 0,
  });
  expect([302, 403]).toContain(response.status());
  if (response.status() === 302) expect(response.headers().location).toMatch(/adminLogin/);
}

test.describe("in-page editing", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an editor edits the hero, uploads a picture, adds a product slider, publishes and restores", async ({ browser, js, baseURL }) => {
    test.skip(!js, "the in-place editor needs JavaScript (the no-JS project checks that it says so)");
    const editor = await editorPage(browser, baseURL!, true);
    const shopper = await (await browser.newContext({ baseURL })).newPage();
    try {
      await editor.goto("/?editPage=true");
      await ready(editor, true);
      const toolbar = editor.getByTestId("edit-toolbar");
      await expect(toolbar).toBeVisible();
      await expect(editor.getByTestId("edit-mode-note")).toHaveCount(0);
      await expect(editor.locator('[data-edit-target="header"]')).toBeAttached();
      await expect(editor.locator('[data-edit-target="nav-main"]')).toBeAttached();
      await expect(editor.locator('[data-edit-target^="product-"]').first()).toBeAttached();

      // The hero's title, in Croatian, from its outline.
      await editor.locator('[data-edit-target^="section-"]').first().getByRole("button", { name: "Uredi: Naslovni blok" }).click();
      const panel = editor.getByTestId("component-panel");
      await panel.getByLabel("Naslov", { exact: true }).fill(NEW_TITLE);
      // A picture uploaded from the panel and set as the hero's image.
      const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2563eb" } })
        .png()
        .toBuffer();
      await panel.getByLabel("Prenesi sliku").setInputFiles({ name: "krov-plavi.png", mimeType: "image/png", buffer: png });
      await expect(panel.getByTestId("image-field-current")).toBeVisible();
      await panel.getByRole("button", { name: "Spremi skicu" }).click();
      await expect(editor.getByTestId("edit-status")).toHaveText("Skica je spremljena.");
      await expect(heading(editor)).toHaveText(NEW_TITLE);
      await expect(editor.getByTestId("home").locator("img")).toBeVisible();

      // A product slider from the section manager.
      await toolbar.getByRole("button", { name: "Sekcije" }).click();
      const manager = editor.getByTestId("section-manager");
      await manager.getByLabel("Vrsta nove sekcije").selectOption("productSlider");
      await manager.getByRole("button", { name: "Dodaj sekciju" }).click();
      await expect(manager.getByTestId("section-item")).toHaveCount(2);
      await expect(editor.locator('[data-testid="page-components"] [data-component="productSlider"]')).toBeVisible();
      await expect(editor.getByTestId("edit-state")).toContainText("Skica");

      // The shopper does not see the draft.
      await shopper.goto("/");
      await expect(heading(shopper)).toHaveText(ORIGINAL_TITLE);
      await expect(shopper.getByTestId("edit-toolbar")).toHaveCount(0);
      await expect(shopper.locator('[data-component="productSlider"]')).toHaveCount(0);

      // Published: the shopper sees it at once.
      await toolbar.getByRole("button", { name: "Objavi" }).click();
      await expect(editor.getByTestId("edit-status")).toHaveText("Objavljeno: kupci odmah vide izmjene.");
      await shopper.reload();
      await expect(heading(shopper)).toHaveText(NEW_TITLE);
      await expect(shopper.getByTestId("home").locator("img")).toBeVisible();
      await expect(shopper.locator('[data-component="productSlider"]').getByTestId("product-card").first()).toBeVisible();

      // The phone preview: the page with its draft inside a 390 px frame.
      await toolbar.getByRole("button", { name: "Mobilni prikaz" }).click();
      const frame = editor.getByTestId("mobile-preview");
      await expect(frame).toBeVisible();
      expect(Math.round((await frame.boundingBox())!.width)).toBe(390);
      const inside = editor.frameLocator('[data-testid="mobile-preview"]');
      await expect(inside.getByTestId("home").getByRole("heading", { level: 1 })).toHaveText(NEW_TITLE);
      await expect(inside.getByTestId("edit-toolbar")).toHaveCount(0);
      await editor.getByTestId("mobile-preview-dialog").getByRole("button", { name: "Zatvori" }).click();

      // History: the version before the publish restored as the new live version.
      await toolbar.getByRole("button", { name: "Povijest" }).click();
      const history = editor.getByTestId("history-dialog");
      const kept = history.getByTestId("history-version").filter({ hasText: "Stvoreno" });
      await kept.getByRole("button", { name: "Vrati" }).click();
      await editor.getByTestId("confirm-dialog").getByRole("button", { name: "Potvrdi" }).click();
      await expect(editor.getByTestId("edit-status")).toHaveText("Verzija je vraćena kao nova objavljena verzija.");
      await expect(history.getByTestId("history-version").first()).toContainText("vraćena verzija");
      await shopper.reload();
      await expect(heading(shopper)).toHaveText(ORIGINAL_TITLE);
      await expect(shopper.locator('[data-component="productSlider"]')).toHaveCount(0);
    } finally {
      await editor.context().close();
      await shopper.context().close();
      // A fresh editor (the test's page may be gone after a timeout) gives the seeded home back.
      const cleaner = await editorPage(browser, baseURL!, true);
      await giveHomeBack(cleaner);
      await cleaner.context().close();
    }
  });

  test("a customer with ?editPage=true gets the shoppers' page and their edit post is refused", async ({ browser, js, baseURL }) => {
    const customer = await customerPage(browser, baseURL!, js);
    try {
      await customer.goto("/?editPage=true");
      await ready(customer, js);
      await expect(heading(customer)).toHaveText(ORIGINAL_TITLE);
      await expect(customer.getByTestId("edit-toolbar")).toHaveCount(0);
      expect(await customer.content()).not.toContain("treba JavaScript");
      await refusedEditPost(customer.request, await tokens(customer));
    } finally {
      await customer.context().close();
    }
  });

  test("without JavaScript the editor is told that editing needs it, and the page still shows", async ({ browser, js, baseURL }) => {
    test.skip(js, "the note is for browsers without JavaScript");
    const editor = await editorPage(browser, baseURL!, false);
    try {
      await editor.goto("/?editPage=true");
      await expect(heading(editor)).toBeVisible();
      await expect(editor.getByTestId("edit-mode-note")).toContainText("Uređivanje na stranici treba JavaScript");
      await expect(editor.getByTestId("edit-toolbar")).toHaveCount(0);
    } finally {
      await editor.context().close();
    }
  });
});
