import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { signInAsCustomer } from "../setup/accounts";
import { decodeEntities, toastOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { placeOrder } from "../setup/orders";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The profile's orders (spec §2 Profile): the history with count, date, status and total,
 * newest first and paginated; an order's page with lines, totals, addresses, delivery,
 * payment status and the PDF invoice; only for the order's owner. Bank-transfer orders
 * show their payment details with the HUB-3 barcode (decision 0020).
 */
let shop: Shop;
let db: Database;
let customer: Visitor;
const doc = (html: string) => new JSDOM(html).window.document;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  customer = await signInAsCustomer(shop, new Visitor(shop));
});
afterAll(() => shop.close());

describe("order history", () => {
  it("lists the customer's orders newest first with number, date, status and total, 10 a page", async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) {
      placed.push(
        await placeOrder(shop, DEMO_CUSTOMER.email, {
          createdAt: new Date(Date.UTC(2026, 0, 1 + i, 10)),
          slug: `2026-10${String(i).padStart(4, "0")}`,
        }),
      );
    }
    await placeOrder(shop, DEMO_ADMIN.email, { slug: "2026-200000" });
    const first = doc(await (await customer.get("/profil")).text());
    expect(first.querySelector('[data-testid="order-count"]')?.textContent).toBe("Broj narudžbi: 12");
    const rows = [...first.querySelectorAll('[data-testid="order-row"]')];
    expect(rows).toHaveLength(10);
    expect(rows[0].textContent).toContain("2026-100011");
    expect(rows[0].textContent).toContain("12. 01. 2026.");
    expect(rows[0].textContent).toContain("Zaprimljena");
    expect(rows[0].textContent).toContain("Čeka plaćanje");
    expect(rows[0].textContent).toContain("167,70");
    expect(rows[0].querySelector("a")?.getAttribute("href")).toBe("/profil/narudzbe/2026-100011");
    expect(first.body.textContent).not.toContain("2026-200000");
    const second = doc(await (await customer.get("/profil?orders=2")).text());
    expect([...second.querySelectorAll('[data-testid="order-row"] a')].map((a) => a.textContent)).toEqual(["2026-100001", "2026-100000"]);
    // English paths.
    const en = doc(await (await customer.get("/en/profile")).text());
    expect(en.querySelector('[data-testid="order-row"] a')?.getAttribute("href")).toBe("/en/profile/orders/2026-100011");
  });
});

describe("order page", () => {
  it("shows lines, totals, addresses, delivery, payment status and the invoice link to its owner", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email);
    const response = await customer.get(`/profil/narudzbe/${order.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("private");
    const page = doc(await response.text());
    const text = decodeEntities(page.querySelector('[data-testid="order-detail"]')?.textContent ?? "");
    expect(text).toContain(`Narudžba ${order.slug}`);
    expect(text).toContain("Aluminijski krovni panel – čelično siva");
    expect(text).toContain("Šetalište Žrtava 7");
    expect(text).toContain("Dostava na adresu");
    expect(page.querySelector('[data-testid="order-total-total"]')?.textContent).toBe("167,70\u00a0EUR");
    expect(page.querySelector('[data-testid="payment-status"]')?.textContent).toBe("Čeka plaćanje");
    expect(page.querySelector('[data-testid="pay-now-form"]')).not.toBeNull();
    expect(page.querySelector('[data-testid="invoice-link"]')?.getAttribute("href")).toBe(`/profil/narudzbe/${order.slug}/racun`);
    expect(page.querySelector('[data-testid="bank-transfer-details"]')).toBeNull();
  });

  it("is 404 for another customer's or an unknown order, and sends visitors to log in", async () => {
    const theirs = await placeOrder(shop, DEMO_ADMIN.email);
    expect((await customer.get(`/profil/narudzbe/${theirs.slug}`)).status).toBe(404);
    expect((await customer.get(`/profil/narudzbe/${theirs.slug}/racun`)).status).toBe(404);
    expect((await customer.get("/profil/narudzbe/nope")).status).toBe(404);
    const visitor = await new Visitor(shop).get(`/en/profile/orders/${theirs.slug}`);
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([
      302,
      `/en/login?redirectTo=${encodeURIComponent(`/en/profile/orders/${theirs.slug}`)}`,
    ]);
    const pay = await customer.post(`/profil/narudzbe/${theirs.slug}`, { intent: "pay" }, { tokenFrom: "/profil" });
    expect(pay.status).toBe(404);
  });

  it("shows a bank-transfer order's payment details with the HUB-3 barcode while it is unpaid", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email, { gateway: "bankTransfer" });
    const page = doc(await (await customer.get(`/profil/narudzbe/${order.slug}`)).text());
    const details = page.querySelector('[data-testid="bank-transfer-details"]');
    expect(details?.querySelector('[data-testid="bank-transfer-recipient"]')?.textContent).toBe(
      "Alu Krov d.o.o., Industrijska ulica 12, 10410 Velika Gorica",
    );
    expect(details?.querySelector('[data-testid="bank-transfer-iban"]')?.textContent).toBe("HR17 2360 0001 1012 3456 5");
    expect(details?.querySelector('[data-testid="bank-transfer-model"]')?.textContent).toBe("HR01");
    expect(details?.querySelector('[data-testid="bank-transfer-reference"]')?.textContent).toBe(order.slug);
    expect(details?.querySelector('[data-testid="bank-transfer-amount"]')?.textContent).toBe("167,70\u00a0EUR");
    expect(details?.querySelector('[data-testid="bank-transfer-purpose"]')?.textContent).toBe("OTHR");
    expect(details?.querySelector('[data-testid="bank-transfer-description"]')?.textContent).toBe(`Narudžba ${order.slug}`);
    const barcode = details?.querySelector("img");
    expect(barcode?.getAttribute("src")).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(barcode?.getAttribute("alt")).toBe("2D kod uplatnice (HUB-3) za mobilno bankarstvo");
    expect(page.querySelector('[data-testid="pay-now-form"]')).toBeNull();
  });
});

describe("invoice", () => {
  it("downloads a PDF with the embedded DejaVu font as an attachment named after the order", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email);
    const response = await customer.get(`/profil/narudzbe/${order.slug}/racun`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="racun-${order.slug}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toMatch(/FontFile2/);
    expect(pdf.toString("latin1")).toContain("DejaVuSans");
    const en = await customer.get(`/en/profile/orders/${order.slug}/invoice`);
    expect(en.headers.get("Content-Disposition")).toBe(`attachment; filename="invoice-${order.slug}.pdf"`);
    await en.arrayBuffer();
  });

  it("sends visitors to log in", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email);
    const response = await new Visitor(shop).get(`/profil/narudzbe/${order.slug}/racun`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/prijava\?redirectTo=/);
  });

  it("shows downloadFailed on the order page, not a 500, when the invoice cannot be made", async () => {
    const order = await placeOrder(shop, DEMO_CUSTOMER.email);
    const where = and(eq(options.siteId, 1), eq(options.key, "SellerDetails"));
    const [saved] = await db.select().from(options).where(where);
    await db
      .update(options)
      .set({ value: { ...(saved.value as object), iban: "HR0000000000000000000" } })
      .where(where);
    try {
      const response = await customer.get(`/profil/narudzbe/${order.slug}/racun`);
      expect([response.status, response.headers.get("Location")]).toEqual([302, `/profil/narudzbe/${order.slug}`]);
      const page = await (await customer.get(`/profil/narudzbe/${order.slug}`)).text();
      expect(toastOf(page)).toEqual({ type: "error", text: "Preuzimanje neuspješno. Molimo pokušajte ponovno." });
    } finally {
      await db.update(options).set({ value: saved.value }).where(where);
    }
  });
});
