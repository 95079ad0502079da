// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { HoneypotProvider } from "~/components/honeypot-inputs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { I18nProvider } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";
import { AddToCartForm } from "~/modules/catalog/add-to-cart-form";
import { formPrefill, type CustomOption } from "~/modules/catalog/product-view";

afterEach(cleanup);
// The personalisations are a module of their own that the form loads when a product has some
// (serverFirst); loaded once here, so the lazy component resolves at once in every test.
beforeAll(() => import("~/modules/catalog/option-fields"));

// SecureForm is a Remix Form: it needs a data router, the CSRF token and the honeypot.
function renderInRouter(ui: ReactNode) {
  const router = createMemoryRouter([{ path: "/product/:slug", element: ui }], { initialEntries: ["/product/trapezni-lim"] });
  return render(
    <I18nProvider translator={translatorFor("hr")}>
      <AuthenticityTokenProvider token="csrf-token">
        <HoneypotProvider nameFieldName="website" validFromFieldName="from__confirm" encryptedValidFrom="x">
          <RouterProvider router={router} />
        </HoneypotProvider>
      </AuthenticityTokenProvider>
    </I18nProvider>,
  );
}

const LENGTH: CustomOption = {
  id: 1,
  code: "duljina",
  type: "number",
  label: "Duljina",
  required: true,
  min: 270,
  max: 15000,
  unit: "mm",
  isLength: true,
};
const product = { id: 7, customOptions: [LENGTH] };
const fields = () => Object.fromEntries(new FormData(screen.getByTestId("add-to-cart-form") as HTMLFormElement)) as Record<string, string>;

describe("AddToCartForm", () => {
  it("adds with the spec's defaults: quantity 1, empty personalisation", async () => {
    renderInRouter(
      <AddToCartForm productId={7} action="/kosarica" prefill={formPrefill(product, null)} customOptions={[LENGTH]} disabled={false} />,
    );
    await screen.findByRole("spinbutton", { name: /Duljina/ });
    expect(fields()).toMatchObject({ csrf: "csrf-token", intent: "add", productId: "7", quantity: "1", "options.duljina": "" });
    expect(screen.getByRole("button", { name: "Dodaj u košaricu" })).toBeEnabled();
    expect(screen.getByRole("spinbutton", { name: /Duljina/ })).toHaveAccessibleDescription("Najmanje 270 mm, najviše 15000 mm");
  });

  it("prefills quantity and personalisation from the cart item being edited and posts an update", async () => {
    const item = { itemId: "item-42", productId: 7, variantId: null, quantity: 3, options: { duljina: "4200" }, bundleOptions: {} };
    renderInRouter(
      <AddToCartForm productId={7} action="/kosarica" prefill={formPrefill(product, item)} customOptions={[LENGTH]} disabled={false} />,
    );
    await screen.findByRole("spinbutton", { name: /Duljina/ });
    expect(fields()).toMatchObject({ intent: "update", itemId: "item-42", productId: "7", quantity: "3", "options.duljina": "4200" });
    expect(screen.getByRole("button", { name: "Spremi promjene stavke" })).toBeEnabled();
  });

  it("carries the chosen variants and says why it is disabled", () => {
    renderInRouter(
      <AddToCartForm
        productId={9}
        action="/kosarica"
        prefill={formPrefill({ id: 9, customOptions: [] }, null)}
        customOptions={[]}
        bundleVariants={{ 3: 54 }}
        disabled
        reason="Odaberite izvedbu svih proizvoda paketa."
      />,
    );
    expect(fields()).toMatchObject({ "bundleOptions.3": "54" });
    expect(screen.getByRole("button", { name: "Dodaj u košaricu" })).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("Odaberite izvedbu svih proizvoda paketa.");
  });
});
