import { describe, expect, it } from "vitest";
import { computeTotals, type TotalsInput } from "~/modules/cart/cart-totals";
import { chargesVat, vatByRate } from "~/modules/cart/vat-rule";
import { buildSnapshot, type SnapshotOrder } from "~/modules/documents/document-snapshot";
import { documentNumber } from "~/modules/documents/issue-documents.server";
import { renderInvoice } from "~/modules/documents/invoice.server";
import { renderDeliveryNote } from "~/modules/documents/delivery-note.server";
import { needsFiscalisation } from "~/modules/documents/fiscal/fiscal-provider.server";
import type { SellerDetails } from "~/modules/payment/seller.server";
import { getFixedT } from "~/.server/i18n.server";

/**
 * The rules behind issued documents (decision 0104): the one VAT rule by delivery country,
 * the VAT base and VAT per rate, the number series, which payments are fiscalised, and a
 * snapshot that carries everything the PDF prints.
 */
const NOW = new Date("2026-06-01T12:00:00Z");
const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [
    { itemId: "a", productIds: [1], quantity: 2, priceCents: 12500, membershipCents: 10000, taxRateBp: 2500 },
    { itemId: "b", productIds: [2], quantity: 1, priceCents: 1130, membershipCents: null, taxRateBp: 1300 },
  ],
  membership: false,
  coupon: null,
  delivery: { priceCents: 500, taxRateBp: 2500 },
  freeDeliveryCents: null,
  loyaltyCents: 0,
  now: NOW,
  ...over,
});

describe("VAT by delivery country", () => {
  it("charges Croatian VAT inside the EU and where the country is not known yet; outside the EU only with the setting", () => {
    expect(chargesVat("HR", { vatOutsideEu: false })).toBe(true);
    expect(chargesVat("at", { vatOutsideEu: false })).toBe(true);
    expect(chargesVat("", { vatOutsideEu: false })).toBe(true);
    expect(chargesVat(null, { vatOutsideEu: false })).toBe(true);
    expect(chargesVat("RS", { vatOutsideEu: false })).toBe(false);
    expect(chargesVat("CH", { vatOutsideEu: false })).toBe(false);
    expect(chargesVat("RS", { vatOutsideEu: true })).toBe(true);
  });

  it("charges net prices at rate 0, delivery and membership prices too, when no VAT is charged", () => {
    const charged = computeTotals(input());
    expect(charged.tax).toBe(5000 + 130 + 100);
    const exempt = computeTotals(input({ vatCharged: false }));
    expect(exempt.lines.map((l) => [l.unitCents, l.taxRateBp])).toEqual([
      [10000, 0],
      [1000, 0],
    ]);
    expect([exempt.delivery, exempt.tax, exempt.orderTotal]).toEqual([400, 0, 21400]);
    expect(charged.orderTotal - charged.tax).toBe(exempt.orderTotal);
    expect(computeTotals(input({ vatCharged: false, membership: true })).lines[0].unitCents).toBe(8000);
  });

  it("gives VAT base and VAT per rate, the delivery's VAT apart as the totals take it", () => {
    expect(
      vatByRate(
        [
          { grossCents: 25000, rateBp: 2500 },
          { grossCents: 1130, rateBp: 1300 },
        ],
        { grossCents: 500, rateBp: 2500 },
      ),
    ).toEqual([
      { rateBp: 2500, grossCents: 25500, baseCents: 20400, vatCents: 5100 },
      { rateBp: 1300, grossCents: 1130, baseCents: 1000, vatCents: 130 },
    ]);
  });
});

describe("numbers and fiscalisation", () => {
  const seller = { premisesCode: "WEB1", deviceCode: "2" };
  it("numbers each kind in its own series", () => {
    expect(documentNumber("invoice", 2026, 7, seller)).toBe("7/WEB1/2");
    expect(documentNumber("storno", 2026, 3, seller)).toBe("S-3/WEB1/2");
    expect(documentNumber("deliveryNote", 2026, 12, seller)).toBe("OTP-2026-000012");
    expect(documentNumber("creditNote", 2026, 4, seller)).toBe("2026-000004");
  });
  it("fiscalises what is paid in cash or by card, not a bank transfer", () => {
    expect([needsFiscalisation("card"), needsFiscalisation("cashOnDelivery"), needsFiscalisation("bankTransfer")]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe("the snapshot", () => {
  const address = {
    firstName: "Ana",
    lastName: "Horvat",
    contactEmail: "ana@example.com",
    contactPhone: "+385 91 123 4567",
    countryIso: "HR",
    countryName: "Hrvatska",
    city: "Zagreb",
    street: "Ilica",
    houseNumber: "10",
    zipCode: "10000",
    companyName: "Kupac d.o.o.",
    companyOib: "12345678903",
  };
  const seller: SellerDetails = {
    name: "Alu Krov d.o.o.",
    street: "Industrijska ulica 12",
    city: "10410 Velika Gorica",
    country: "Hrvatska",
    oib: "94577403194",
    iban: "HR1723600001101234565",
    email: "info@alu-krov.hr",
    phone: "+385 1 6222 333",
    purposeCode: "OTHR",
    registerCourt: "Trgovački sud u Zagrebu",
    registerNumber: "081234567",
    shareCapital: "2.650,00 EUR, uplaćen u cijelosti",
    directors: "Ivan Horvat",
    premisesCode: "WEB1",
    deviceCode: "1",
  };
  const order: SnapshotOrder = {
    slug: "2026-000042",
    createdAt: NOW,
    currencyLabel: "EUR",
    paymentGateway: "card",
    paymentMethodName: "Kartica",
    deliveryMethodName: "Dostava na adresu",
    deliveryBranchName: null,
    deliveryAddress: address,
    billingAddress: address,
    couponCode: "C10",
    itemsTotalCents: 26130,
    couponCents: 1000,
    loyaltyCents: 0,
    deliveryCents: 500,
    taxCents: 5130,
    orderTotalCents: 25630,
  };
  const lines = [
    { name: "Panel", sku: "P", quantity: 2, lengthMm: null, unitCents: 12500, rowCents: 25000, taxRateBp: 2500 },
    { name: "Knjiga", sku: "K", quantity: 1, lengthMm: null, unitCents: 1130, rowCents: 1130, taxRateBp: 1300 },
  ];

  it("keeps the seller with the register line, the buyer without e-mail or phone, VAT per rate after the discount", () => {
    const snapshot = buildSnapshot({ kind: "invoice", number: "1/WEB1/1", issuedAt: NOW, operator: null, seller, order, lines });
    expect(snapshot.seller).toMatchObject({ street: "Industrijska ulica 12", registerNumber: "081234567", directors: "Ivan Horvat" });
    expect(snapshot.seller).not.toHaveProperty("premisesCode");
    expect(snapshot.buyer.address).toMatchObject({ companyOib: "12345678903", contactEmail: "", contactPhone: "" });
    const vat = snapshot.vat;
    expect(vat.map((v) => v.rateBp)).toEqual([2500, 1300]);
    expect(vat.reduce((sum, v) => sum + v.baseCents + v.vatCents, 0)).toBe(order.orderTotalCents);
    expect(snapshot.sign).toBe(1);
    expect(buildSnapshot({ kind: "storno", number: "S-1/WEB1/1", issuedAt: NOW, operator: "a@b.hr", seller, order, lines }).sign).toBe(-1);
  });

  it("draws the invoice, its storno and the delivery note as PDFs from the snapshot alone", async () => {
    const t = await getFixedT("hr");
    const invoice = buildSnapshot({
      kind: "invoice",
      number: "1/WEB1/1",
      issuedAt: NOW,
      operator: null,
      seller,
      order,
      lines,
      fiscal: { zki: "0123456789abcdef0123456789abcdef", jir: "6f7b3c9e-1234-4cde-8f00-0123456789ab" },
    });
    for (const pdf of [
      await renderInvoice(invoice, t, "hr", { cancelledBy: "S-1/WEB1/1" }),
      await renderDeliveryNote({ ...invoice, kind: "deliveryNote", number: "OTP-2026-000001" }, t, "hr"),
    ])
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
