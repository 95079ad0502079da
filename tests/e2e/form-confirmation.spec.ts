import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, test } from "./fixtures";

/**
 * A database form's e-mail confirmation (decision 0063), as browsers without JavaScript:
 * an editor sets a message goal in the form builder, a shopper sends the form, the
 * confirmation mail's link (read through the admin's outbox screen) lands on /potvrdi-email
 * with the message. The whole flow is plain forms and links; the JS project skips it.
 */
const MESSAGE = "Hvala! Brošuru šaljemo na vašu adresu.";
const flash = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeAttached();

test("an editor sets a message goal, a shopper sends the form and confirms by the mailed link", async ({ page, js, browser }, info) => {
  test.skip(js, "the no-JS flow: plain posts and links");
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  const slug = `e2e-potvrda-${info.project.name}`;
  const title = "Zatražite brošuru";
  const email = `potvrda-${info.project.name}@example.com`;
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const admin = await adminContext.newPage();
  let formUrl: string | null = null;
  try {
    await loginAsAdmin(admin, "/admin/forms/new");
    await admin.getByLabel(/^Slug/).fill(slug);
    await admin.getByLabel(/^Naslov \(Hrvatski\)/).fill(title);
    const row = admin.getByTestId("form-builder").getByRole("group", { name: "Novo polje" });
    await row.getByLabel(/^Naziv polja/).fill("email");
    await row.getByLabel(/^Vrsta/).selectOption("email");
    await row.getByLabel(/^Oznaka \(Hrvatski\)/).fill("Vaš e-mail");
    await row.getByLabel("Obavezno", { exact: true }).check();
    const confirmation = admin.getByTestId("form-confirmation");
    await confirmation.getByLabel(/^Nakon potvrde/).selectOption({ label: "Prikaži poruku" });
    await confirmation.getByLabel(/^Poruka \(Hrvatski\)/).fill(MESSAGE);
    await admin.getByRole("button", { name: "Spremi obrazac" }).click();
    await expect(admin).toHaveURL(/\/admin\/forms\/\d+$/);
    formUrl = new URL(admin.url()).pathname;
    await flash(admin, "Obrazac je spremljen.");
    await expect(admin.getByTestId("form-confirmation").getByLabel(/^Nakon potvrde/)).toHaveValue("message");

    // The shopper sends the form: a confirmation mail instead of the usual thanks.
    await page.context().addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL }]);
    await page.goto(`/obrazac/${slug}`);
    const form = page.getByTestId(`form-${slug}`);
    await form.getByLabel(/^Vaš e-mail/).fill(email);
    await form.getByRole("checkbox", { name: /politiku privatnosti/ }).check();
    await form.getByRole("button", { name: "Pošalji" }).click();
    await flash(page, "Poslali smo vam e-mail s poveznicom za potvrdu adrese. Vaša poruka stiže do nas kad je potvrdite.");

    // The mail as the outbox shows it.
    await admin.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
    await admin.getByRole("link", { name: `Potvrdite svoju e-mail adresu: ${title}` }).click();
    const text = await admin.getByTestId("mail-text").textContent();
    const link = /https?:\/\/\S+\/actions\/form-confirm\?token=[\w-]+/.exec(text ?? "")?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/potvrdi-email\?goalType=message&/);
    await expect(page.getByTestId("goal-message")).toHaveText(MESSAGE);
    await expect(page.getByTestId("confirm-email")).toContainText(email);

    // Works once.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/$/);
    await flash(page, "Poveznica za potvrdu nije valjana, istekla je ili je već iskorištena.");
  } finally {
    if (formUrl) {
      await admin.goto(formUrl);
      await admin.getByTestId("form-delete").getByRole("button", { name: "Obriši obrazac" }).click();
      await expect(admin).toHaveURL(/\/admin\/forms$/);
    }
    await adminContext.close();
  }
});
