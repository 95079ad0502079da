import { loginAsAdmin } from "./admin-login";
import { expect, ready, test } from "./fixtures";

/**
 * A phone order (decision 0109), JavaScript on and off: from the order list "Nova narudžba",
 * a customer without an account, an unknown SKU refused at its field, a per-metre line with
 * its length and a piece line priced as the cart prices them, the addresses, the courier and
 * bank transfer, then "Naruči": the order's page names who took it by phone. A second phone
 * order is given up with "Odustani".
 */
test("staff take an order by phone for a customer without an account and place it", async ({ page, js }, info) => {
  test.setTimeout(120_000);
  const email = `telefon-${info.project.name}-${Date.now()}@example.com`;
  await loginAsAdmin(page, "/admin/orders");
  await ready(page, js);
  await page.getByTestId("new-phone-order").click();
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);
  await ready(page, js);

  const customer = page.getByTestId("phone-order-new-customer");
  await customer.getByLabel(/^Ime/).fill("Tomislav");
  await customer.getByLabel("Prezime").fill("Krovopokrivač");
  await customer.getByLabel("E-mail").fill(email);
  await customer.getByLabel("Telefon").fill("098 123 4567");
  await customer.getByRole("button", { name: "Započni narudžbu" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new\/\d+$/);
  await ready(page, js);
  await expect(page.getByRole("heading", { name: "Narudžba telefonom: Tomislav Krovopokrivač" })).toBeVisible();

  const add = page.getByTestId("phone-order-add");
  await add.getByLabel("Šifra (SKU)").fill("NEMA-TAKVE-SIFRE");
  await add.getByRole("button", { name: "Dodaj stavku" }).click();
  await expect(add.getByText("Nema proizvoda sa šifrom NEMA-TAKVE-SIFRE.")).toBeVisible();
  await expect(page.getByTestId("phone-order-line")).toHaveCount(0);

  await page.getByTestId("phone-order-add").getByLabel("Šifra (SKU)").fill("AK-TRP-T35-MJERA");
  await page.getByTestId("phone-order-add").getByLabel("Količina").fill("2");
  await page
    .getByTestId("phone-order-add")
    .getByLabel(/Duljina \(mm\)/)
    .fill("2500");
  await page.getByTestId("phone-order-add").getByRole("button", { name: "Dodaj stavku" }).click();
  await expect(page.getByTestId("phone-order-line")).toHaveCount(1);
  // 2 × 2,5 m × 14,50 €/m.
  await expect(page.getByTestId("phone-order-line-total")).toHaveText(/72,50/);

  await page.getByTestId("phone-order-add").getByLabel("Šifra (SKU)").fill("AK-PNL-SND-40");
  await page
    .getByTestId("phone-order-add")
    .getByLabel(/Duljina \(mm\)/)
    .fill("");
  await page.getByTestId("phone-order-add").getByLabel("Količina").fill("1");
  await page.getByTestId("phone-order-add").getByRole("button", { name: "Dodaj stavku" }).click();
  await expect(page.getByTestId("phone-order-line")).toHaveCount(2);
  // 72,50 + 34,90 before delivery.
  await expect(page.getByTestId("phone-order-total")).toHaveText(/107,40/);

  const address = page.getByTestId("phone-order-address");
  await expect(address.locator('[name="delivery.contactPhone"]')).toHaveValue("098 123 4567");
  for (const [name, value] of Object.entries({ city: "Zadar", street: "Obala kneza Branimira", houseNumber: "12", zipCode: "23000" }))
    await address.locator(`[name="delivery.${name}"]`).fill(value);
  await address.locator('[name="delivery.country"]').selectOption("HR");
  await address.getByRole("button", { name: "Spremi adrese" }).click();
  await expect(page.getByTestId("phone-order-address").getByText("Adrese su spremljene.")).toBeVisible();

  const shipping = page.getByTestId("phone-order-shipping");
  await shipping.getByRole("radio", { name: /Dostava na adresu/ }).check();
  await shipping.getByRole("button", { name: "Spremi način dostave" }).click();
  await expect(page.getByTestId("phone-order-shipping").getByRole("radio", { name: /Dostava na adresu/ })).toBeChecked();

  const place = page.getByTestId("phone-order-place");
  await place.getByRole("radio", { name: /Virmansko plaćanje/ }).check();
  await place.getByLabel(/Napomena/).fill("Nazvati prije dostave");
  await place.getByRole("button", { name: "Naruči" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d{4}-\d{6}$/);
  await ready(page, js);
  await expect(page.getByTestId("order-customer")).toContainText(email);
  await expect(page.getByTestId("audit-trail")).toContainText("Narudžba primljena telefonom");

  // A second phone order, given up: back at the list, nothing ordered.
  await page.goto("/admin/orders/new");
  await ready(page, js);
  const second = page.getByTestId("phone-order-new-customer");
  await second.getByLabel(/^Ime/).fill("Odustao");
  await second.getByLabel("Prezime").fill("Kupac");
  await second.getByLabel("E-mail").fill(`odustao-${email}`);
  await second.getByLabel("Telefon").fill("091 000 0000");
  await second.getByRole("button", { name: "Započni narudžbu" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new\/\d+$/);
  await ready(page, js);
  await page.getByRole("button", { name: "Odustani" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByText("Narudžba telefonom je odbačena.")).toBeVisible();
});
