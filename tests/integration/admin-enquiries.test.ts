// Both databases: one UNION ALL across two tables with paging and CSV.
import { and, desc, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import {
  auditLog,
  enquiryReplies,
  formSubmissions,
  mailOutbox,
  orderItems,
  orders,
  paymentMethods,
  priceEnquiries,
} from "~/.server/db/schema";
import { Visitor } from "../setup/client";
import { loginAsAdmin } from "../setup/accounts";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { ADDRESS } from "./checkout-helpers";

/**
 * The enquiries inbox (decisions 0041 and 0076): price enquiries, request-quote carts and form
 * submissions in one list (one UNION ALL: filters, pages across both tables, CSV), the
 * detail page's status change (version / shown status), reply by mail, the bulk action, and
 * a quote made into an order draft the customer pays by bank transfer from the mailed link.
 * Rows carry a marker of this run, so the list is searched for exactly them (the PostgreSQL
 * database is shared with other files).
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const RUN = `inbox${Date.now()}`;
const refs: Record<string, string> = {};
const productIds: Record<string, number> = {};

async function enquiry(name: string, createdAt: string, extra: Partial<typeof priceEnquiries.$inferInsert> = {}) {
  const [row] = await db
    .insert(priceEnquiries)
    .values({
      siteId: 1,
      productId: productIds.panel,
      productName: "Krovni sendvič panel 40 mm PIR",
      productSku: "AK-PNL-SND-40",
      firstName: name,
      lastName: "Kupac",
      email: `${name.toLowerCase()}-${RUN}@example.com`,
      content: `Molim cijenu ${RUN}`,
      locale: "hr",
      userType: "anonymous",
      createdAt: new Date(createdAt),
      ...extra,
    })
    .returning({ id: priceEnquiries.id });
  return `enquiry-${row.id}`;
}

async function submission(name: string, createdAt: string) {
  const [row] = await db
    .insert(formSubmissions)
    .values({
      siteId: 1,
      formSlug: "contact",
      data: {
        firstName: name,
        lastName: "Forma",
        from: `${name.toLowerCase()}-${RUN}@example.com`,
        subject: "Montaža",
        content: `Pitanje ${RUN}`,
      },
      email: `${name.toLowerCase()}-${RUN}@example.com`,
      locale: "hr",
      userType: "anonymous",
      createdAt: new Date(createdAt),
    })
    .returning({ id: formSubmissions.id });
  return `submission-${row.id}`;
}

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
  productIds.panel = await catalogue(shop).idOf("AK-PNL-SND-40");
  productIds.trapez = await catalogue(shop).idOf("AK-TRP-T35-MJERA");
  refs.price = await enquiry("Petra", "2026-03-01T10:00:00Z");
  refs.formOld = await submission("Stipe", "2026-03-01T12:00:00Z");
  refs.quote = await enquiry("Quirin", "2026-03-02T10:00:00Z", {
    productId: null,
    productName: "",
    productSku: "",
    lines: [
      { productId: productIds.panel, name: "Krovni sendvič panel 40 mm PIR", sku: "AK-PNL-SND-40", quantity: 2, options: [] },
      {
        productId: productIds.trapez,
        name: "Trapezni lim T35",
        sku: "AK-TRP-T35-MJERA",
        quantity: 3,
        options: [{ label: "Boja", value: "RAL 8017" }],
      },
    ],
  });
  refs.form = await submission("Sanja", "2026-03-03T10:00:00Z");
}, 60_000);
afterAll(() => shop?.close());

const refsOf = (html: string) => [...html.matchAll(/href="\/admin\/enquiries\/((?:enquiry|submission)-\d+)"/g)].map((m) => m[1]);
const list = async (query: string) => refsOf((await admin.page(`/admin/enquiries?${query}`)).html);
const versionOf = async (ref: string) =>
  (
    await db
      .select({ version: priceEnquiries.version })
      .from(priceEnquiries)
      .where(eq(priceEnquiries.id, Number(ref.split("-")[1])))
  )[0].version;
const auditOf = (entity: string, ref: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, Number(ref.split("-")[1]))))
    .orderBy(desc(auditLog.id));

describe("/admin/enquiries", () => {
  it("lists price enquiries, quote requests and form submissions newest first, each naming its source", async () => {
    const { response, html } = await admin.page(`/admin/enquiries?q=${RUN}`);
    expect(response.status).toBe(200);
    expect(refsOf(html)).toEqual([refs.form, refs.quote, refs.formOld, refs.price]);
    expect(html).toContain("Upit o cijeni");
    expect(html).toContain("Zahtjev za ponudu");
    expect(html).toContain("Obrazac");
    expect(html).toContain("Novi");
  });

  it("filters by kind, status and day range and searches name, e-mail, product and text", async () => {
    expect(await list(`q=${RUN}&kind=form`)).toEqual([refs.form, refs.formOld]);
    expect(await list(`q=${RUN}&kind=quote`)).toEqual([refs.quote]);
    expect(await list(`q=${RUN}&kind=price`)).toEqual([refs.price]);
    expect(await list(`q=${RUN}&from=2026-03-02`)).toEqual([refs.form, refs.quote]);
    expect(await list(`q=${RUN}&to=2026-03-01`)).toEqual([refs.formOld, refs.price]);
    expect(await list(`q=petra-${RUN}`)).toEqual([refs.price]);
    expect(await list(`q=Sanja&from=2026-03-03&to=2026-03-03`)).toContain(refs.form);
    // A quote's product is in its lines.
    expect(await list(`q=Trapezni lim T35&from=2026-03-02&to=2026-03-02`)).toContain(refs.quote);
    expect(await list(`q=${RUN}&status=closed`)).toEqual([]);
    expect((await admin.page("/admin/enquiries?kind=letter")).response.status).toBe(400);
  });

  it("pages across both sources without losing or repeating a row", async () => {
    const marker = `paging${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString();
      if (i % 3 === 0) {
        const [row] = await db
          .insert(formSubmissions)
          .values({
            siteId: 1,
            formSlug: "contact",
            data: { firstName: `F${i}`, content: marker },
            email: `f${i}@example.com`,
            locale: "hr",
            userType: "anonymous",
            createdAt: new Date(at),
          })
          .returning({ id: formSubmissions.id });
        made.push(`submission-${row.id}`);
      } else {
        made.push(await enquiry(`E${i}`, at, { content: marker }));
      }
    }
    const first = await list(`q=${marker}`);
    const second = await list(`q=${marker}&page=2`);
    expect(first).toHaveLength(25);
    expect(second).toHaveLength(5);
    expect([...first, ...second]).toEqual([...made].reverse());
  });

  it("exports exactly the filtered inbox as CSV", async () => {
    const response = await admin.get(`/admin/enquiries.csv?q=${RUN}&kind=form`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="upiti-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Oznaka;Datum;Vrsta;Ime;E-mail;Proizvod / obrazac;Tekst;Status");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual([refs.form, refs.formOld]);
    expect(lines[1]).toContain(";Obrazac;Sanja Forma;");
  });
});

describe("/admin/enquiries/:ref", () => {
  it("shows everything sent, the product with its link and the quote's lines; 404 for an unknown ref", async () => {
    const { html } = await admin.page(`/admin/enquiries/${refs.price}`);
    expect(html).toContain(`Molim cijenu ${RUN}`);
    expect(html).toMatch(/href="\/product\/[^"]+"[^>]*>Krovni sendvič panel 40 mm PIR/);
    expect(html).toContain('value="Re: Krovni sendvič panel 40 mm PIR"');
    const quote = (await admin.page(`/admin/enquiries/${refs.quote}`)).html;
    const lines = new JSDOM(quote).window.document.querySelector('[data-testid="enquiry-lines"]')!.textContent;
    expect(lines).toContain("3 × Trapezni lim T35 (AK-TRP-T35-MJERA) — Boja: RAL 8017");
    const form = (await admin.page(`/admin/enquiries/${refs.form}`)).html;
    expect(form).toContain("Montaža");
    for (const bad of ["enquiry-999999", "order-1", "enquiry-0", "submission-99999999999"]) {
      expect((await admin.page(`/admin/enquiries/${bad}`)).response.status, bad).toBe(404);
    }
  });

  it("changes a price enquiry's status with its version and refuses a stale one (409, nothing overwritten)", async () => {
    const path = `/admin/enquiries/${refs.price}`;
    const version = await versionOf(refs.price);
    expect((await admin.post(path, { intent: "status", status: "closed", version: String(version) }, { tokenFrom: path })).status).toBe(
      302,
    );
    const stale = await admin.post(path, { intent: "status", status: "new", version: String(version) }, { tokenFrom: path });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("promijenio");
    const [row] = await db
      .select()
      .from(priceEnquiries)
      .where(eq(priceEnquiries.id, Number(refs.price.split("-")[1])));
    expect(row.status).toBe("closed");
    const [audit] = await auditOf("enquiry", refs.price);
    expect(audit).toMatchObject({
      action: "status",
      before: { status: "new" },
      after: { status: "closed" },
      actorEmail: "admin@alu-krov.hr",
    });
  });

  it("changes a submission's status on the status it showed and refuses when it moved meanwhile", async () => {
    const path = `/admin/enquiries/${refs.formOld}`;
    expect((await admin.post(path, { intent: "status", status: "closed", shown: "new" }, { tokenFrom: path })).status).toBe(302);
    expect((await admin.post(path, { intent: "status", status: "answered", shown: "new" }, { tokenFrom: path })).status).toBe(409);
    const [row] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, Number(refs.formOld.split("-")[1])));
    expect(row.status).toBe("closed");
    expect((await auditOf("submission", refs.formOld))[0]).toMatchObject({ action: "status", after: { status: "closed" } });
  });

  it("replies by mail: the mail in the outbox to the sender, reply-to the shop, a reply row, status answered, audited", async () => {
    const path = `/admin/enquiries/${refs.form}`;
    const response = await admin.post(
      path,
      { intent: "reply", subject: "Re: Montaža", text: "Poštovana, montaža je moguća u travnju." },
      { tokenFrom: path },
    );
    expect(response.status).toBe(302);
    const email = `sanja-${RUN}@example.com`;
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "enquiryReply"), eq(mailOutbox.to, email)));
    expect(mail).toMatchObject({ subject: "Re: Montaža", text: "Poštovana, montaža je moguća u travnju.", replyTo: "info@alu-krov.hr" });
    const [reply] = await db
      .select()
      .from(enquiryReplies)
      .where(and(eq(enquiryReplies.source, "submission"), eq(enquiryReplies.sourceId, Number(refs.form.split("-")[1]))));
    expect(reply).toMatchObject({ mailId: mail.id, authorEmail: "admin@alu-krov.hr" });
    expect(await list(`q=${RUN}&status=answered`)).toEqual([refs.form]);
    const { html } = await admin.page(path);
    expect(html).toContain("montaža je moguća u travnju");
    expect((await auditOf("submission", refs.form))[0]).toMatchObject({ action: "reply", after: { status: "answered", mailId: mail.id } });
    // An empty reply changes nothing.
    expect((await admin.post(path, { intent: "reply", subject: "Re", text: " " }, { tokenFrom: path })).status).toBe(400);
  });

  it("closes the ticked rows of the list at once", async () => {
    const response = await admin.post(
      `/admin/enquiries?q=${RUN}`,
      { intent: "bulk", status: "closed", refs: [refs.form, refs.formOld, "enquiry-x"] },
      { tokenFrom: "/admin/enquiries" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/enquiries?q=${RUN}`);
    expect(await list(`q=${RUN}&status=closed`)).toEqual([refs.form, refs.formOld, refs.price]);
    expect((await auditOf("submission", refs.form))[0]).toMatchObject({ action: "bulkStatus", after: { status: "closed" } });
  });
});

describe("a quote made into an order draft the customer pays", () => {
  let slug = "";
  let link = "";

  it("prices the lines, creates a draft order with checkout's totals and number, links it and mails the customer", async () => {
    const path = `/admin/enquiries/${refs.quote}`;
    const version = await versionOf(refs.quote);
    const stale = await admin.post(
      path,
      { intent: "draft", version: String(version + 5), "prices[0]": "100,00", "prices[1]": "25.50", delivery: "10" },
      { tokenFrom: path },
    );
    expect(stale.status).toBe(409);
    const response = await admin.post(
      path,
      { intent: "draft", version: String(version), "prices[0]": "100,00", "prices[1]": "25.50", delivery: "10" },
      { tokenFrom: path },
    );
    expect(response.status).toBe(302);
    const [enquiryRow] = await db
      .select()
      .from(priceEnquiries)
      .where(eq(priceEnquiries.id, Number(refs.quote.split("-")[1])));
    expect(enquiryRow.status).toBe("answered");
    const [order] = await db.select().from(orders).where(eq(orders.id, enquiryRow.orderId!));
    slug = order.slug;
    expect(order.slug).toMatch(/^\d{4}-\d{6}$/);
    // 2 × 100,00 + 3 × 25,50 + delivery 10,00; VAT 25 % contained in each.
    expect(order).toMatchObject({
      status: "draft",
      paymentStatus: "pending",
      itemsTotalCents: 27650,
      deliveryCents: 1000,
      orderTotalCents: 28650,
      taxCents: 5530 + 200,
      email: `quirin-${RUN}@example.com`,
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.position);
    expect(items.map((i) => [i.sku, i.quantity, i.unitCents, i.rowCents])).toEqual([
      ["AK-PNL-SND-40", 2, 10000, 20000],
      ["AK-TRP-T35-MJERA", 3, 2550, 7650],
    ]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderDraft"), eq(mailOutbox.orderId, order.id)));
    expect(mail.to).toBe(order.email);
    link = /https?:\/\/\S+\/ponuda\/\S+/.exec(mail.text)![0];
    expect(link).toContain(`/ponuda/${slug}?token=`);
    expect((await auditOf("enquiry", refs.quote))[0]).toMatchObject({
      action: "orderDraft",
      after: { orderId: order.id, orderSlug: slug },
    });
    // A second draft of the same quote is refused.
    const again = await admin.post(
      path,
      { intent: "draft", version: String(version + 1), "prices[0]": "1", "prices[1]": "1", delivery: "0" },
      { tokenFrom: path },
    );
    expect(again.status).toBe(409);
  });

  it("shows the offer only with the link's token, and paying by bank transfer makes it a received order awaiting payment", async () => {
    const path = new URL(link).pathname + new URL(link).search;
    expect((await new Visitor(shop).page(`/ponuda/${slug}`)).response.status).toBe(404);
    expect((await new Visitor(shop).page(`/ponuda/${slug}?token=${"x".repeat(43)}`)).response.status).toBe(404);
    const customer = new Visitor(shop);
    const { response, html } = await customer.page(path);
    expect(response.status).toBe(200);
    expect(html).toContain(`Ponuda ${slug}`);
    expect(html).toContain("Trapezni lim T35");
    const [bank] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, "bank"));
    const token = new URL(link).searchParams.get("token")!;
    // The addresses as checkout asks them (tests/integration/order-offer.test.ts has the rest).
    const paid = await customer.post(path, { methodId: String(bank.id), token, ...ADDRESS, sameBilling: "on" }, { tokenFrom: path });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/naplata/uspjesna?orderSlug=${slug}`);
    const [order] = await db.select().from(orders).where(eq(orders.slug, slug));
    expect(order).toMatchObject({
      status: "received",
      paymentStatus: "pending",
      paymentGateway: "bankTransfer",
      paymentMethodId: bank.id,
      deliveryAddress: expect.objectContaining({ street: "Ilica", countryIso: "HR" }),
    });
    const success = (await customer.page(paid.headers.get("Location")!)).html;
    expect(success).toContain('data-testid="bank-transfer-details"');
    const [confirmation] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "orderConfirmation"), eq(mailOutbox.orderId, order.id)));
    expect(confirmation.text).toContain(slug);
    // The offer now only says it was accepted.
    expect((await customer.page(path)).html).toContain("već prihvaćena");
  });
});
