import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { options } from "~/.server/db/schema";
import { SELLER_OPTION, SITE_ID } from "~/modules/kernel/options";
import { isValidIban, normalizeIban } from "~/modules/payment/bank-transfer/iban";
import { bankAccount } from "~/modules/payment/bank-transfer/bank-account.server";

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
  /** The company register line a d.o.o.'s invoice carries (Zakon o trgovačkim društvima, čl. 21): court, MBS, share capital, directors. */
  registerCourt: string;
  registerNumber: string;
  shareCapital: string;
  directors: string;
  /** The invoice number's business premises and payment device (fiscalisation, decision 0104). */
  premisesCode: string;
  deviceCode: string;
};

export const DEFAULT_PREMISES = "WEB1";
export const DEFAULT_DEVICE = "1";

/** `db`: the caller's transaction when there is one (PGlite has one connection: a second would wait for it). */
export async function getSellerDetails(executor?: Executor): Promise<SellerDetails> {
  // Read fresh (one small row): a corrected option applies to the next slip or invoice.
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, SELLER_OPTION)));
  const value = row?.value as Partial<SellerDetails> | null | undefined;
  const text = (key: keyof SellerDetails) => (typeof value?.[key] === "string" ? (value[key] as string).trim() : "");
  const seller: SellerDetails = {
    name: text("name"),
    street: text("street"),
    city: text("city"),
    country: text("country"),
    oib: text("oib"),
    // The bank-transfer payment method's account wins over the option's (decision 0049, /admin/payments).
    iban: (await bankAccount(db)).iban || normalizeIban(text("iban")),
    email: text("email"),
    phone: text("phone"),
    purposeCode: text("purposeCode") || "OTHR",
    registerCourt: text("registerCourt"),
    registerNumber: text("registerNumber"),
    shareCapital: text("shareCapital"),
    directors: text("directors"),
    premisesCode: text("premisesCode") || DEFAULT_PREMISES,
    deviceCode: text("deviceCode") || DEFAULT_DEVICE,
  };
  if (!seller.name || !isValidIban(seller.iban)) throw new Error(`CMS option ${SELLER_OPTION} is missing or its IBAN is not valid`);
  return seller;
}
