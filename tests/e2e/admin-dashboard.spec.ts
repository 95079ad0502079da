import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * The dashboard (decision 0044), with JavaScript on and off: the admin sees today's
 * figures and the 30 days' sales chart, and "orders today" opens the order list filtered
 * to today. Orders come from the test provider's fixture route, placed for the admin.
 */
async function placeOrder(page: Page, gateway: "card" | "bankTransfer") {
  const response = await page.request.post("/test-payment-provider/orders", { form: { gateway } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

const shopToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zagreb", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("the admin sees the dashboard's figures and chart and follows orders today to the filtered list", async ({ page, js }) => {
  await loginAsAdmin(page);
  const slug = await placeOrder(page, "bankTransfer");
  await page.goto("/admin");
  await ready(page, js);
  const dashboard = page.getByTestId("admin-dashboard");
  await expect(dashboard.getByRole("heading", { name: "Nadzorna ploča" })).toBeVisible();

  const today = dashboard.getByTestId("period-today");
  await expect(today.getByRole("heading", { name: "Danas" })).toBeVisible();
  const ordersToday = today.getByTestId("figure-orders");
  expect(Number(await ordersToday.getByTestId("figure-value").textContent())).toBeGreaterThanOrEqual(1);
  await expect(today.getByTestId("figure-pending")).toContainText("Čeka plaćanje");
  await expect(today.getByTestId("figure-pending").getByTestId("figure-value")).toHaveText(/^[\d.]+,\d{2}\u00a0EUR$/);
  await expect(dashboard.getByTestId("figure-to-ship")).toContainText("Za slanje");
  // What "revenue" means is said where it is shown.
  await expect(dashboard.getByTestId("revenue-definition")).toContainText("Prihod su primljene uplate umanjene za povrate novca");
  await expect(dashboard.getByTestId("figure-comments")).toHaveAttribute("href", "/admin/comments");
  await expect(dashboard.getByTestId("figure-low-stock")).toHaveAttribute("href", "/admin/products?stock=low");

  const chart = page.getByRole("img", { name: /^Prodaja od .+: prihod .+, čeka plaćanje .+/ });
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId("sales-bar")).toHaveCount(30);
  await expect(chart.getByTestId("sales-bar").last()).toHaveAttribute("data-day", shopToday());

  await ordersToday.click();
  const day = shopToday();
  await expect(page).toHaveURL(`/admin/orders?from=${day}&to=${day}&sale=yes`);
  await ready(page, js);
  await expect(page.getByTestId("orders-table").getByRole("link", { name: slug })).toBeVisible();
  await expect(page.getByLabel("Od datuma")).toHaveValue(day);
  // The list says it shows sales, as the dashboard counted them.
  await expect(page.locator(`select[name="sale"]`)).toHaveValue("yes");
});
