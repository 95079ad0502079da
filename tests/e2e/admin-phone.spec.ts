import type { Locator, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { ADMIN_SCREENS } from "./admin-screens";
import { expectAccessible } from "./axe";
import { expect, ready, test } from "./fixtures";

/**
 * The backoffice on a phone (decision 0102), with JavaScript on and off: every screen of the
 * route table fits 360 px (a wide table scrolls in its own box), the menu is folded behind a
 * button so the screen's own content is on the first screen, and every checkbox is a 24 px
 * target. On an order the moves and the invoice come first. A desktop keeps the menu open.
 */
const PHONE = { width: 360, height: 740 };
const TARGET = 24;

test.use({ viewport: PHONE });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

async function placeOrder(page: Page) {
  const response = await page.request.post("/test-payment-provider/orders", { form: { gateway: "bankTransfer" } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

/** A price enquiry through its page (the form without the dialog), so the inbox has an entry to open. */
async function sendEnquiry(page: Page, js: boolean) {
  await page.goto("/upit-o-cijeni/krovni-sendvic-panel-40-mm-pir");
  await ready(page, js);
  const box = page.getByTestId("price-enquiry-page");
  await box.getByLabel(/^Ime/).fill("Mia");
  await box.getByLabel(/^Prezime/).fill("Mobitel");
  await box.getByLabel(/^E-mail adresa/).fill(`phone-${Date.now()}@example.com`);
  await box.getByLabel(/^Poruka/).fill("Cijena za 20 m²?");
  await box.getByRole("checkbox").check();
  await box.getByRole("button", { name: "Pošalji upit" }).click();
  await expect(page).not.toHaveURL(/upit-o-cijeni/);
}

// Detail screens whose id the demo data does not fix: the first row's link of their list.
const LISTS_WITH_DETAILS = ["customers", "enquiries", "comments", "mail", "users"];

async function detailScreens(page: Page) {
  const found: string[] = [];
  for (const list of LISTS_WITH_DETAILS) {
    await page.goto(`/admin/${list}`);
    const hrefs = await page
      .locator("main a")
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    const detail = hrefs.find((href) => new RegExp(`^/admin/${list}/(?!new$)[^/]+$`).test(href) && !/\.(csv|pdf|json)$/.test(href));
    // Comments exist only once a customer wrote one (admin-community.spec.ts visits that screen).
    if (detail) found.push(detail);
    else expect(list, `a row to open in /admin/${list}`).toBe("comments");
  }
  return found;
}

/** Where an element is on the page (not the viewport), whatever the page has scrolled to. */
function onPage(locator: Locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { left: box.left + window.scrollX, right: box.right + window.scrollX, top: box.top + window.scrollY };
  });
}

type Measure = { width: number; mainTop: number; headingTop: number; smallBoxes: string[] };

function measure(target: number): Measure {
  const main = document.querySelector("main")!;
  const heading = main.querySelector("h1, h2");
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const big = (el: Element | null) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width >= target && box.height >= target;
  };
  const smallBoxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
    .filter((box) => visible(box) || (box.labels?.[0] && visible(box.labels[0])))
    // The tap target is the box or its label (a visually hidden box behind a label, a switch).
    .filter((box) => !big(box) && ![...(box.labels ?? [])].some(big))
    .map((box) => {
      const size = box.getBoundingClientRect();
      return `${box.name || box.id}(${Math.round(size.width)}x${Math.round(size.height)})`;
    });
  return {
    width: document.documentElement.scrollWidth,
    mainTop: main.getBoundingClientRect().top + window.scrollY,
    headingTop: heading ? heading.getBoundingClientRect().top + window.scrollY : -1,
    smallBoxes,
  };
}

test("every backoffice screen fits a 360 px phone, starts with its own content and has 24 px checkboxes", async ({ page, js }) => {
  test.setTimeout(300_000);
  await loginAsAdmin(page);
  const slug = await placeOrder(page);
  await sendEnquiry(page, js);
  // A tag named at length (as an editor may): the product list's filter offers it and must still fit.
  const longTag = `Oznaka ${js ? "js" : "bez JS"} ${Date.now()} za krovne panele, opšave i pribor svih boja i debljina`;
  await page.goto("/admin/tags");
  await ready(page, js);
  const create = page.getByTestId("tag-create");
  await create.getByLabel("Naziv oznake").fill(longTag);
  await create.getByRole("button", { name: "Dodaj oznaku" }).click();
  await expect(page.getByLabel(`Naziv oznake ${longTag}`)).toBeVisible();
  const screens = [...ADMIN_SCREENS, `/admin/orders/${slug}`, ...(await detailScreens(page))];
  const problems: string[] = [];
  for (const path of screens) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await ready(page, js);
    const seen = await page.evaluate(measure, TARGET);
    if (seen.width > PHONE.width) problems.push(`${path}: ${seen.width} px wide`);
    if (seen.mainTop >= PHONE.height / 4) problems.push(`${path}: main starts at ${Math.round(seen.mainTop)} px`);
    if (seen.headingTop >= PHONE.height) problems.push(`${path}: heading at ${Math.round(seen.headingTop)} px`);
    if (seen.smallBoxes.length) problems.push(`${path}: checkboxes under ${TARGET} px: ${seen.smallBoxes.join(", ")}`);
  }
  expect(problems).toEqual([]);
});

test("on a phone an order's moves and invoice come first and fit the screen", async ({ page, js }) => {
  await loginAsAdmin(page);
  const slug = await placeOrder(page);
  await page.goto(`/admin/orders/${slug}`);
  await ready(page, js);
  const linesTop = (await onPage(page.getByTestId("order-lines"))).top;
  // The move opens in a <details> (without JavaScript too); its button is then on the screen.
  await page.locator("summary", { hasText: "Otkaži narudžbu" }).click();
  const cancel = page.getByTestId("move-cancel").getByRole("button", { name: "Otkaži narudžbu" });
  await expect(cancel).toBeVisible();
  for (const target of [cancel, page.getByTestId("admin-invoice-link")]) {
    const box = await onPage(target);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    expect(box.top).toBeLessThan(linesTop);
  }
  // The items table scrolls inside its own box rather than widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  if (js) await expectAccessible(page, { context: "an order on a phone (360 px)" }); // decision 0067
});

test("the folded menu opens with a tap and its links lead to a screen", async ({ page, js }) => {
  await loginAsAdmin(page);
  await ready(page, js);
  const menu = page.getByRole("navigation", { name: "Izbornik administracije" });
  await expect(menu).toBeHidden();
  await page.getByTestId("admin-menu-toggle").click();
  await expect(menu).toBeVisible();
  if (js) await expectAccessible(page, { context: "the backoffice menu opened on a phone (360 px)" });
  await menu.getByRole("link", { name: "Narudžbe", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await ready(page, js);
  // A new screen starts with the menu folded again.
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("a desktop screen shows the menu open beside the screen", async ({ page, js }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsAdmin(page);
  await ready(page, js);
  await expect(page.getByTestId("admin-menu-toggle")).toBeHidden();
  const menu = page.getByRole("navigation", { name: "Izbornik administracije" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Narudžbe", exact: true })).toBeInViewport();
  await expect(page.getByRole("button", { name: /^Odjava/ })).toBeVisible();
});
