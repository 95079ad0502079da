import type { Locator, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { ADMIN_SCREENS } from "./admin-screens";
import { browseMediaLibrary } from "./editor-dialogs";
import { expect, ready, test } from "./fixtures";
import { watchPageErrors } from "./page-errors";

/**
 * Every editor screen of the backoffice works on the production build and logs no error:
 * each screen that edits one thing (taken from the route table, so a new one is visited
 * without a list to keep) has every folded part opened (<details>: order moves, the media
 * chooser's library), every language tab chosen and every text area typed into (the HTML
 * of pages, posts, products, events and mail templates is written there); the first row
 * of the lists without demo rows of their own is opened too. Then the dialogs: the media
 * library dialog with its "edit media" dialog, and the template editor's preview. Nothing
 * is saved.
 */

// The screens that edit one thing: a row (/admin/products/1, /admin/pages/new), a settings
// page, a template; and the tags and the media library, edited on their own screens.
// The lists are console-errors.spec.ts's.
const EDITORS = [...ADMIN_SCREENS.filter((path) => path.split("/").length > 3), "/admin/tags", "/admin/media"];
// Lists whose rows the demo data may not have: the first row, when there is one.
const FIRST_ROW_OF = ["orders", "customers", "enquiries", "comments", "mail", "users"];
const TYPED = " (provjera)";

let page: Page;
let watcher: ReturnType<typeof watchPageErrors>;

// One signed-in page for the whole file: the screens are many, a sign-in costs seconds.
test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ actionTimeout: 10_000 });

test.beforeAll(async ({ browser }, info) => {
  page = await browser.newPage({ baseURL: info.project.use.baseURL });
  watcher = watchPageErrors(page);
  await loginAsAdmin(page);
});
test.afterAll(async () => page.context().close());

async function open(path: string) {
  // Hydrated is what counts, not every picture of a media grid loaded.
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), path).toBe(200);
  await ready(page, true);
}

/** Types at the end of every text area shown in `scope` (nothing is saved). */
async function typeIntoTextAreas(path: string, scope: Locator) {
  for (const area of await scope.locator("textarea:visible:not([readonly]):not([disabled])").all()) {
    const before = await area.inputValue();
    await area.fill(before + TYPED);
    await expect(area, path).toHaveValue(before + TYPED);
  }
}

/** Opens the folded parts, chooses every language tab and types into what each shows. */
async function exercise(path: string) {
  const main = page.locator("main");
  // In document order, so that a folded part inside another is visible by the time it comes.
  for (const details of await main.locator("details").all()) {
    if (!(await details.isVisible()) || (await details.getAttribute("open")) !== null) continue;
    await details.locator(":scope > summary").click();
    await expect(details, path).toHaveAttribute("open", "");
  }
  // The media chooser narrows its grid as one types.
  for (const filter of await main.locator('[data-testid^="media-chooser-"] input[type="search"]:visible').all()) await filter.fill("a");
  await typeIntoTextAreas(path, main);
  // Each language's panel: the first one's text areas were typed into above.
  for (const tab of await main.getByRole("tab").all()) {
    if ((await tab.getAttribute("aria-selected")) === "true") continue;
    await tab.click();
    await expect(tab, path).toHaveAttribute("aria-selected", "true");
    await typeIntoTextAreas(path, page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`));
  }
  // Nothing above navigates or posts.
  expect(new URL(page.url()).pathname, path).toBe(path);
}

test("every editor screen of the backoffice: folded parts, language tabs and text areas", async () => {
  const visited: string[] = [];
  for (const path of EDITORS) {
    await open(path);
    await exercise(path);
    visited.push(path);
  }
  for (const list of FIRST_ROW_OF) {
    await open(`/admin/${list}`);
    const first = page.locator(`main a[href^="/admin/${list}/"]`).first();
    if ((await first.count()) === 0) continue;
    const path = new URL((await first.getAttribute("href"))!, page.url()).pathname;
    await open(path);
    await exercise(path);
    visited.push(path);
  }
  // The route table's editors were found: products, pages, settings among them.
  expect(visited).toEqual(
    expect.arrayContaining([
      "/admin/products/1",
      "/admin/pages/1",
      "/admin/templates/orderConfirmation",
      "/admin/settings/site",
      "/admin/media/1",
    ]),
  );
  expect(watcher.errors).toEqual([]);
});

test("the media library dialog and its edit dialog, opened from /admin/media", async () => {
  await open("/admin/media");
  await page.getByRole("button", { name: "Odaberi iz biblioteke (adresa slike)" }).click();
  await browseMediaLibrary(page);
  expect(watcher.errors).toEqual([]);
});

test("the template editor previews what was typed into its HTML", async () => {
  await open("/admin/templates/orderConfirmation");
  const form = page.getByTestId("template-form");
  const body = form.getByLabel("Sadržaj (HTML)");
  await body.fill(`${await body.inputValue()}<p>Provjera uređivača</p>`);
  await form.getByRole("button", { name: "Pregled" }).click();
  await expect(page.frameLocator('[data-testid="preview-html"]').getByText("Provjera uređivača")).toBeVisible();
  expect(watcher.errors).toEqual([]);
});
