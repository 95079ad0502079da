import { loginAsAdmin } from "./admin-login";
import { expectAccessible } from "./axe";
import { expect, ready, test } from "./fixtures";

/**
 * The outbox screen (decision 0042): a shopper's password-reset mail in the list, found
 * by search and kind, opened with its text, and sent again (queued: the e2e shop has no SMTP).
 */
test.describe("admin mail", () => {
  test("lists the outbox, filters it, opens a mail and sends it again", async ({ page, js }) => {
    await page.goto("/zaboravljena-lozinka");
    await ready(page, js);
    await page.getByTestId("forgot-password-form").getByLabel("E-mail").fill("kupac@example.com");
    await page.getByRole("button", { name: "Pošalji poveznicu" }).click();
    await expect(page.getByText("Ako za ovu e-mail adresu postoji račun, poslali smo poveznicu za promjenu lozinke.")).toBeVisible();

    await loginAsAdmin(page, "/admin/mail");
    await ready(page, js);
    const filters = page.getByTestId("list-filters");
    await filters.getByLabel("Primatelj ili predmet").fill("kupac@example.com");
    await filters.getByLabel("Vrsta").selectOption({ label: "Nova lozinka" });
    await filters.getByRole("button", { name: "Filtriraj" }).click();
    await expect(page).toHaveURL(/kind=passwordReset/);
    const rows = page.getByTestId("mail-row");
    await expect(rows.first()).toContainText("kupac@example.com");
    await expect(rows.first().getByTestId("mail-status")).toHaveText("U redu čekanja");
    await expect(page.getByTestId("csv-export")).toHaveAttribute("href", /^\/admin\/mail\.csv\?.*kind=passwordReset/);

    // Bulk "send again" leaves mails that did not fail alone.
    await rows.first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Pošalji ponovno neuspjele" }).click();
    await expect(page.getByText("Među označenima nema neuspjelih poruka.")).toBeVisible();
    await expect(page).toHaveURL(/kind=passwordReset/);

    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/mail\/\d+$/);
    await expect(page.getByTestId("mail-text")).toContainText("/zaboravljena-lozinka?token=");
    await ready(page, js);
    if (js) await expectAccessible(page, { context: "admin mail" }); // decision 0067
    await page.getByRole("button", { name: "Pošalji ponovno" }).click();
    await expect(page.getByText("Poruka je u redu čekanja (slanje e-pošte nije podešeno).")).toBeVisible();
    await expect(page.getByTestId("audit-entry").first()).toContainText("Ponovno slanje");
  });
});
