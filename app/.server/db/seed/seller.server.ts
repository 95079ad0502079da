import type { Executor } from "../client.server";
import { options } from "../schema";
import { SELLER_OPTION } from "~/modules/kernel/options";
import { COMPANY, SITE_ID } from "./data/options";

/** The seller on payment slips and invoices (CMS option SellerDetails; decisions 0020 and 0021). */
export async function seedSeller(tx: Executor) {
  const [zip, ...city] = COMPANY.city.split(" ");
  await tx
    .insert(options)
    .values({
      siteId: SITE_ID,
      key: SELLER_OPTION,
      value: {
        name: COMPANY.name,
        street: COMPANY.street,
        city: `${zip} ${city.join(" ")}`,
        country: COMPANY.country,
        oib: COMPANY.oib,
        iban: COMPANY.iban,
        email: COMPANY.email,
        phone: COMPANY.phone,
        purposeCode: "OTHR",
        registerCourt: COMPANY.registerCourt,
        registerNumber: COMPANY.registerNumber,
        shareCapital: COMPANY.shareCapital,
        directors: COMPANY.directors,
      },
    })
    .onConflictDoNothing();
}
