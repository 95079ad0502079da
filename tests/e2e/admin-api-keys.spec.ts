import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/** API keys (/admin/api-keys, decision 0057): create shows the token once, revoke asks for a tick; with and without JavaScript (projects js, no-js). */
test.describe("admin API keys", () => {
  test("creates a key, sees its token once, and revokes it", async ({ page, js }) => {
    const name = js ? "Mobilna aplikacija JS" : "Mobilna aplikacija bez JS";
    await loginAsAdmin(page, "/admin/api-keys");
    await ready(page, js);
    const create = page.getByTestId("api-key-create");
    await create.getByLabel("Naziv").fill(name);
    await create.getByLabel("Vrsta").selectOption("integration");
    await create.getByLabel("Poziva u minuti").fill("250");
    await create.getByRole("button", { name: "Izradi ključ" }).click();
    await expect(page.getByTestId("api-key-created")).toContainText(`Ključ „${name}” je izrađen`);
    await expect(page.getByTestId("api-key-token")).toHaveText(/^ak_[\w-]{43}$/);

    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText("250");
    await expect(row.getByTestId("api-key-state")).toHaveText("Aktivan");
    await row.getByLabel("Da, opozovi ovaj ključ").check();
    await row.getByRole("button", { name: "Opozovi" }).click();
    await expect(page.getByText(`Ključ „${name}” je opozvan.`)).toBeVisible();
    await expect(page.getByTestId("api-key-token")).toHaveCount(0);
    await expect(page.getByTestId("api-key-row").filter({ hasText: name }).getByTestId("api-key-state")).toContainText("Opozvan");

    await page.goto("/admin/api-keys?state=live");
    await expect(page.getByTestId("api-keys-table")).not.toContainText(name);
  });
});
