import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * Blog, post view, events and comments (decisions 0013, 0022 and 0023), with JavaScript on and off:
 * the list with pagination and load more, a post with its terms, an event page, and a
 * customer's comment with a star rating that waits for the admin's approval.
 */
const toast = (page: Page) => page.getByRole("status").and(page.locator("[data-toast]"));
const POST = "/kako-ocistiti-oluke-prije-zime";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

test("the blog list pages through posts and loads more", async ({ page, js }) => {
  await page.goto("/objave");
  await ready(page, js);
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole("heading")).toHaveText("Kako očistiti oluke prije zime");
  await page.getByTestId("pagination").locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/\/objave\?page=2$/);
  await expect(cards).toHaveCount(2);
  await page.getByTestId("pagination").locator('a[rel="first"]').click();
  await expect(page).toHaveURL(/\/objave$/);
  await expect(cards).toHaveCount(10);
  await page.getByTestId("load-more").click();
  await expect(page).toHaveURL(/\/objave\?view=onepage&page=2$/);
  await expect(cards).toHaveCount(12);
  await expect(page.getByTestId("load-more")).toHaveCount(0);
});

test("a post shows its body, author, date and terms; a category lists its posts", async ({ page, js }) => {
  await page.goto("/objave");
  await ready(page, js);
  await page.getByRole("link", { name: "Kako očistiti oluke prije zime" }).click();
  await expect(page).toHaveURL(new RegExp(`${POST}$`));
  const view = page.getByTestId("post-view");
  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Kako očistiti oluke prije zime");
  await expect(view.getByTestId("post-author")).toContainText("Autor:");
  await expect(view.getByTestId("post-date")).toContainText(/Objavljeno \d{1,2}\. /);
  await expect(view.getByRole("heading", { level: 2, name: "Što vam treba" })).toBeVisible();
  await view.getByTestId("post-terms").getByRole("link", { name: "Savjeti" }).click();
  await expect(page).toHaveURL(/\/objave\/savjeti$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Savjeti");
  await expect(page.getByTestId("post-card")).toHaveCount(5);
  // The language switch follows the translated slugs.
  await page.goto(`/en${POST.replace("kako-ocistiti-oluke-prije-zime", "how-to-clean-gutters-before-winter")}`);
  await expect(page.getByTestId("post-date")).toContainText(/Published \d{1,2} [A-Z]/);
});

test("the events list leads to an event page", async ({ page, js }) => {
  await page.goto("/dogadjaji");
  await ready(page, js);
  await page.getByTestId("events-upcoming").getByRole("link", { name: "Sajam graditeljstva 2026" }).click();
  await expect(page).toHaveURL(/\/dogadjaj\/\d+$/);
  const event = page.getByTestId("event-page");
  await expect(event.getByRole("heading", { level: 1 })).toHaveText("Sajam graditeljstva 2026");
  await expect(event.getByTestId("event-place")).toHaveText("Zagrebački velesajam, paviljon 5");
  await expect(event.getByTestId("event-attendees")).toHaveText("120");
  await expect(event.getByTestId("event-start")).toContainText(/\d{4}\. u \d{2}:\d{2}/);
});

test("a customer rates and comments a post; it waits for approval, then everyone sees it", async ({ page, js, browser, baseURL }, info) => {
  // Three sign-ins and two browsers: more than the default 30 s on a busy machine.
  test.slow();
  const text = `Korisni savjeti (${info.project.name})`;
  await page.goto(POST);
  await ready(page, js);
  // Visitors get a login link instead of the form (loggedUsersOnly).
  await expect(page.getByTestId("comment-form")).toHaveCount(0);
  await page.getByTestId("comment-login").getByRole("link").click();
  await expect(page).toHaveURL(/\/prijava\?redirectTo=/);
  await ready(page, js);
  const login = page.getByTestId("login-form");
  await login.locator('[name="username"]').fill("kupac@example.com");
  await login.locator('[name="password"]').fill("Kupac2026!");
  await login.getByRole("button", { name: "Prijava" }).click();
  await expect(page).toHaveURL(new RegExp(`${POST}$`));
  await ready(page, js);

  const form = page.getByTestId("comment-form");
  await form.locator('label[for="new-star-4"]').click();
  await expect(form.locator('input[name="rating"][value="4"]')).toBeChecked();
  await form.getByLabel("Komentar").fill(text);
  await form.getByRole("button", { name: "Pošalji komentar" }).click();
  const mine = page.getByTestId("comment").filter({ hasText: text });
  await expect(mine.getByTestId("comment-pending")).toHaveText("Čeka odobrenje");
  if (!js) await expect(toast(page)).toHaveText("Hvala! Komentar će biti objavljen nakon odobrenja.");

  // The admin approves it; a visitor then sees it with its stars.
  const admin = await browser.newPage({ baseURL, javaScriptEnabled: js });
  await loginAsAdmin(admin, "/admin/comments");
  const pending = admin.getByTestId("pending-comment").filter({ hasText: text });
  await pending.getByRole("button", { name: "Odobri" }).click();
  await expect(admin.getByTestId("pending-comment").filter({ hasText: text })).toHaveCount(0);
  await admin.close();

  const visitor = await browser.newPage({ baseURL, javaScriptEnabled: js });
  await visitor.goto(POST);
  await expect(visitor.getByTestId("comment").filter({ hasText: text }).locator('[data-rating="4"]')).toBeVisible();
  await expect(visitor.getByTestId("rating-summary")).toBeVisible();
  await visitor.close();
});
