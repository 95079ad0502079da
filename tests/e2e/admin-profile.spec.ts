import { ADMIN, loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A backoffice user's own sessions on /admin/profile (decision 0085): the admin signs in
 * on a second device, sees both sessions (this one marked), ends the other one with its
 * form, and the other device is sent to the sign-in with the reason. Each project signs
 * the second device in with its own browser so the two runs never pick each other's row.
 */
const SECOND_DEVICE = {
  js: {
    ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    label: "Safari, iOS",
  },
  noJs: { ua: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", label: "Firefox, Android" },
};

test("the profile lists this user's sessions and ends another one", async ({ page, browser, js }) => {
  const second = js ? SECOND_DEVICE.js : SECOND_DEVICE.noJs;
  const phone = await browser.newContext({ javaScriptEnabled: js, userAgent: second.ua });
  try {
    const tab = await phone.newPage();
    await tab.goto("/adminLogin?redirectTo=%2Fadmin");
    const form = tab.getByTestId("admin-login");
    await form.getByLabel("E-mail").fill(ADMIN.email);
    await form.getByLabel("Lozinka").fill(ADMIN.password);
    await form.getByRole("button", { name: "Prijavi se" }).click();
    await expect(tab).toHaveURL(/\/admin$/);

    await loginAsAdmin(page, "/admin");
    await ready(page, js);
    await page.getByTestId("admin-profile-link").click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    const list = page.getByTestId("staff-sessions");
    await expect(list.getByRole("heading", { name: "Moje sesije" })).toBeVisible();
    await expect(list.locator('[data-current="true"]')).toContainText("Ova sesija");
    const other = list.getByTestId("staff-session").filter({ hasText: second.label });
    await expect(other).toHaveCount(1);

    await other.getByRole("button", { name: /^Završi sesiju/ }).click();
    await expect(page.getByText("Sesija je završena.")).toBeVisible();
    await expect(list.getByTestId("staff-session").filter({ hasText: second.label })).toHaveCount(0);
    await expect(list.locator('[data-current="true"]')).toHaveCount(1);

    // The ended session's next request: the sign-in, saying why.
    await tab.goto("/admin/orders");
    await expect(tab).toHaveURL(/\/adminLogin\?redirectTo=%2Fadmin%2Forders$/);
    await expect(tab.getByText("Vaša je sesija završila", { exact: false })).toBeVisible();
  } finally {
    await phone.close();
  }
});
