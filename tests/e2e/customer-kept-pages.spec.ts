import { expect, ready, test } from "./fixtures";
import { registerCustomer } from "./customer";

/**
 * A signed-in customer gets the category page kept for customers with their own name,
 * hearts and token filled in (decision 0135): the page reads as theirs with JavaScript and
 * without, hydrates without an error, and a heart toggled shows on the next kept page.
 */
test.describe("kept pages for signed-in customers", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "acceptedCookies", value: "necessary", url: baseURL! }]);
  });

  test("the category page shows the customer's name and hearts from the kept page", async ({ page, js }) => {
    await registerCustomer(page, js, "kept-page");
    const heart = () => page.getByTestId("product-card").nth(1).getByTestId("wishlist-toggle");

    const first = await page.goto("/shop/krovni-paneli");
    expect(first?.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    await ready(page, js);
    await expect(page.getByTestId("account-link")).toHaveAttribute("aria-label", "Moj račun (Iva)");
    await expect(heart()).toHaveAttribute("aria-pressed", "false");

    await heart().click();
    await expect(heart()).toHaveAttribute("aria-pressed", "true");

    // The next visit comes from the kept page again, with the heart the customer just pressed.
    const again = await page.goto("/shop/krovni-paneli");
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    await ready(page, js);
    await expect(heart()).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("product-card").first().getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("account-link")).toHaveAttribute("aria-label", "Moj račun (Iva)");

    // Toggled back, from the kept page: the form's token is the customer's own.
    await heart().click();
    await expect(heart()).toHaveAttribute("aria-pressed", "false");
  });
});
