import type { Browser, Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The content backoffice (decision 0054), JavaScript on and off: an editor creates a page from a
 * template, edits its Croatian text and slug, publishes it, and an anonymous shopper sees it (the
 * old address redirects); files a post under another category; creates an event with an attendee
 * that the public event page counts. Everything made here is removed again and the seeded post gets
 * its terms back (the specs share one database).
 */
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function adminPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

async function shopperPage(browser: Browser, js: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
  return context.newPage();
}

async function deleteHere(admin: Page, js: boolean, formTestId: string, button: string) {
  await ready(admin, js);
  const form = admin.getByTestId(formTestId);
  await form.getByLabel("Potvrđujem brisanje").check();
  await form.getByRole("button", { name: button }).click();
}

test("a page made from a template, edited, published and seen by a shopper", async ({ browser, js }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const suffix = info.project.name;
  const admin = await adminPage(browser, js, baseURL);
  let created: string | null = null;
  try {
    await admin.goto("/admin/pages");
    await ready(admin, js);
    await admin.getByRole("link", { name: "Nova stranica" }).click();
    await expect(admin).toHaveURL(/\/admin\/pages\/new$/);
    await ready(admin, js);
    const form = admin.getByTestId("page-new");
    await form.getByLabel("Naslov").fill("Proljetna ponuda");
    await form.getByLabel("Slug (adresa)").fill(`proljetna-ponuda-${suffix}`);
    await form.getByLabel("Predložak").selectOption("landing");
    await form.getByRole("button", { name: "Izradi" }).click();
    await expect(admin).toHaveURL(/\/admin\/pages\/\d+$/);
    created = admin.url();
    await toast(admin, "Stranica je izrađena.");
    await expect(admin.getByTestId("page-components-hr")).toContainText("Naslovni blok");
    await expect(admin.getByTestId("edit-on-page-hr")).toHaveAttribute("href", `/proljetna-ponuda-${suffix}?editPage=true`);

    await ready(admin, js);
    const hr = admin.getByTestId("page-text-hr");
    await hr.getByLabel("Naslov").fill("Ljetna ponuda");
    await hr.getByLabel("Slug (adresa)").fill(`ljetna-ponuda-${suffix}`);
    await hr.getByLabel("Sadržaj (HTML)").fill("<p>Popust na sve oluke.</p>");
    await hr.getByRole("button", { name: "Spremi tekst" }).click();
    await toast(admin, "Tekst je spremljen.");
    await expect(admin.getByTestId("page-versions-hr").getByTestId("page-version")).toHaveCount(2);

    await ready(admin, js);
    const settings = admin.getByTestId("page-settings");
    await settings.getByLabel("Status").selectOption("published");
    await settings.getByRole("button", { name: "Spremi postavke" }).click();
    await toast(admin, "Postavke su spremljene.");
    await expect(admin.getByTestId("page-state")).toHaveText("Objavljeno");

    const shopper = await shopperPage(browser, js, baseURL);
    await shopper.goto(`/ljetna-ponuda-${suffix}`);
    await expect(shopper.getByRole("heading", { name: "Ljetna ponuda" }).first()).toBeVisible();
    await expect(shopper.getByText("Popust na sve oluke.")).toBeVisible();
    await shopper.goto(`/proljetna-ponuda-${suffix}`);
    await expect(shopper).toHaveURL(new RegExp(`/ljetna-ponuda-${suffix}$`));
    await shopper.context().close();
  } finally {
    if (created) {
      await admin.goto(created);
      await deleteHere(admin, js, "page-delete", "Obriši");
      await expect(admin).toHaveURL(/\/admin\/pages$/);
    }
    await admin.context().close();
  }
});

test("a post filed under another category shows it to shoppers", async ({ browser, js }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const admin = await adminPage(browser, js, baseURL);
  const term = admin.getByTestId("post-terms").getByLabel("Projekti (kategorija)");
  const save = async () => {
    await admin.getByTestId("page-settings").getByRole("button", { name: "Spremi postavke" }).click();
    await toast(admin, "Postavke su spremljene.");
    await ready(admin, js);
  };
  await admin.goto("/admin/posts?q=sajam");
  await ready(admin, js);
  await admin.getByRole("link", { name: "Sajam graditeljstva 2026: posjetite nas" }).click();
  await expect(admin).toHaveURL(/\/admin\/posts\/\d+$/);
  await ready(admin, js);
  try {
    await term.check();
    await save();
    await expect(term).toBeChecked();
    const shopper = await shopperPage(browser, js, baseURL);
    await shopper.goto("/sajam-graditeljstva-2026");
    await expect(shopper.getByRole("link", { name: "Projekti" }).first()).toBeVisible();
    await shopper.context().close();
  } finally {
    await term.uncheck();
    await save();
    await expect(term).not.toBeChecked();
    await admin.context().close();
  }
});

test("an event with an attendee is counted on the public event page", async ({ browser, js }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const admin = await adminPage(browser, js, baseURL);
  let created: string | null = null;
  try {
    await admin.goto("/admin/events");
    await ready(admin, js);
    await admin.getByRole("link", { name: "Novi događaj" }).click();
    await expect(admin).toHaveURL(/\/admin\/events\/new$/);
    await ready(admin, js);
    const form = admin.getByTestId("event-form");
    await form.getByLabel("Početak").fill("2099-06-01T10:00");
    await form.getByLabel("Završetak").fill("2099-06-01T09:00");
    await form.getByLabel("Mjesto").fill("Samobor");
    await form.locator('[data-language="hr"]').getByLabel("Naslov").fill(`Dan otvorenih vrata ${info.project.name}`);
    await form.getByRole("button", { name: "Spremi događaj" }).click();
    await expect(form.getByText("Završetak ne može biti prije početka.")).toBeVisible();

    await form.getByLabel("Završetak").fill("2099-06-01T14:00");
    await form.getByRole("button", { name: "Spremi događaj" }).click();
    await expect(admin).toHaveURL(/\/admin\/events\/\d+$/);
    created = admin.url();
    await toast(admin, "Događaj je izrađen.");

    await ready(admin, js);
    const attendee = admin.getByTestId("attendee-form");
    await attendee.getByLabel("Ime i prezime").fill("Ivo Kovač");
    await attendee.getByLabel("E-mail").fill("ivo@example.com");
    await attendee.getByLabel("Broj osoba").fill("2");
    await attendee.getByRole("button", { name: "Dodaj sudionika" }).click();
    await toast(admin, "Sudionik je dodan.");
    await expect(admin.getByTestId("attendee-row")).toContainText("Ivo Kovač");

    const id = /\/(\d+)$/.exec(created)![1];
    const shopper = await shopperPage(browser, js, baseURL);
    await shopper.goto(`/dogadjaj/${id}`);
    await expect(shopper.getByRole("heading", { name: `Dan otvorenih vrata ${info.project.name}` })).toBeVisible();
    await expect(shopper.getByTestId("event-attendees")).toHaveText("2");
    await expect(shopper.getByTestId("event-place")).toHaveText("Samobor");
    await shopper.context().close();
  } finally {
    if (created) {
      await admin.goto(created);
      await deleteHere(admin, js, "event-delete", "Obriši događaj");
      await expect(admin).toHaveURL(/\/admin\/events$/);
    }
    await admin.context().close();
  }
});
