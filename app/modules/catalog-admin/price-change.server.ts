import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { options, priceChangeBatches, productTranslations, products, type PriceBatchProduct } from "~/.server/db/schema";
import { DomainError, isDomainError } from "~/.server/domain-error";
import { changePrices, type PriceTriple } from "~/lib/price-change";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { PRICE_ENDING_OPTION, SITE_ID, priceEnding } from "~/modules/kernel/options";
import { checkPrices, type Actor } from "./product-lock.server";
import type { PriceChangeInput } from "./price-change.schema";

/**
 * The bulk price change of the product list (docs/decisions/0103). The preview plans the
 * change without writing; the confirmation plans it again inside one transaction with the
 * rows locked and goes ahead only when the plan is exactly the one previewed (its
 * fingerprint covers the old and the new prices and the ending), so prices changed in
 * between, or a changed ending, refuse it. A confirmed change is one batch that can be
 * undone where the prices are still what it set.
 */
export type PlanMember = { id: number; sku: string; variant: boolean; before: PriceTriple; after: PriceTriple };
export type PlanRow = {
  productId: number;
  sku: string;
  name: string;
  /** "change", "unchanged", or the translation key of why the product is left out. */
  status: string;
  members: PlanMember[];
};
export type PricePlan = { rows: PlanRow[]; ending: ReturnType<typeof priceEnding>; fingerprint: string };

const REFUSED = "adminProductList.prices.refused";
const BELOW_MINIMUM = `${REFUSED}.belowMinimum`;
const prices = {
  retailPriceCents: products.retailPriceCents,
  priceCents: products.priceCents,
  membershipPriceCents: products.membershipPriceCents,
};
const triple = (p: PriceTriple): PriceTriple => ({
  retailPriceCents: p.retailPriceCents,
  priceCents: p.priceCents,
  membershipPriceCents: p.membershipPriceCents,
});
const same = (a: PriceTriple, b: PriceTriple) =>
  a.retailPriceCents === b.retailPriceCents && a.priceCents === b.priceCents && a.membershipPriceCents === b.membershipPriceCents;

async function shopEnding(tx: Executor) {
  const [row] = await tx
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, PRICE_ENDING_OPTION)));
  return priceEnding({ [PRICE_ENDING_OPTION]: row?.value });
}

/** The shop's price ending now (read from the option itself, not the cached site context). */
export async function currentPriceEnding() {
  return shopEnding(await getDb());
}

/** Why a product cannot take these prices (the editor's own rule, checkPrices, in the preview's words), or null. */
function refusal(after: PriceTriple, sold: boolean): string | null {
  try {
    checkPrices({ retailPrice: after.retailPriceCents, price: after.priceCents, membershipPrice: after.membershipPriceCents }, { sold });
    return null;
  } catch (error) {
    if (isDomainError(error)) return `${REFUSED}.${error.code}`;
    throw error;
  }
}

async function plan(tx: Executor, input: PriceChangeInput, lock: boolean): Promise<PricePlan> {
  const ids = [...new Set(input.ids)];
  const ending = await shopEnding(tx);
  if (ids.length === 0) return { rows: [], ending, fingerprint: fingerprintOf([], ending, input) };
  const parentsQuery = tx
    .select({ id: products.id, sku: products.sku, visible: products.isVisibleIndividually, ...prices })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.siteId, SITE_ID), isNull(products.parentId)))
    .orderBy(asc(products.id));
  const parents = lock ? await parentsQuery.for("update") : await parentsQuery;
  const found = parents.map((p) => p.id);
  const variantsQuery = tx
    .select({ id: products.id, sku: products.sku, parentId: products.parentId, ...prices })
    .from(products)
    .where(inArray(products.parentId, found.length ? found : [0]))
    .orderBy(asc(products.id));
  const variants = lock ? await variantsQuery.for("update") : await variantsQuery;
  const names = new Map(
    (
      await tx
        .select({ id: productTranslations.productId, name: productTranslations.name })
        .from(productTranslations)
        .where(and(inArray(productTranslations.productId, found.length ? found : [0]), eq(productTranslations.languageCode, "hrv")))
    ).map((row) => [row.id, row.name]),
  );
  const rows = parents.map((parent): PlanRow => {
    const family = [parent, ...variants.filter((v) => v.parentId === parent.id)];
    const refusals: string[] = [];
    const members = family.map((member) => {
      const after = changePrices(member, input.change, input.target, ending);
      const refused = after ? refusal(after, parent.visible) : BELOW_MINIMUM;
      if (refused) refusals.push(refused);
      return { id: member.id, sku: member.sku, variant: member.id !== parent.id, before: triple(member), after: after ?? triple(member) };
    });
    // A family moves together or not at all: one member refused leaves the product out.
    const status = refusals[0] ?? (members.some((m) => !same(m.before, m.after)) ? "change" : "unchanged");
    return { productId: parent.id, sku: parent.sku, name: names.get(parent.id) || parent.sku, status, members };
  });
  return { rows, ending, fingerprint: fingerprintOf(rows, ending, input) };
}

function fingerprintOf(rows: PlanRow[], ending: string, input: PriceChangeInput): string {
  const text = JSON.stringify([
    ending,
    input.change,
    input.target,
    rows.map((r) => [r.status, r.members.map((m) => [m.id, m.before, m.after])]),
  ]);
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}

/** What the change would do to the ticked products and their variants; nothing is written. */
export async function previewPriceChange(input: PriceChangeInput): Promise<PricePlan> {
  return plan(await getDb(), input, false);
}

export type ConfirmResult = { batchId: number | null; changed: number; skipped: number };

/**
 * The previewed change, written: one batch, each changed product and variant at its new
 * prices with `version + 1` (an editor open on it refuses a stale save), an audit row per
 * product naming the batch. Refused (409, nothing written) when the plan is no longer the
 * previewed one.
 */
export async function confirmPriceChange(staff: Actor, input: PriceChangeInput, fingerprint: string): Promise<ConfirmResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const current = await plan(tx, input, true);
    if (current.fingerprint !== fingerprint)
      throw new DomainError("stalePricePreview", {
        message: "Prices changed since the preview",
        key: "adminProductList.prices.stale",
        status: 409,
      });
    const changing = current.rows.filter((row) => row.status === "change");
    if (changing.length === 0) return { batchId: null, changed: 0, skipped: current.rows.length };
    const [batch] = await tx
      .insert(priceChangeBatches)
      .values({
        siteId: SITE_ID,
        actorId: staff.id,
        actorEmail: staff.email,
        change: { ...input.change, target: input.target, ending: current.ending },
        products: changing.map(({ productId, sku, name, members }) => ({ productId, sku, name, members: members.map(stored) })),
        productCount: changing.length,
      })
      .returning({ id: priceChangeBatches.id });
    for (const row of changing) {
      for (const member of row.members) await setPrices(tx, member.id, member.after);
      await recordAudit(tx, staff, {
        entity: "product",
        entityId: row.productId,
        action: "changePrice",
        before: { batchId: batch.id, prices: row.members.map((m) => ({ sku: m.sku, ...m.before })) },
        after: {
          batchId: batch.id,
          change: input.change,
          ending: current.ending,
          prices: row.members.map((m) => ({ sku: m.sku, ...m.after })),
        },
      });
    }
    return { batchId: batch.id, changed: changing.length, skipped: current.rows.length - changing.length };
  });
  if (result.changed > 0) await dataChanged("product");
  return result;
}

const stored = ({ id, sku, before, after }: PlanMember) => ({ id, sku, before, after });

async function setPrices(tx: Executor, id: number, next: PriceTriple) {
  await tx
    .update(products)
    .set({ ...triple(next), version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export type UndoResult = { restored: number; skipped: string[] };

/**
 * Undoes a batch: each product whose prices (and its variants') are still what the batch
 * set gets its old prices back; one changed since (or gone) is left as it is and named.
 * One transaction, the batch row locked so it is undone once.
 */
export async function undoPriceBatch(staff: Actor, batchId: number): Promise<UndoResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(priceChangeBatches)
      .where(and(eq(priceChangeBatches.id, batchId), eq(priceChangeBatches.siteId, SITE_ID)))
      .for("update");
    if (!batch)
      throw new DomainError("priceBatchNotFound", {
        message: "Price change not found",
        key: "adminProductList.prices.notFound",
        status: 404,
      });
    if (batch.undoneAt)
      throw new DomainError("priceBatchUndone", { message: "Already undone", key: "adminProductList.prices.alreadyUndone", status: 409 });
    const memberIds = batch.products.flatMap((p) => p.members.map((m) => m.id));
    const current = await tx
      .select({ id: products.id, parentId: products.parentId, visible: products.isVisibleIndividually, ...prices })
      .from(products)
      .where(inArray(products.id, memberIds.length ? memberIds : [0]))
      .orderBy(asc(products.id))
      .for("update");
    const byId = new Map(current.map((row) => [row.id, row]));
    const outcome: UndoResult = { restored: 0, skipped: [] };
    for (const product of batch.products) {
      if (!restorable(product, byId)) {
        outcome.skipped.push(product.sku);
        continue;
      }
      for (const member of product.members) await setPrices(tx, member.id, member.before);
      await recordAudit(tx, staff, {
        entity: "product",
        entityId: product.productId,
        action: "undoPriceChange",
        before: { batchId: batch.id, prices: product.members.map((m) => ({ sku: m.sku, ...m.after })) },
        after: { batchId: batch.id, prices: product.members.map((m) => ({ sku: m.sku, ...m.before })) },
      });
      outcome.restored += 1;
    }
    await tx
      .update(priceChangeBatches)
      .set({ undoneAt: new Date(), undoneByEmail: staff.email, undoResult: outcome })
      .where(eq(priceChangeBatches.id, batch.id));
    return outcome;
  });
  if (result.restored > 0) await dataChanged("product");
  return result;
}

type CurrentRow = PriceTriple & { id: number; visible: boolean };

/** Every member still at the batch's prices, and its old prices still allowed (a product made visible since at 0,00 is not). */
function restorable(product: PriceBatchProduct, byId: Map<number, CurrentRow>): boolean {
  const parent = byId.get(product.productId);
  if (!parent) return false;
  return product.members.every((member) => {
    const row = byId.get(member.id);
    return row !== undefined && same(row, member.after) && refusal(member.before, parent.visible) === null;
  });
}

export type PriceBatchSummary = {
  id: number;
  createdAt: string;
  actorEmail: string;
  change: Record<string, unknown>;
  productCount: number;
  skus: string[];
  undoneAt: string | null;
  undoneByEmail: string | null;
  undoResult: UndoResult | null;
};

/** The last confirmed bulk price changes, newest first (the undo list). */
export async function recentPriceBatches(limit = 10): Promise<PriceBatchSummary[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(priceChangeBatches)
    .where(eq(priceChangeBatches.siteId, SITE_ID))
    .orderBy(desc(priceChangeBatches.createdAt), desc(priceChangeBatches.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    change: row.change,
    productCount: row.productCount,
    skus: row.products.map((p) => p.sku),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneByEmail: row.undoneByEmail,
    undoResult: row.undoResult,
  }));
}
