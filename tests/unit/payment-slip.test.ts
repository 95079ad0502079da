import { describe, expect, it } from "vitest";
import { HUB3_FIELDS, hub3Text, latin2Binary, paymentReference, type Hub3Slip } from "~/modules/payment/bank-transfer/hub3";
import { formatIban, isValidIban } from "~/modules/payment/bank-transfer/iban";

/** Bank transfer payment details (decision 0020): IBAN check digits, poziv na broj, the HUB-3 barcode text. */
const slip: Hub3Slip = {
  amountCents: 12_355,
  currency: "EUR",
  payerName: "Ivana Kovačić",
  payerStreet: "Šetalište Žrtava 7",
  payerCity: "31400 Đakovo",
  recipientName: "ALU KROV d.o.o.",
  recipientStreet: "Industrijska ulica 12",
  recipientCity: "10410 Velika Gorica",
  iban: "HR12 1001 0051 8630 0016 0",
  model: "HR01",
  reference: "2026-000042",
  purposeCode: "OTHR",
  description: "Narudžba 2026-000042",
};

describe("IBAN", () => {
  it("accepts valid check digits and refuses a changed digit or a wrong Croatian length", () => {
    expect(isValidIban("HR1210010051863000160")).toBe(true);
    expect(isValidIban("hr12 1001 0051 8630 0016 0")).toBe(true);
    expect(isValidIban("HR1723600001101234565")).toBe(true);
    expect(isValidIban("HR1210010051863000161")).toBe(false);
    expect(isValidIban("HR121001005186300016")).toBe(false);
    expect(isValidIban("")).toBe(false);
    expect(formatIban("HR1210010051863000160")).toBe("HR12 1001 0051 8630 0016 0");
  });
});

describe("poziv na broj (model HR01)", () => {
  it("keeps the order number's digits and hyphens, without stray hyphens, at most 22 characters", () => {
    expect(paymentReference("2026-000042")).toBe("2026-000042");
    expect(paymentReference("AK-2026/42")).toBe("202642");
    expect(paymentReference("-2026--42-")).toBe("2026-42");
    expect(paymentReference("1234567890-1234567890-123")).toBe("1234567890-1234567890");
    expect(paymentReference("1234567890-1234567890-123")).toMatch(/^[0-9-]{1,22}$/);
  });
});

describe("HUB-3 barcode text", () => {
  it("has the header and the fields in the standard's order, each ending with LF, the amount as 15 digits in cents", () => {
    expect(hub3Text(slip)).toBe(
      [
        "HRVHUB30",
        "EUR",
        "000000000012355",
        "Ivana Kovačić",
        "Šetalište Žrtava 7",
        "31400 Đakovo",
        "ALU KROV d.o.o.",
        "Industrijska ulica 12",
        "10410 Velika Gorica",
        "HR1210010051863000160",
        "HR01",
        "2026-000042",
        "OTHR",
        "Narudžba 2026-000042",
        "",
      ].join("\n"),
    );
  });

  it("cuts every field to its maximum length", () => {
    expect(HUB3_FIELDS.map(([, max]) => max)).toEqual([8, 3, 15, 30, 27, 27, 25, 25, 27, 21, 4, 22, 4, 35]);
    const long = "Ž".repeat(60);
    const text = hub3Text({
      ...slip,
      payerName: long,
      payerStreet: long,
      payerCity: long,
      recipientName: long,
      recipientStreet: long,
      recipientCity: long,
      reference: "1".repeat(30),
      description: long,
    });
    const lines = text.split("\n");
    expect(lines).toHaveLength(15);
    expect(lines.slice(0, 14).map((l) => l.length)).toEqual([8, 3, 15, 30, 27, 27, 25, 25, 27, 21, 4, 22, 4, 35]);
  });

  it("keeps one line per field and characters ISO-8859-2 can carry", () => {
    const lines = hub3Text({ ...slip, payerName: "Ana\nHorvat – Ćosić ö €" }).split("\n");
    expect(lines[3]).toBe("Ana Horvat - Ćosić o ?");
  });

  it("is encoded in ISO-8859-2: one byte per character, Croatian letters at their Latin-2 codes", () => {
    const bytes = [...latin2Binary("ČčĆćĐđŠšŽž A")].map((c) => c.charCodeAt(0));
    expect(bytes).toEqual([0xc8, 0xe8, 0xc6, 0xe6, 0xd0, 0xf0, 0xa9, 0xb9, 0xae, 0xbe, 0x20, 0x41]);
  });
});
