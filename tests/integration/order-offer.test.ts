import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { addresses, countries, mailOutbox, orders, paymentEvents, priceEnquiries } from "~/.server/db/schema";
import { bankTransferSlip } from "~/modules/payment/bank-transfer/bank-transfer.server";
import { setTestProviderDown } from "~/modules/payment/test-provider/test-provider.server";
import { loginAsAdmin } from "../setup/accounts";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { ADDRESS, methodIds, newCustomer, signInAs } from "./checkout-helpers";

/**
 * Accepting an order draft's offer (docs/decisions/0076 and its addendum): the
 * customer gives the delivery and billing addresses with checkout's fields and rules
 * ('same as delivery' by default), and pays by bank transfer or card. The addresses land on
 * the order in the transaction that makes it a received order, so the confirmation mail and
 * the bank slip carry them; a refused post, or a card payment that cannot start, changes
 * nothing. Rows carry a marker of this run (the PostgreSQL database is shared).
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
let panel: number;
let ids: Awaited<ReturnType<typeof methodIds>>;
const RUN = `offer${Date.now()}`;
let offers = 0;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  ids = await methodIds(shop);
}, 60_000);
afterEach(() => setTestProviderDown(false));
afterAll(() => shop?.close());

type Offer = { slug: string; path: string; token: string; email: string };

/** A quote request priced by the admin into an order draft; the mailed link's path and token. */
async function offer(email = `kupac-${++offers}-${RUN}@example.com`): Promise<Offer> {
  const [enquiry] = await db
    .insert(priceEnquiries)
    .values({
      siteId: 1,
      productName: "",
      productSku: "",
      firstName: "Quirin",
      lastName: "Kupac",
      email,
      contactNumber: "+385 98 765 432",
      content: `Ponuda ${RUN}`,
      locale: "hr",
      userType: "anonymous",
      lines: [{ productId: panel, name: "Krovni sendvič panel 40 mm PIR", sku: "AK-PNL-SND-40", quantity: 2, options: [] }],
    })
    .returning();
  const admin_ = `/admin/enquiries/enquiry-${enquiry.id}`;
  const drafted = await admin.post(
    admin_,
    { intent: "draft", version: String(enquiry.version), "prices[0]": "100,00", delivery: "10" },
    { tokenFrom: admin_ },
  );
  expect(drafted.status).toBe(302);
  const [row] = await db.select().from(priceEnquiries).where(eq(priceEnquiries.id, enquiry.id));
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "orderDraft"), eq(mailOutbox.orderId, row.orderId!)));
  const link = new URL(/https?:\/\/\S+\/ponuda\/\S+/.exec(mail.text)![0]);
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId!));
  return { slug: order.slug, path: link.pathname + link.search, token: link.searchParams.get("token")!, email };
}

const orderOf = async (slug: string) => (await db.select().from(orders).where(eq(orders.slug, slug)))[0];
const confirmationsOf = (id: number) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.orderId, id)));
const billingOf = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace("delivery.", "billing."), v]));

async function accept(visitor: Visitor, o: Offer, fields: Record<string, string>) {
  // The form posts to the page's own address, the link's token included (so the refused post's page shows again).
  const response = await visitor.post(o.path, { token: o.token, ...fields }, { tokenFrom: o.path });
  return { response, doc: response.status === 302 ? null : new JSDOM(await response.text()).window.document };
}

/** The message shown at a field (its aria-describedby), and the value it keeps. */
function at(doc: Document, name: string) {
  const input = doc.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
  const message = (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => doc.getElementById(id)?.textContent ?? "")
    .join("")
    .trim();
  return { message, value: input.value, invalid: input.getAttribute("aria-invalid") === "true" };
}

describe("the offer's address form", () => {
  it("asks for the delivery address with checkout's fields, prefilled from the draft, billing the same by default", async () => {
    const o = await offer();
    const { response, html } = await new Visitor(shop).page(o.path);
    expect(response.status).toBe(200);
    const doc = new JSDOM(html).window.document;
    const form = doc.querySelector('[data-testid="offer-form"]')!;
    expect(form.getAttribute("action")).toBe(o.path);
    expect(at(doc, "delivery.firstName").value).toBe("Quirin");
    expect(at(doc, "delivery.lastName").value).toBe("Kupac");
    expect(at(doc, "delivery.contactEmail").value).toBe(o.email);
    expect(at(doc, "delivery.contactPhone").value).toBe("+385 98 765 432");
    for (const name of ["city", "street", "houseNumber", "zipCode", "companyName", "companyOIB"])
      expect(form.querySelector(`[name="delivery.${name}"]`), name).not.toBeNull();
    // The allowed countries, as at checkout, and required.
    const country = form.querySelector<HTMLSelectElement>('select[name="delivery.country"]')!;
    expect(country.required).toBe(true);
    expect([...country.options].some((option) => option.value === "HR")).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[name="sameBilling"]')!.checked).toBe(true);
    expect(form.querySelector('[name="billing.street"]')).not.toBeNull();
    expect(doc.body.textContent).toContain("Adresa za račun ista je kao adresa dostave");
  });

  it("refuses a missing phone, then a missing country, at their fields, keeps what was typed and changes nothing", async () => {
    const o = await offer();
    const before = await orderOf(o.slug);
    const { response, doc } = await accept(new Visitor(shop), o, {
      ...ADDRESS,
      "delivery.contactPhone": "",
      sameBilling: "on",
      methodId: ids.bank,
    });
    expect(response.status).toBe(400);
    expect(at(doc!, "delivery.contactPhone")).toMatchObject({ message: "Unos ovog polja je obavezan", invalid: true });
    expect(at(doc!, "delivery.street")).toMatchObject({ value: "Ilica", message: "" });
    expect(at(doc!, "delivery.city").value).toBe("Zagreb");
    expect(doc!.querySelector<HTMLInputElement>('input[name="sameBilling"]')!.checked).toBe(true);
    // Checkout needs a country to deliver to; the server names it once the fields pass.
    const noCountry = await accept(new Visitor(shop), o, { ...ADDRESS, "delivery.country": "", sameBilling: "on", methodId: ids.bank });
    expect(noCountry.response.status).toBe(400);
    expect(at(noCountry.doc!, "delivery.country").message).toBe("Unos ovog polja je obavezan");
    expect(at(noCountry.doc!, "delivery.contactPhone").value).toBe("+385 91 123 4567");
    const after = await orderOf(o.slug);
    expect(after).toEqual(before);
    expect(await confirmationsOf(after.id)).toHaveLength(0);
  });

  it("refuses a country outside the allowed list and an invalid OIB, as checkout does", async () => {
    const o = await offer();
    const { response, doc } = await accept(new Visitor(shop), o, {
      ...ADDRESS,
      "delivery.country": "XX",
      sameBilling: "on",
      methodId: ids.bank,
    });
    expect(response.status).toBe(400);
    expect(at(doc!, "delivery.country").message).toBe("Odaberite jednu od ponuđenih država");
    const oib = await accept(new Visitor(shop), o, {
      ...ADDRESS,
      "delivery.companyOIB": "12345678901",
      sameBilling: "on",
      methodId: ids.bank,
    });
    expect(at(oib.doc!, "delivery.companyOIB").message).toBe("OIB nije ispravan");
    expect((await orderOf(o.slug)).status).toBe("draft");
  });

  it("with 'same as delivery' unticked asks for the billing address's required fields", async () => {
    const o = await offer();
    const { response, doc } = await accept(new Visitor(shop), o, { ...ADDRESS, methodId: ids.bank });
    expect(response.status).toBe(400);
    expect(at(doc!, "billing.firstName").message).toBe("Unos ovog polja je obavezan");
    expect(doc!.querySelector<HTMLInputElement>('input[name="sameBilling"]')!.checked).toBe(false);
    expect((await orderOf(o.slug)).status).toBe("draft");
  });

  it("prefills a signed-in customer's default address", async () => {
    const email = `saved-${RUN}@example.com`;
    const userId = await newCustomer(db, email);
    const [hr] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso, "HR"));
    await db.insert(addresses).values({
      userId,
      type: "main",
      firstName: "Marta",
      lastName: "Spremljena",
      contactEmail: email,
      contactPhone: "+385 91 000 111",
      countryId: hr.id,
      city: "Split",
      street: "Riva",
      houseNumber: "3",
      zipCode: "21000",
      companyName: "",
      companyOib: "",
    });
    const o = await offer(email);
    const customer = await signInAs(new Visitor(shop), userId);
    const doc = new JSDOM((await customer.page(`/ponuda/${o.slug}`)).html).window.document;
    expect(
      ["firstName", "street", "houseNumber", "zipCode", "city", "country", "contactPhone"].map((n) => at(doc, `delivery.${n}`).value),
    ).toEqual(["Marta", "Riva", "3", "21000", "Split", "HR", "+385 91 000 111"]);
    // Someone else holding the link sees the draft's contact, not her address.
    const stranger = new JSDOM((await new Visitor(shop).page(o.path)).html).window.document;
    expect([at(stranger, "delivery.firstName").value, at(stranger, "delivery.street").value]).toEqual(["Quirin", ""]);
  });
});

describe("accepting by bank transfer", () => {
  it("stores the delivery address as billing too with 'same as delivery', in the mail and on the slip", async () => {
    const o = await offer();
    const customer = new Visitor(shop);
    const { response } = await accept(customer, o, { ...ADDRESS, sameBilling: "on", methodId: ids.bank });
    expect([response.status, response.headers.get("Location")]).toEqual([302, `/naplata/uspjesna?orderSlug=${o.slug}`]);
    const order = await orderOf(o.slug);
    expect(order).toMatchObject({ status: "received", paymentGateway: "bankTransfer" });
    expect(order.deliveryAddress).toMatchObject({
      firstName: "Ana",
      street: "Ilica",
      houseNumber: "10",
      zipCode: "10000",
      city: "Zagreb",
      countryIso: "HR",
      countryName: expect.any(String),
    });
    expect(order.billingAddress).toEqual(order.deliveryAddress);
    const [mail] = await confirmationsOf(order.id);
    expect(mail.text).toContain("Ilica 10\n10000 Zagreb");
    expect((await customer.page(response.headers.get("Location")!)).html).toContain('data-testid="bank-transfer-details"');
  });

  it("stores a different billing address: the invoice's buyer and the slip's payer", async () => {
    const o = await offer();
    const billing = {
      ...billingOf(ADDRESS),
      "billing.street": "Vukovarska",
      "billing.houseNumber": "5",
      "billing.zipCode": "31000",
      "billing.city": "Osijek",
      "billing.companyName": "Krovovi d.o.o.",
      "billing.companyOIB": "69435151530",
    };
    const { response } = await accept(new Visitor(shop), o, { ...ADDRESS, ...billing, methodId: ids.bank });
    expect(response.status).toBe(302);
    const order = await orderOf(o.slug);
    expect(order.deliveryAddress).toMatchObject({ street: "Ilica", city: "Zagreb" });
    expect(order.billingAddress).toMatchObject({
      street: "Vukovarska",
      houseNumber: "5",
      city: "Osijek",
      companyName: "Krovovi d.o.o.",
      companyOib: "69435151530",
    });
    const [mail] = await confirmationsOf(order.id);
    expect(mail.text).toContain("Adresa dostave:\nAna Horvat\nIlica 10\n10000 Zagreb");
    expect(mail.text).toContain("Adresa za račun:\nAna Horvat\nKrovovi d.o.o., OIB 69435151530\nVukovarska 5\n31000 Osijek");
    const slip = await bankTransferSlip(order);
    expect([slip.payerName, slip.payerStreet, slip.payerCity]).toEqual(["Krovovi d.o.o.", "Vukovarska 5", "31000 Osijek"]);
    // The accepted offer shows the addresses given and no form.
    const page = (await new Visitor(shop).page(o.path)).html;
    expect(page).toContain("Vukovarska 5");
    expect(page).not.toContain('data-testid="offer-form"');
  });
});

describe("accepting by card", () => {
  it("sends the customer to the provider, and a paid return marks the order paid", async () => {
    const o = await offer();
    const customer = new Visitor(shop);
    const { response } = await accept(customer, o, { ...ADDRESS, sameBilling: "on", methodId: ids.card });
    expect(response.status).toBe(302);
    const provider = new URL(response.headers.get("Location")!);
    const order = await orderOf(o.slug);
    expect([provider.pathname, provider.searchParams.get("orderRef"), provider.searchParams.get("amount")]).toEqual([
      "/test-payment-provider/pay",
      o.slug,
      String(order.orderTotalCents),
    ]);
    expect(order).toMatchObject({
      status: "received",
      paymentGateway: "card",
      paymentStatus: "pending",
      deliveryAddress: expect.objectContaining({ street: "Ilica" }),
    });
    // The customer presses "Pay" on the provider's page and comes back.
    const page = new JSDOM(await (await customer.get(provider.pathname + provider.search)).text()).window.document;
    const fields = Object.fromEntries(
      [...page.querySelectorAll("form input")].map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value]),
    );
    const decided = await customer.post(provider.pathname, { ...fields, decision: "pay" }, { csrf: false });
    const back = new URL(decided.headers.get("Location")!);
    const returned = await customer.get(back.pathname + back.search);
    expect([returned.status, returned.headers.get("Location")]).toEqual([302, `/naplata/uspjesna?orderSlug=${o.slug}`]);
    expect(await orderOf(o.slug)).toMatchObject({ paymentStatus: "paid", paidAt: expect.any(Date) });
    expect((await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).map((e) => e.outcome)).toContain("success");
  });

  it("a card payment that cannot start leaves the draft a draft and says so at the way of paying", async () => {
    const o = await offer();
    const before = await orderOf(o.slug);
    setTestProviderDown(true);
    const { response, doc } = await accept(new Visitor(shop), o, { ...ADDRESS, sameBilling: "on", methodId: ids.card });
    expect(response.status).toBe(502);
    expect(doc!.querySelector('[data-testid="offer-method-error"]')?.textContent).toContain("Plaćanje karticom nije bilo moguće pokrenuti");
    expect(at(doc!, "delivery.street").value).toBe("Ilica");
    expect(await orderOf(o.slug)).toEqual(before);
    expect(await confirmationsOf(before.id)).toHaveLength(0);
    // With the provider back, the same offer is accepted.
    setTestProviderDown(false);
    expect((await accept(new Visitor(shop), o, { ...ADDRESS, sameBilling: "on", methodId: ids.card })).response.status).toBe(302);
    expect((await orderOf(o.slug)).status).toBe("received");
  });
});
