import { describe, expect, it } from "vitest";
import type { OrderAddress } from "~/.server/db/schema";
import { erasedOrderEmail, isErasedEmail } from "~/modules/account/erased-email";
import { anonymiseAddress } from "~/modules/customer/customer-erase.server";

const person: OrderAddress = {
  firstName: "Ana",
  lastName: "Horvat",
  street: "Ilica",
  houseNumber: "12",
  zipCode: "10000",
  city: "Zagreb",
  countryIso: "HR",
  countryName: "Hrvatska",
  contactEmail: "ana@example.com",
  contactPhone: "+385 91 000 0000",
  companyName: "",
  companyOib: "",
} as OrderAddress;
const company: OrderAddress = { ...person, companyName: "Krovovi d.o.o.", companyOib: "94577403194" };

describe("GDPR erasure of an order's addresses (decision 0040)", () => {
  it("keeps a private buyer's name and street on the invoice's address, and no e-mail or phone", () => {
    expect(anonymiseAddress(person, "invoiceBuyer")).toMatchObject({
      firstName: "Ana",
      lastName: "Horvat",
      street: "Ilica",
      houseNumber: "12",
      contactEmail: "",
      contactPhone: "",
      city: "Zagreb",
    });
  });

  it("keeps a company buyer's name, OIB and street, not the person's name", () => {
    expect(anonymiseAddress(company, "invoiceBuyer")).toMatchObject({
      firstName: "",
      lastName: "",
      street: "Ilica",
      companyName: "Krovovi d.o.o.",
      companyOib: "94577403194",
      contactPhone: "",
    });
  });

  it("keeps only the place of a private delivery address", () => {
    expect(anonymiseAddress(person, "delivery")).toMatchObject({
      firstName: "",
      lastName: "",
      street: "",
      houseNumber: "",
      contactEmail: "",
      contactPhone: "",
      zipCode: "10000",
      city: "Zagreb",
      countryIso: "HR",
    });
    expect(anonymiseAddress(null, "delivery")).toBeNull();
  });

  it("marks an erased order's e-mail so documents can leave it out", () => {
    expect(erasedOrderEmail(42)).toBe("obrisano-42@invalid");
    expect(isErasedEmail(erasedOrderEmail(42))).toBe(true);
    expect(isErasedEmail("obrisano@example.com")).toBe(false);
  });
});
