import { getSiteContext } from "~/modules/site/site.server";
import { isValidIban, normalizeIban } from "~/modules/payment/bank-transfer/iban";

/**
 * The seller's details for payment slips and invoices (CMS option SellerDetails, seeded
 * from the built-in company in seed/seller.server.ts). A missing or malformed option, or
 * an IBAN whose check digits fail, is a setup error: callers show their failure message.
 */
export type SellerDetails = {
  name: string;
  street: string;
  city: string;
  country: string;
  oib: string;
  iban: string;
  email: string;
  phone: string;
  purposeCode: string;
};

export const SELLER_OPTION = "SellerDetails";

export async function getSellerDetails(): Promise<SellerDetails> {
  const { options } = await getSiteContext("hr");
  const value = options[SELLER_OPTION] as Partial<SellerDetails> | null | undefined;
  const text = (key: keyof SellerDetails) => (typeof value?.[key] === "string" ? (value[key] as string).trim() : "");
  const seller: SellerDetails = {
    name: text("name"),
    street: text("street"),
    city: text("city"),
    country: text("country"),
    oib: text("oib"),
    iban: normalizeIban(text("iban")),
    email: text("email"),
    phone: text("phone"),
    purposeCode: text("purposeCode") || "OTHR",
  };
  if (!seller.name || !isValidIban(seller.iban)) throw new Error(`CMS option ${SELLER_OPTION} is missing or its IBAN is not valid`);
  return seller;
}
