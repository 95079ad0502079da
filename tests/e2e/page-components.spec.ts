import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * CMS pages built from components (decision 0014) and their forms (decision 0019): the contact
 * page's contact form, map link and product slider; the references page's database form.
 * Without JavaScript a form posts and comes back with a toast; with it a fetcher sends it
 * without a reload, toasts and empties it. The backoffice lists what was stored and that
 * its mail is queued. Both projects share one database: addresses carry the project's name.
 */
const SENT = "Hvala! Vaša poruka je poslana, javit ćemo vam se uskoro.";

async function expectSent(page: Page, js: boolean, path: RegExp) {
  if (js) await expect(page.getByText(SENT).first()).toBeVisible();
  // The server-rendered toast fades after 3 s, so its text is checked, not its visibility.
  else await expect(page.getByRole("status").and(page.locator("[data-toast]"))).toHaveText(SENT);
  await expect(page).toHaveURL(path);
}

/** The backoffice's entry of a sent form: the enquiries inbox filtered to forms (decision 0041; /admin/forms is the form builder, decision 0055). */
async function openSubmission(page: Page, email: string) {
  await loginAsAdmin(page);
  await page.goto("/admin/enquiries?kind=form");
  await page.getByTestId("enquiries-table").locator("tr", { hasText: email }).getByTestId("enquiry-link").click();
  await expect(page.getByTestId("admin-enquiry")).toBeVisible();
}

test.describe("pages from components", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("the contact page shows its components in order", async ({ page, js }) => {
    await page.goto("/kontakt");
    await ready(page, js);
    const components = page.getByTestId("page-components");
    await expect(components.getByRole("heading", { name: "Kontaktirajte nas" })).toBeVisible();
    const map = components.getByRole("link", { name: /Otvori na karti/ });
    await expect(map).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\//);
    await expect(map).toHaveAttribute("target", "_blank");
    await expect(components.getByTestId("page-product-slider").getByTestId("product-card").first()).toBeVisible();
    const order = await components
      .locator(":scope > *")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-component") ?? el.getAttribute("data-testid")));
    expect(order).toEqual(["form", "map", "productSlider"]);
  });

  test("sends the contact form; the backoffice lists it with its mail queued", async ({ page, js }, info) => {
    const email = `kontakt-${info.project.name}@example.com`;
    await page.goto("/kontakt");
    await ready(page, js);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    const form = page.getByTestId("form-contact");
    for (const label of ["Ime", "E-mail adresa", "Predmet", "Poruka"])
      await expect(form.locator("label", { hasText: label }).first()).toContainText("*");
    await form.getByLabel(/^Ime/).fill("Ana");
    await form.getByLabel(/^Prezime/).fill("Kupac");
    await form.getByLabel(/^E-mail adresa/).fill(email);
    await form.getByLabel(/^Kontakt broj/).fill("+385 98 123 4567");
    await form.getByLabel(/^Predmet/).fill("Ponuda za krov");
    await form.getByLabel(/^Poruka/).fill("Molim ponudu za 120 m² panela.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Pošalji" }).click();
    await expectSent(page, js, /\/kontakt$/);
    if (js) {
      // A fetcher, not a reload; the form is emptied, its consent too.
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
      await expect(form.getByLabel(/^E-mail adresa/)).toHaveValue("");
      await expect(form.getByRole("checkbox")).not.toBeChecked();
    }
    // The sent forms are in the enquiries inbox (decision 0041).
    await openSubmission(page, email);
    await expect(page.getByTestId("enquiry-sent")).toContainText("Ponuda za krov");
    await expect(page.getByTestId("enquiry-records")).toContainText("U redu čekanja");
  });

  test("sends a database form from the references page", async ({ page, js }, info) => {
    const email = `montaza-${info.project.name}@example.com`;
    await page.goto("/reference");
    await ready(page, js);
    const form = page.getByTestId("form-upit-za-montazu");
    await form.getByLabel(/^Ime i prezime/).fill("Ivo Ivić");
    await form.getByLabel(/^E-mail adresa/).fill(email);
    await form.getByLabel(/^Vrsta objekta/).selectOption("house");
    await form.getByLabel(/^Potrebno je uklanjanje/).check();
    await form.getByRole("checkbox", { name: /politiku privatnosti/ }).check();
    await form.getByRole("button", { name: "Pošalji" }).click();
    await expectSent(page, js, /\/reference$/);
    await openSubmission(page, email);
    await expect(page.getByTestId("enquiry-sent")).toContainText("upit-za-montazu");
    await expect(page.getByTestId("enquiry-sent")).toContainText("house");
  });

  test("shows server messages per field without JavaScript", async ({ page, js }) => {
    test.skip(js, "the hydrated form answers through its fetcher; the form page is the no-JS path");
    await page.goto("/kontakt");
    const form = page.getByTestId("form-contact");
    // The browser's own checks are switched off to reach the server's.
    await form.evaluate((el) => el.setAttribute("novalidate", ""));
    await form.getByLabel(/^E-mail adresa/).fill("nije-adresa");
    await form.getByRole("button", { name: "Pošalji" }).click();
    await expect(page).toHaveURL(/\/obrazac\/contact$/);
    const shown = page.getByTestId("form-contact");
    await expect(shown.getByText("Unos ovog polja je obavezan").first()).toBeVisible();
    await expect(shown.getByText("Unesite ispravnu e-mail adresu")).toBeVisible();
    await expect(shown.getByLabel(/^E-mail adresa/)).toHaveValue("nije-adresa");
  });
});
