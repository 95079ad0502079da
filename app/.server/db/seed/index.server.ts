import { seedBlog } from "./blog.server";
import { seedCheckout } from "./checkout.server";
import { seedEProductFile } from "./e-product-file.server";
import { seedSeller } from "./seller.server";
import { seedPageComponents } from "./page-components.server";
import { seedHomeHero } from "./home-hero.server";
import { seedRuns } from "../schema";
import type { Database, Executor } from "../client.server";
import { seedSite } from "./site.server";
import { seedPages } from "./pages.server";
import { seedDemo } from "./demo.server";
import { seedStaff, seedUsers } from "./users.server";
import { seedCartSettings, seedCoupons, seedRequestQuoteSetting } from "./cart.server";

type Step = { step: string; demo?: boolean; run: (tx: Executor) => Promise<void> };

/**
 * The seed, in named steps. A step's name changes (v2, …) when its data must reach
 * databases that already ran it; every step is idempotent on its own as well.
 */
export const SEED_STEPS: Step[] = [
  { step: "site@3", run: seedSite }, // the built-in site of spec §1
  { step: "pages@1", run: seedPages }, // the pages the built-in navigations link to
  { step: "users@1", run: seedUsers }, // demo backoffice user and customer
  { step: "demo@1", demo: true, run: seedDemo }, // demo catalogue and content
  { step: "cart-settings@1", run: seedCartSettings }, // delivery methods and the free-delivery limit
  { step: "coupons@1", demo: true, run: seedCoupons }, // demo coupons (after the catalogue: one is product-scoped)
  { step: "cart-request-quote@1", run: seedRequestQuoteSetting }, // the request-quote cart switch, off
  { step: "checkout@1", run: seedCheckout }, // payment methods, method descriptions, parcel lockers with branches
  { step: "seller@1", run: seedSeller }, // the seller on payment slips and invoices (CMS option SellerDetails)
  { step: "blog@1", demo: true, run: seedBlog }, // blog terms and posts, events
  { step: "page-components@1", run: seedPageComponents }, // components of the built-in pages, the demo database form
  { step: "e-product-file@1", demo: true, run: seedEProductFile }, // a real small file for the demo e-product
  { step: "staff@1", demo: true, run: seedStaff }, // demo sales and editor backoffice users (decision 0038)
  { step: "home-hero@1", run: seedHomeHero }, // the home page's banner as an editable hero component (decision 0051)
];

/**
 * Runs the steps this database has not run yet (all of them with `again`), each in its
 * own transaction. `demo: false` leaves out the demo data.
 */
export async function seed(db: Database, { demo, again = false }: { demo: boolean; again?: boolean }) {
  const done = new Set((await db.select({ step: seedRuns.step }).from(seedRuns)).map((r) => r.step));
  for (const step of SEED_STEPS) {
    if (step.demo && !demo) continue;
    if (done.has(step.step) && !again) continue;
    await db.transaction(async (tx) => {
      await step.run(tx);
      await tx.insert(seedRuns).values({ step: step.step }).onConflictDoNothing();
    });
  }
}
