import { createShopClient, dataOf, type ShopClientOptions } from "@alu-krov/api-client";

/** Who buys, and where the parcel goes (the checkout's address fields). */
export type Buyer = {
  email: string;
  password: string;
  address: {
    firstName: string;
    lastName: string;
    contactEmail: string;
    contactPhone: string;
    country: string;
    city: string;
    street: string;
    houseNumber: string;
    zipCode: string;
  };
};

/** A whole purchase over the API: the shop's key, sign-in, search, product, cart, delivery, payment, order. */
export async function buyTwo(connection: Pick<ShopClientOptions, "baseUrl" | "fetch">, buyer: Buyer, keywords: string) {
  const shop = createShopClient({ ...connection, language: "hr" });

  // The storefront key of the shop's domain, then the customer's tokens (kept by the client).
  const detected = dataOf(await shop.POST("/api/v2/settings/domainDetect", { body: { domain: new URL(connection.baseUrl).host } }));
  shop.setApiKey(detected.data.apiKeyToken);
  await shop.signIn(buyer.email, buyer.password);

  // A product found by keywords, and its page.
  const found = dataOf(await shop.POST("/api/v1/product/web/filter", { body: { keywords, limit: 1 } }));
  if (!found.records[0]) throw new Error(`Nothing found for ${keywords}`);
  const { product } = dataOf(await shop.GET("/api/v1/product/web/get", { params: { query: { slug: found.records[0].slug } } }));

  // Two of it in a new cart: the cart session travels in the bodies.
  const added = dataOf(await shop.POST("/api/v1/ecommerce/cart/addItem", { body: { productId: product.id, qty: 2 } }));
  const cart = { cartId: added.cartId, protectCode: added.protectCode };

  // Delivery to the door (a method without pick-up points) and payment by bank transfer.
  const delivery = dataOf(await shop.POST("/api/v1/ecommerce/delivery/getApplicableDeliveryMethods", { body: cart }));
  const toTheDoor = delivery.methods.find((method) => method.options.length === 0);
  if (!toTheDoor) throw new Error("No delivery to the door");
  dataOf(await shop.PUT("/api/v1/ecommerce/delivery/saveDeliveryMethod", { body: { ...cart, deliveryMethodId: toTheDoor.id } }));
  const payment = dataOf(await shop.POST("/api/v1/ecommerce/payment/getApplicablePaymentMethods", { body: cart }));
  const bank = payment.methods.find((method) => method.gateway === "bankTransfer");
  if (!bank) throw new Error("No bank transfer");
  dataOf(await shop.PUT("/api/v1/ecommerce/payment/savePaymentMethod", { body: { ...cart, paymentMethodId: bank.id } }));

  // The checkout's required consents, accepted, and the order.
  const consents = dataOf(await shop.POST("/api/v1/cms/consent/filter", { body: { assigned_to: "checkoutForm" } }));
  const acceptedConsents = consents.data.flatMap((form) => form.requiredConsents);
  const placed = dataOf(
    await shop.POST("/api/v1/ecommerce/order/create", { body: { ...cart, deliveryAddress: buyer.address, acceptedConsents } }),
  );
  return { order: placed.order, paymentInstructions: placed.paymentInstructions, productId: product.id };
}
