import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { consents, orders, products } from "~/.server/db/schema";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";

/**
 * What the backoffice shows of its records is in the owner's words: an audit trail's field
 * names and values (an order's states with the order screens' labels, money as the shop
 * writes prices, days as dates, yes/no), and an enquiry's mail state and sender type.
 */
let shop: Shop;
let db: Database;
let admin: Visitor;
const RUN = Date.now();

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  admin = await loginAsAdmin(new Visitor(shop));
}, 60_000);
afterAll(() => shop?.close());

/** The audit trail's changes as "label: before → after" lines, newest entry first. */
function trail(html: string): string[][] {
  const document = new JSDOM(html).window.document;
  return [...document.querySelectorAll('[data-testid="audit-entry"]')].map((entry) =>
    [...entry.querySelectorAll('[data-testid="audit-change"]')].map((change) =>
      [...change.children].map((cell) => cell.textContent!.replace(/[ \n\t]+/g, " ").trim()).join(": "),
    ),
  );
}

describe("an order's audit trail", () => {
  it("names the moves' states with the order screens' labels, the paid amount in EUR and the payment day as a date", async () => {
    const { slug } = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const page = `/admin/orders/${slug}`;
    const move = async (fields: Record<string, string>) => {
      const [order] = await db.select({ version: orders.version }).from(orders).where(eq(orders.slug, slug));
      const moved = await submit(admin, page, { version: String(order.version), ...fields });
      expect(moved.status, moved.html.slice(0, 300)).toBe(302);
      return moved.html;
    };
    // A part first (the order still awaits the rest), then the rest: the order is paid.
    await move({ intent: "markPaid", paidOn: "2026-03-01", paidAmount: "12,50" });
    const [{ orderTotalCents }] = await db.select({ orderTotalCents: orders.orderTotalCents }).from(orders).where(eq(orders.slug, slug));
    const rest = ((orderTotalCents - 1250) / 100).toFixed(2).replace(".", ",");
    await move({ intent: "markPaid", paidOn: "2026-03-02", paidAmount: rest });
    await move({ intent: "ship", carrier: "GLS", trackingNumber: "GLS-1", trackingUrl: "" });
    const [delivered, shipped, paid, part] = trail(await move({ intent: "deliver" }));
    expect(part).toContain("Uplata: 12,50\u00a0EUR");
    expect(part).toContain("Primljeni iznos: 0,00\u00a0EUR → 12,50\u00a0EUR");
    expect(delivered).toContain("Status: Poslana → Dostavljena");
    expect(shipped).toContain("Status: Zaprimljena → Poslana");
    expect(shipped).toContain("Broj za praćenje: — → GLS-1");
    expect(paid).toContain("Plaćanje: Čeka plaćanje → Plaćeno");
    expect(paid).toContain(`Uplata: ${rest}\u00a0EUR`);
    expect(paid.join("\n")).toMatch(/Primljeni iznos: 12,50\u00a0EUR → [\d.]+,\d\d\u00a0EUR/);
    expect(paid).toContain("Datum uplate: 02. 03. 2026.");
    // A part of the total: the trail says what was expected.
    expect(part.join("\n")).toMatch(/Iznos narudžbe: [\d.]+,\d\d\u00a0EUR/);
    // Never the stored words or field names.
    for (const raw of ["shipped", "delivered", "paymentStatus", "paidAmountCents", "1250"])
      expect([delivered, shipped, paid, part].flat().join("\n")).not.toContain(raw);
  });
});

describe("a product's audit trail", () => {
  it("shows a price change as amounts in EUR, and visibility as Da/Ne", async () => {
    const created = await submit(admin, "/admin/products/new", { format: "simple", name: `Riječi ${RUN}`, sku: `RIJECI-${RUN}` });
    expect(created.status, created.html.slice(0, 300)).toBe(302);
    const id = Number(/\/admin\/products\/(\d+)$/.exec(created.location!)![1]);
    const save = async (changes: Record<string, string>) => {
      const [p] = await db.select().from(products).where(eq(products.id, id));
      const form = new JSDOM(created.html).window.document;
      const fields: Record<string, string> = {
        intent: "save",
        version: String(p.version),
        sku: p.sku,
        type: p.type,
        priceUnit: p.priceUnit,
        taxRateBp: String(p.taxRateBp),
        categoryPriority: String(p.categoryPriority),
        stockLoaded: "none",
        "translations.hr.name": form.querySelector<HTMLInputElement>('[name="translations.hr.name"]')!.value,
        "translations.hr.slug": form.querySelector<HTMLInputElement>('[name="translations.hr.slug"]')!.value,
        ...changes,
      };
      const saved = await submit(admin, `/admin/products/${id}`, fields);
      expect(saved.status, saved.html.slice(0, 500)).toBe(302);
      return saved.html;
    };
    await save({ retailPrice: "12,50", price: "12,50" });
    const [change] = trail(await save({ retailPrice: "12,50", price: "11,90", visible: "on" }));
    expect(change).toContain("Cijena: 12,50\u00a0EUR → 11,90\u00a0EUR");
    expect(change).toContain("Vidljivo: Ne → Da");
  });
});

describe("an enquiry's page", () => {
  it("names the shop's mail state and the sender's type in words", async () => {
    const sku = "AK-PNL-SND-40";
    const slug = await catalogue(shop).slugOf(sku);
    const [consent] = await db.select().from(consents).where(eq(consents.uniqueNumber, 1));
    const path = `/upit-o-cijeni/${slug}`;
    const email = `rijeci-${RUN}@example.com`;
    const sent = await new Visitor(shop).post(
      path,
      { firstName: "Ana", from: email, content: "Cijena?", acceptedConsents: String(consent.id) },
      { tokenFrom: path },
    );
    expect(sent.status).toBeLessThan(400);
    const list = (await admin.page(`/admin/enquiries?q=${encodeURIComponent(email)}`)).html;
    const href = new JSDOM(list).window.document.querySelector<HTMLAnchorElement>('[data-testid="enquiry-link"]')!.getAttribute("href")!;
    const document = new JSDOM((await admin.page(href)).html).window.document;
    const records = document.querySelector('[data-testid="enquiry-records"]')!.textContent!;
    // Without SMTP the shop's notification waits in the outbox.
    expect(records).toContain("U redu čekanja");
    expect(records).toContain("Anonimni posjetitelj");
    expect(records).not.toMatch(/\bqueued\b|\banonymous\b/);
    expect(document.querySelector('[data-testid="enquiry-sent"]')!.textContent).toContain("Hrvatski");
  });
});
