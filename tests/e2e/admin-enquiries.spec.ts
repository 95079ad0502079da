import { loginAsAdmin } from "./admin-login";
import { expectAccessible } from "./axe";
import { expect, ready, test } from "./fixtures";

/**
 * The enquiries inbox (decision 0041), with JavaScript and without: a shopper sends a
 * price enquiry from a product page, the backoffice finds it in /admin/enquiries, replies
 * by mail from the entry's page, and the entry shows answered. Addresses carry the
 * project's name and the time (both projects share one database).
 */
const PRODUCT = "/product/krovni-sendvic-panel-40-mm-pir";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
});

test("a price enquiry is found in the inbox, answered by mail and shown answered", async ({ page, js }, info) => {
  const email = `inbox-${info.project.name}-${Date.now()}@example.com`;
  await page.goto(PRODUCT);
  await ready(page, js);
  // The link opens the dialog once its own code has arrived (after hydration).
  if (js) await expect(page.getByTestId("price-enquiry-open")).toHaveAttribute("data-ready", "true");
  await page.getByRole("link", { name: "Upit o cijeni" }).click();
  const box = js ? page.getByRole("dialog", { name: "Upit o cijeni" }) : page.getByTestId("price-enquiry-page");
  await box.getByLabel(/^Ime/).fill("Vesna");
  await box.getByLabel(/^Prezime/).fill("Upitić");
  await box.getByLabel(/^E-mail adresa/).fill(email);
  await box.getByLabel(/^Poruka/).fill("Koliko košta 80 m²?");
  await box.getByRole("checkbox").check();
  await box.getByRole("button", { name: "Pošalji upit" }).click();
  if (js) await expect(box.getByTestId("enquiry-sent")).toBeVisible();
  else await expect(page).toHaveURL(PRODUCT);

  await loginAsAdmin(page, "/admin/enquiries");
  await ready(page, js);
  const filters = page.getByTestId("list-filters");
  await filters.getByLabel("Ime, e-mail, proizvod ili tekst").fill(email);
  await filters.getByLabel("Vrsta").selectOption("price");
  await filters.getByRole("button", { name: "Filtriraj" }).click();
  await expect(page).toHaveURL(/kind=price/);
  const row = page.getByTestId("enquiry-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Upit o cijeni");
  await expect(row).toContainText("Krovni sendvič panel 40 mm PIR");
  await expect(row.getByTestId("enquiry-status")).toHaveText("Novi");

  await row.getByTestId("enquiry-link").click();
  await expect(page).toHaveURL(/\/admin\/enquiries\/enquiry-\d+$/);
  await ready(page, js);
  if (js) await expectAccessible(page, { context: "admin enquiry" }); // decision 0067
  await expect(page.getByTestId("enquiry-sent")).toContainText("Koliko košta 80 m²?");
  const reply = page.getByTestId("reply-form");
  await expect(reply.getByLabel("Predmet")).toHaveValue(/^Re: /);
  await reply.getByLabel("Tekst odgovora").fill("Poštovana, cijena je 24,90 € po m².");
  await reply.getByRole("button", { name: "Pošalji odgovor" }).click();
  // The flash toast: sonner with JavaScript, a status line without.
  await expect(page.getByText(`Odgovor za ${email} čeka u redu za slanje: slanje e-pošte nije podešeno.`)).toBeVisible();
  await expect(page.getByTestId("enquiry-reply")).toContainText("cijena je 24,90 € po m²");
  await expect(page.getByTestId("admin-enquiry").getByTestId("enquiry-status").first()).toHaveText("Odgovoren");

  await page.getByRole("link", { name: "Natrag na upite" }).click();
  await page.getByTestId("list-filters").getByLabel("Ime, e-mail, proizvod ili tekst").fill(email);
  await page.getByTestId("list-filters").getByRole("button", { name: "Filtriraj" }).click();
  // The filtered list replaces the whole inbox: wait for it before reading its one row.
  await expect(page.getByTestId("enquiry-row")).toHaveCount(1);
  await expect(page.getByTestId("enquiry-row").getByTestId("enquiry-status")).toHaveText("Odgovoren");
});
