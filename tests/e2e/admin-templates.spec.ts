import type { Page } from "@playwright/test";
import { ADMIN, loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * E-mail templates (/admin/templates, decision 0053), JavaScript on and off: the editor
 * changes the Croatian newsletter confirmation, previews it with sample data, sends a test
 * mail to themself (seen in /admin/mail), saves it, and a shopper's real sign-up (double
 * opt-in switched on for the test) gets the edited subject. The built-in text and the
 * setting are given back at the end: the specs share one database.
 */
const EDITOR = "/admin/templates/newsletterConfirmation";
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

async function setDoubleOptIn(page: Page, js: boolean, on: boolean) {
  await page.goto("/admin/settings/site");
  await ready(page, js);
  const form = page.getByTestId("site-settings-form");
  await form.getByLabel("Prijava na newsletter traži potvrdu e-mailom").setChecked(on);
  await form.getByRole("button", { name: "Spremi" }).click();
  await toast(page, "Postavke su spremljene.");
}

async function fillTemplate(page: Page, subject: string, body: string) {
  const form = page.getByTestId("template-form");
  await form.getByLabel("Predmet").fill(subject);
  await form.getByLabel("Sadržaj (HTML)").fill(body);
  return form;
}

async function restoreBuiltIn(page: Page, js: boolean) {
  await page.goto(EDITOR);
  await ready(page, js);
  const reset = page.getByTestId("template-reset");
  if ((await reset.count()) === 0) return;
  await reset.getByRole("button", { name: "Vrati ugrađeni tekst" }).click();
  await toast(page, "Vraćen je ugrađeni tekst.");
}

test("an edited Croatian newsletter confirmation is previewed, tested and reaches the real mail", async ({ page, js, browser }, info) => {
  test.setTimeout(120_000);
  const tag = info.project.name;
  const subject = `Još jedan korak (${tag}): {{email}}`;
  const body = '<p>Dobrodošli!</p><p>Potvrdite prijavu: <a href="{{link}}">potvrda</a></p>';
  // The screens render and hydrate cleanly: the refused preview's own 400 aside, and the
  // sandbox of the preview frame refusing scripts there (the browser reports it; that is the point).
  const errors: string[] = [];
  const expected = /status of 400|Blocked script execution in 'about:srcdoc'/;
  page.on("console", (message) => {
    if (message.type() === "error" && !expected.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await loginAsAdmin(page, "/admin");
  try {
    await page.goto("/admin/templates");
    await ready(page, js);
    await page.getByTestId("templates-table").getByRole("link", { name: "Potvrda newslettera" }).click();
    await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));
    await ready(page, js);
    await expect(page.getByTestId("template-variables")).toContainText("{{link}}");

    // An unknown variable is refused, nothing is stored.
    let form = await fillTemplate(page, "Bok {{ime}}", body);
    await form.getByRole("button", { name: "Pregled" }).click();
    await expect(page.getByText("Nepoznate varijable: {{ime}}. Koristite samo navedene varijable.")).toBeVisible();

    form = await fillTemplate(page, subject, body);
    await form.getByRole("button", { name: "Pregled" }).click();
    await expect(page.getByTestId("preview-subject")).toHaveText(`Još jedan korak (${tag}): ana.horvat@example.com`);
    await expect(page.frameLocator('[data-testid="preview-html"]').getByRole("link", { name: "potvrda" })).toHaveAttribute(
      "href",
      // The sample link is on the shop's own origin: a mail keeps no link to another (decision 0081).
      `${info.project.use.baseURL}/primjer-poveznice`,
    );

    await page.getByTestId("template-form").getByRole("button", { name: "Pošalji probnu poruku meni" }).click();
    await expect(page.getByTestId("template-test-sent")).toContainText(ADMIN.email);
    await page.getByTestId("template-test-sent").getByRole("link", { name: "Pogledaj u poslanoj e-pošti" }).click();
    await expect(page).toHaveURL(/\/admin\/mail\/\d+$/);
    await expect(page.getByRole("heading", { name: `[Probna poruka] Još jedan korak (${tag}): ana.horvat@example.com` })).toBeVisible();

    await page.goto(EDITOR);
    await ready(page, js);
    form = await fillTemplate(page, subject, body);
    await form.getByRole("button", { name: "Spremi" }).click();
    await toast(page, "Predložak je spremljen.");
    await expect(page.getByTestId("template-customised")).toContainText("Ovaj jezik ima vlastiti predložak.");
    await expect(page.getByTestId("template-form").getByLabel("Predmet")).toHaveValue(subject);

    await setDoubleOptIn(page, js, true);
    const shopper = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: js });
    await shopper.addCookies([{ name: "acceptedCookies", value: "necessary", url: info.project.use.baseURL! }]);
    const visitor = await shopper.newPage();
    const email = `predlozak-${tag}@example.com`;
    await visitor.goto("/");
    await ready(visitor, js);
    const block = visitor.getByTestId("newsletter");
    await block.getByLabel("E-mail adresa").fill(email);
    for (const box of await block.getByRole("checkbox").all()) await box.check();
    await block.getByRole("button", { name: "Prijavi se" }).click();
    await toast(visitor, "Poslali smo vam e-mail s poveznicom za potvrdu prijave.");
    await shopper.close();

    await page.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
    await expect(page.getByText(`Još jedan korak (${tag}): ${email}`).first()).toBeVisible();
  } finally {
    await setDoubleOptIn(page, js, false);
    await restoreBuiltIn(page, js);
  }
  await expect(page.getByTestId("template-customised")).toContainText("Ovaj jezik šalje ugrađeni tekst");
  await expect(page.getByTestId("template-form").getByLabel("Predmet")).toHaveValue("Potvrdite prijavu na newsletter");
  expect(errors).toEqual([]);
});
