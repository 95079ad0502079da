import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { addresses } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { addressRow, insertAddress } from "~/modules/account/addresses.server";
import { submit } from "../setup/account-helpers";
import { apiClient, documentedMismatch } from "../setup/api";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { addToCart, CHECKOUT, newCustomer, signInAs } from "./checkout-helpers";

/**
 * Default addresses (decision 0129): one default delivery and one default billing address per
 * customer, set with the profile's buttons (plain posts with the CSRF token, no JavaScript) or
 * the API; the checkout starts from them; deleting a default leaves none of its kind.
 */
let shop: Shop;
let db: Database;
let productId: number;
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  productId = await catalogue(shop).idOf("AK-PNL-SND-40");
});
afterAll(() => shop.close());

const input = (city: string, email: string) => ({
  firstName: "Ana",
  lastName: "Kovač",
  contactEmail: email,
  contactPhone: "+385 91 111 2222",
  country: "HR",
  city,
  street: "Ilica",
  houseNumber: "5",
  zipCode: "10000",
  companyName: "",
  companyOIB: "",
});

const flags = async (userId: number) =>
  (await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id)).map((a) => ({
    city: a.city,
    delivery: a.defaultDelivery,
    billing: a.defaultBilling,
  }));

describe("default addresses on the profile page", () => {
  it("are set with the address's buttons, one of each kind, offered first by the checkout, and gone with the address", async () => {
    const email = "zadane-adrese@example.com";
    const userId = await newCustomer(db, email);
    const visitor = await signInAs(new Visitor(shop), userId);
    const [zagreb, split] = [
      await insertAddress(db, userId, "shipping", await addressRow(db, input("Zagreb", email), "country")),
      await insertAddress(db, userId, "main", await addressRow(db, input("Split", email), "country")),
    ];

    const before = new JSDOM((await visitor.page("/profil")).html).window.document;
    expect(before.querySelectorAll('[data-testid="make-default-delivery"]')).toHaveLength(2);
    expect(before.querySelector('[data-testid="default-delivery"]')).toBeNull();

    const first = await submit(visitor, "/profil", { intent: "addressDefault", addressId: String(zagreb), kind: "delivery" });
    expect(first).toMatchObject({
      location: "/profil",
      toast: { type: "success", text: "Adresa je postavljena kao zadana adresa dostave." },
    });
    const shown = new JSDOM(first.html).window.document;
    expect(shown.querySelector(`[data-testid="address-buttons-${zagreb}"] [data-testid="default-delivery"]`)).not.toBeNull();
    expect(shown.querySelector(`[data-testid="address-buttons-${split}"] [data-testid="make-default-delivery"]`)).not.toBeNull();

    // Another address made the default delivery one: the first is not any more; billing is its own default.
    await submit(visitor, "/profil", { intent: "addressDefault", addressId: String(split), kind: "delivery" });
    const billing = await submit(visitor, "/profil", { intent: "addressDefault", addressId: String(zagreb), kind: "billing" });
    expect(billing.toast).toMatchObject({ type: "success", text: "Adresa je postavljena kao zadana adresa za račun." });
    expect(await flags(userId)).toEqual([
      { city: "Zagreb", delivery: false, billing: true },
      { city: "Split", delivery: true, billing: false },
    ]);

    // The checkout chooses the default delivery address and types the other default in as the billing address.
    await addToCart(visitor, productId);
    const checkout = new JSDOM((await visitor.page(CHECKOUT)).html).window.document;
    const radios = [...checkout.querySelectorAll<HTMLInputElement>('[data-testid="saved-addresses"] input[type="radio"]')];
    expect(radios.find((r) => r.checked)?.value).toBe(String(split));
    expect(radios[0].value).toBe(String(split));
    expect(checkout.querySelector<HTMLInputElement>('[name="billing.city"]')?.value).toBe("Zagreb");
    expect(checkout.querySelector<HTMLInputElement>('[name="differentBilling"]')?.checked).toBe(true);

    // Someone else's address: refused, nothing changes.
    const otherUser = await newCustomer(db, "tudja-adresa@example.com");
    const foreign = await insertAddress(db, otherUser, "shipping", await addressRow(db, input("Osijek", email), "country"));
    const refused = await submit(visitor, "/profil", { intent: "addressDefault", addressId: String(foreign), kind: "delivery" });
    expect(refused.toast).toMatchObject({ type: "error", text: "Adresa nije pronađena." });
    expect(await flags(otherUser)).toEqual([{ city: "Osijek", delivery: false, billing: false }]);

    // The default delivery address deleted: no other address becomes the default behind the customer's back.
    const deleted = await submit(visitor, "/profil", { intent: "addressDelete", addressId: String(split) });
    expect(deleted.toast).toMatchObject({ type: "success", text: "Adresa je obrisana." });
    expect(await flags(userId)).toEqual([{ city: "Zagreb", delivery: false, billing: true }]);
  });
});

describe("default addresses over the API", () => {
  it("are set by POST user/web/address/default/:id and marked in the address list; another customer's address is not found", async () => {
    const api = await apiClient(shop, { language: "en" });
    expect((await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).ok).toBe(true);
    const made = [];
    for (const city of ["Pula", "Zadar"]) {
      const result = await api.call("user.web.address.create", { body: { ...input(city, DEMO_CUSTOMER.email), type: "other" } });
      if (!result.ok) throw new Error(result.failure.message);
      made.push(result.data.address.id);
    }
    const delivery = await api.call("user.web.address.default", { params: { id: made[0] }, body: {} });
    expect(delivery).toMatchObject({ ok: true, data: { address: { id: made[0], defaultDelivery: true, defaultBilling: false } } });
    expect(await documentedMismatch(shop, "v1.user.web.address.default", 200, { data: delivery.ok && delivery.data })).toEqual([]);
    await api.call("user.web.address.default", { params: { id: made[1] }, body: { kind: "billing" } });

    const list = await api.call("user.web.address.filter", { query: {} });
    if (!list.ok) throw new Error(list.failure.message);
    const marked = list.data.records.filter((a) => a.defaultDelivery || a.defaultBilling);
    expect(marked.map((a) => [a.city, a.defaultDelivery, a.defaultBilling])).toEqual([
      ["Pula", true, false],
      ["Zadar", false, true],
    ]);

    const [foreign] = await db
      .insert(addresses)
      .values({
        userId: await newCustomer(db, "api-tudja@example.com"),
        type: "other",
        firstName: "X",
        lastName: "Y",
        contactEmail: "x@example.com",
        contactPhone: "1",
      })
      .returning({ id: addresses.id });
    const refused = await api.call("user.web.address.default", { params: { id: foreign.id }, body: { kind: "delivery" } });
    expect(refused).toMatchObject({ ok: false, status: 404, failure: { message: "The address was not found." } });
    expect(await documentedMismatch(shop, "v1.user.web.address.default", 404, refused.ok ? null : refused.failure)).toEqual([]);
    expect((await api.call("user.web.address.default", { params: { id: "abc" }, body: {} })).status).toBe(404);
  });
});
