import type { Database } from "~/.server/db/client.server";
import { eq } from "drizzle-orm";
import { carts, consents, deliveryMethods, paymentMethods, users } from "~/.server/db/schema";
import type { Visitor } from "../setup/client";
import type { Shop } from "../setup/shop";
import { cartPost, cartRow } from "./cart-helpers";

/** Helpers of the checkout tests: a signed-in shopper with a cart, the step forms as a browser without JavaScript posts them. */
export const CHECKOUT = "/naplata";

export const ADDRESS = {
  "delivery.firstName": "Ana",
  "delivery.lastName": "Horvat",
  "delivery.contactEmail": "ana@example.com",
  "delivery.contactPhone": "+385 91 123 4567",
  "delivery.country": "HR",
  "delivery.city": "Zagreb",
  "delivery.street": "Ilica",
  "delivery.houseNumber": "10",
  "delivery.zipCode": "10000",
  "delivery.companyName": "",
  "delivery.companyOIB": "",
};

/** Signs the visitor in as user `id` the way the login does: a session row and its signed cookie. */
export async function signInAs(visitor: Visitor, id: number) {
  const { sessionStorage } = await import("~/.server/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", id);
  const [pair] = (await sessionStorage.commitSession(session)).split(";");
  const index = pair.indexOf("=");
  visitor.cookies.set(pair.slice(0, index), pair.slice(index + 1));
  return visitor;
}

export async function newCustomer(db: Database, email: string) {
  const [row] = await db.insert(users).values({ siteId: 1, email, firstName: "Kupac", lastName: "Test" }).returning({ id: users.id });
  return row.id;
}

/** The id of the checkout form's required consent (seeded unique number 2), as the payment step posts it. */
export async function checkoutConsentId(db: Database) {
  const [consent] = await db.select({ id: consents.id }).from(consents).where(eq(consents.uniqueNumber, 2));
  return String(consent.id);
}

export async function methodIds(shop: Shop) {
  const db = await shop.db();
  const delivery = await db.select({ id: deliveryMethods.id, code: deliveryMethods.code }).from(deliveryMethods);
  const payment = await db.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods);
  const of = (rows: { id: number; code: string }[], code: string) => String(rows.find((r) => r.code === code)!.id);
  return {
    courier: of(delivery, "address"),
    locker: of(delivery, "parcel-locker"),
    cod: of(payment, "cod"),
    bank: of(payment, "bank"),
    card: of(payment, "card"),
  };
}

export async function addToCart(visitor: Visitor, productId: number, quantity = 1) {
  const result = await cartPost(visitor, { intent: "add", productId: String(productId), quantity: String(quantity) });
  if (result.status !== 302) throw new Error(`Adding to the cart failed with ${result.status}`);
}

/** Posts a checkout step; returns the status, the redirect and the page HTML of a refusal. */
export async function step(visitor: Visitor, fields: Record<string, string | string[]>) {
  const response = await visitor.post(CHECKOUT, fields, { tokenFrom: "/kosarica" });
  const location = response.headers.get("Location");
  const html = response.status === 302 ? "" : await response.text();
  return {
    status: response.status,
    location,
    html: html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  };
}

/**
 * A new customer signed in as `email` with `productId` in the cart, and the address and
 * delivery steps stored on the cart as their forms would save them: the visitor's next
 * checkout post is the payment step. Returns the cart's id.
 */
export async function cartAtPayment(db: Database, visitor: Visitor, email: string, productId: number, deliveryMethodId: number) {
  await signInAs(visitor, await newCustomer(db, email));
  await addToCart(visitor, productId);
  const cart = await cartRow(db, visitor);
  const address = {
    firstName: "Ana",
    lastName: "Horvat",
    contactEmail: email,
    contactPhone: "091",
    countryIso: "HR",
    countryName: "Hrvatska",
    city: "Zagreb",
    street: "Ilica",
    houseNumber: "1",
    zipCode: "10000",
    companyName: "",
    companyOib: "",
  };
  await db.update(carts).set({ deliveryAddress: address, billingAddress: address, deliveryMethodId }).where(eq(carts.id, cart.id));
  return cart.id;
}
