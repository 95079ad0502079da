import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { orderItems, orders, paymentMethods, type OrderAddress, type PaymentGateway } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { taxPart } from "~/lib/prices";
import type { Locale } from "~/lib/locales";

/**
 * A placed order made directly in the database, for tests and the test provider's demo
 * (docs/decisions/0072): checkout places real orders; this only stands in where a test
 * needs one without walking through checkout. Totals follow the order's own rules (VAT
 * included, the tax part per line and of the delivery).
 */
export type TestOrderLine = { name: string; sku: string; quantity: number; unitCents: number; taxRateBp?: number };
export type TestOrderInput = {
  userId: number | null;
  email: string;
  gateway: PaymentGateway;
  locale?: Locale;
  lines?: TestOrderLine[];
  deliveryCents?: number;
  createdAt?: Date;
  slug?: string;
};

export const TEST_ADDRESS: OrderAddress = {
  firstName: "Ivana",
  lastName: "Kovačić",
  contactEmail: "ivana@example.com",
  contactPhone: "091 234 5678",
  countryIso: "HR",
  countryName: "Hrvatska",
  city: "Đakovo",
  street: "Šetalište Žrtava",
  houseNumber: "7",
  zipCode: "31400",
  companyName: "",
  companyOib: "",
};

const DEFAULT_LINES: TestOrderLine[] = [
  { name: "Aluminijski krovni panel – čelično siva", sku: "ALU-PANEL-01", quantity: 3, unitCents: 4590 },
  { name: "Žlijeb 3 m", sku: "ZLIJEB-3", quantity: 2, unitCents: 1250, taxRateBp: 1300 },
];

export async function createTestOrder(db: Executor, input: TestOrderInput): Promise<{ id: number; slug: string }> {
  const lines = input.lines ?? DEFAULT_LINES;
  const deliveryCents = input.deliveryCents ?? 500;
  const rows = lines.map((l) => ({ ...l, taxRateBp: l.taxRateBp ?? 2500, rowCents: l.unitCents * l.quantity }));
  const itemsTotal = rows.reduce((sum, r) => sum + r.rowCents, 0);
  const tax = rows.reduce((sum, r) => sum + taxPart(r.rowCents, r.taxRateBp), 0) + taxPart(deliveryCents, 2500);
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.siteId, SITE_ID), eq(paymentMethods.gateway, input.gateway)));
  const locale = input.locale ?? "hr";
  // Test numbers sit in a range of their own (9xxxxx), away from checkout's yearly counter.
  const slug = input.slug ?? `${new Date().getFullYear()}-9${String(randomInt(0, 100_000)).padStart(5, "0")}`;
  const [order] = await db
    .insert(orders)
    .values({
      siteId: SITE_ID,
      slug,
      userId: input.userId,
      email: input.email,
      locale,
      currencyLabel: "EUR",
      paymentMethodId: method?.id ?? null,
      paymentGateway: input.gateway,
      paymentMethodName: method?.name[locale] ?? method?.name.hr ?? input.gateway,
      deliveryMethodName: "Dostava na adresu",
      deliveryAddress: TEST_ADDRESS,
      billingAddress: { ...TEST_ADDRESS, companyName: "Krovovi Čakovec d.o.o.", companyOib: "94577403194" },
      itemsTotalCents: itemsTotal,
      deliveryCents,
      taxCents: tax,
      orderTotalCents: itemsTotal + deliveryCents,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: orders.id, slug: orders.slug });
  await db.insert(orderItems).values(
    rows.map((r, position) => ({
      orderId: order.id,
      sku: r.sku,
      name: r.name,
      quantity: r.quantity,
      unitCents: r.unitCents,
      rowCents: r.rowCents,
      taxRateBp: r.taxRateBp,
      options: { personalizations: {}, bundleOptions: [] },
      position,
    })),
  );
  return order;
}
