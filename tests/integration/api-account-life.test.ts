// Both databases: a whole account's life over the headless API alone (decision 0129).
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, mailOutbox, options, orders, users } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { moveOrder } from "~/modules/order/order-admin.server";
import { cardSecret, RESULT_FIELDS, signFields } from "~/modules/payment/card/card-signature.server";
import { apiClient, documentedMismatch } from "../setup/api";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { createStaff } from "../setup/staff";
import { checkoutConsentId, methodIds } from "./checkout-helpers";

/**
 * What an app does for one customer from the first day to the last, with nothing but the API
 * and the mails the shop sends: register, confirm the address from the mail, sign in, keep an
 * address book (add, defaults, delete), buy (the order takes the default addresses), read the
 * history and the order, pay it again by card, take a copy of the data, delete the account.
 * Every answer, success or refusal, is checked against the OpenAPI document the shop serves.
 */
// One customer signs in a few times and registers from one address.
process.env.RATE_LIMIT_AUTH_POINTS = "200";

let shop: Shop;
let db: Database;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
let checkoutConsent: number;
const registerConsents: number[] = [];
beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
  checkoutConsent = Number(await checkoutConsentId(db));
  for (const row of await db.select().from(consents)) if ([1, 2].includes(row.uniqueNumber)) registerConsents.push(row.id);
  await db
    .update(options)
    .set({ value: true })
    .where(and(eq(options.siteId, 1), eq(options.key, "RegistrationRequiresEmailVerification")));
});
afterAll(() => shop.close());

type Result = { ok: boolean; status: number; data?: unknown; failure?: unknown };

/** The data of a call that must succeed, checked against the documented answer. */
async function ok<T>(name: string, result: Result): Promise<T> {
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  expect(await documentedMismatch(shop, `v1.${name}`, 200, { data: result.data }), name).toEqual([]);
  return result.data as T;
}

/** A refusal of that status, checked against the documented failure. */
async function refused(name: string, result: Result, status: number) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  expect(result.status, name).toBe(status);
  expect(await documentedMismatch(shop, `v1.${name}`, status, result.failure), name).toEqual([]);
  return result.failure as { message: string };
}

const EMAIL = "zivot-racuna@example.com";
const PASSWORD = "Zivot2026!racun";
const address = (city: string, street: string) => ({
  firstName: "Nina",
  lastName: "Babić",
  contactEmail: EMAIL,
  contactPhone: "+385 98 555 1234",
  country: "HR",
  city,
  street,
  houseNumber: "7",
  zipCode: "10000",
  companyName: "",
  companyOIB: "",
});

type SavedAddress = { id: number; city: string; defaultDelivery: boolean; defaultBilling: boolean };
type OrderDetail = {
  slug: string;
  lines: { sku: string; quantity: number }[];
  delivery: { address: { city: string } };
  billingAddress: { city: string };
  payment: { gateway: string; status: { code: string } };
  paymentInstructions: { kind: string; payUrl?: string; reason?: string };
};

describe("an account's life over the API", () => {
  it("goes from registration to deletion with the API alone", async () => {
    const app = await apiClient(shop, { language: "en" });

    // Registration: the address must be confirmed first; the link comes by mail only.
    const registered = await ok<{ userId: number; verificationToken: string | null; next: string }>(
      "user.web.register",
      await app.call("user.web.register", {
        body: {
          details: { firstName: "Nina", lastName: "Babić" },
          email: EMAIL,
          password: PASSWORD,
          memberCardBarcode: "",
          acceptedConsents: registerConsents,
        },
      }),
    );
    expect(registered).toMatchObject({ verificationToken: "sent", next: "confirmEmail" });
    const early = await refused("login", await app.call("login", { body: { username: EMAIL, password: PASSWORD } }), 403);
    expect(early.message).toBe("E-mail is not confirmed");
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, EMAIL)).orderBy(desc(mailOutbox.id));
    const token = /verificationToken=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();
    expect(await ok("user.web.verify", await app.call("user.web.verify", { params: { token: token! } }))).toEqual({ verified: true });

    // Sign in.
    const login = await ok<{ tokens: { accessToken: string; refreshToken: string }; user: { id: number; email: string } }>(
      "login",
      await app.call("login", { body: { username: EMAIL, password: PASSWORD } }),
    );
    expect(login.user).toMatchObject({ id: registered.userId, email: EMAIL });
    app.tokens = login.tokens;

    // The address book: three added, one the default delivery address, one the default billing one, the third deleted.
    const added: number[] = [];
    for (const [city, street] of [
      ["Zagreb", "Ilica"],
      ["Rijeka", "Korzo"],
      ["Osijek", "Europska avenija"],
    ]) {
      const made = await ok<{ address: SavedAddress }>(
        "user.web.address.create",
        await app.call("user.web.address.create", { body: { ...address(city, street), type: "other" } }),
      );
      added.push(made.address.id);
    }
    const [home, office, old] = added;
    await ok("user.web.address.default", await app.call("user.web.address.default", { params: { id: home }, body: { kind: "delivery" } }));
    await ok("user.web.address.default", await app.call("user.web.address.default", { params: { id: office }, body: { kind: "billing" } }));
    expect(await ok("user.web.address.delete", await app.call("user.web.address.delete", { params: { id: old } }))).toEqual({
      deleted: true,
    });
    await refused("user.web.address.delete", await app.call("user.web.address.delete", { params: { id: old } }), 404);
    const book = await ok<{ records: SavedAddress[] }>("user.web.address.filter", await app.call("user.web.address.filter", { query: {} }));
    expect(book.records.map((a) => [a.city, a.defaultDelivery, a.defaultBilling])).toEqual([
      ["Zagreb", true, false],
      ["Rijeka", false, true],
    ]);

    // Buy by card, naming no address: the order takes the defaults. The provider's page is left unpaid.
    const cart = await ok<{ cartId: number; protectCode: string }>(
      "ecommerce.cart.addItem",
      await app.call("ecommerce.cart.addItem", { body: { productId: panel, qty: 2 } }),
    );
    const session = { cartId: cart.cartId, protectCode: cart.protectCode };
    await ok(
      "ecommerce.delivery.saveDeliveryMethod",
      await app.call("ecommerce.delivery.saveDeliveryMethod", { body: { ...session, deliveryMethodId: Number(ids.courier) } }),
    );
    const created = await ok<{
      order: { id: number; slug: string; orderTotalCents: number; currencyLabel: string };
      payment: { kind: string; url?: string };
    }>(
      "ecommerce.order.create",
      await app.call("ecommerce.order.create", {
        body: { ...session, paymentMethodId: Number(ids.card), acceptedConsents: [checkoutConsent] },
      }),
    );
    expect(created.payment.kind).toBe("redirect");

    // The history and the order.
    const history = await ok<{ records: { slug: string }[]; totalRecords: number }>(
      "user.orders.list",
      await app.call("user.orders.list", { query: {} }),
    );
    expect(history).toMatchObject({ totalRecords: 1, records: [{ slug: created.order.slug }] });
    const detail = await ok<OrderDetail>("user.orders.get", await app.call("user.orders.get", { params: { slug: created.order.slug } }));
    expect(detail.lines).toEqual([expect.objectContaining({ sku: "AK-PNL-SND-40", quantity: 2 })]);
    expect([detail.delivery.address.city, detail.billingAddress.city]).toEqual(["Zagreb", "Rijeka"]);
    expect(detail.payment).toMatchObject({ gateway: "card", status: { code: "pending" } });

    // Pay again: the detail hands out the shop's order page (its "Pay now" starts the payment); the
    // provider's signed answer comes back through order/pgSuccess.
    expect(detail.paymentInstructions).toEqual({ kind: "card", payUrl: `${env.PUBLIC_URL}/en/profile/orders/${created.order.slug}` });
    const fields: Record<string, string> = {
      orderId: String(created.order.id),
      orderRef: created.order.slug,
      amount: String(created.order.orderTotalCents),
      currency: created.order.currencyLabel,
      outcome: "success",
      reference: `zivot-${created.order.id}`,
    };
    const paid = await ok<{ paymentStatus: string }>(
      "ecommerce.order.pgSuccess",
      await app.call("ecommerce.order.pgSuccess", {
        params: { id: created.order.id },
        body: { ...fields, signature: signFields(fields, RESULT_FIELDS, cardSecret()!) },
      }),
    );
    expect(paid.paymentStatus).toBe("paid");
    const after = await ok<OrderDetail>("user.orders.get", await app.call("user.orders.get", { params: { slug: created.order.slug } }));
    expect(after.paymentInstructions).toEqual({ kind: "none", reason: "paid" });

    // A copy of everything the shop keeps.
    const copy = await ok<{ profile: { email: string }; addresses: unknown[]; orders: { slug: string }[] }>(
      "user.web.export",
      await app.call("user.web.export"),
    );
    expect(copy.profile.email).toBe(EMAIL);
    expect(copy.addresses).toHaveLength(2);
    expect(copy.orders.map((o) => o.slug)).toEqual([created.order.slug]);

    // The account cannot go while its order is on its way; once the shop has delivered it, it can.
    const open = await refused("user.web.delete", await app.call("user.web.delete", { body: { password: PASSWORD } }), 409);
    expect(open.message).toContain(created.order.slug);
    const staff = await createStaff(shop, "sales");
    const version = async () =>
      (await db.select({ version: orders.version }).from(orders).where(eq(orders.id, created.order.id)))[0].version;
    await moveOrder(staff, created.order.id, {
      intent: "ship",
      version: await version(),
      carrier: "",
      trackingNumber: "",
      trackingUrl: "",
    });
    await moveOrder(staff, created.order.id, { intent: "deliver", version: await version() });
    expect(await ok("user.web.delete", await app.call("user.web.delete", { body: { password: PASSWORD } }))).toEqual({ deleted: true });

    // Gone: no account, its tokens dead, signing in refused.
    expect(await db.select().from(users).where(eq(users.email, EMAIL))).toEqual([]);
    await refused("user.web.profile", await app.call("user.web.profile"), 401);
    await refused("login", await app.call("login", { body: { username: EMAIL, password: PASSWORD } }), 401);
  });
});
