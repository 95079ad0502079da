import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/.server/db/client.server";
import { products, productTranslations } from "~/.server/db/schema";
import { Visitor } from "./client";
import type { Shop } from "./shop";

/** Helpers of the product page tests: reading rendered HTML and the seeded catalogue. */

export const eur = (amount: string) => `${amount}\u00a0EUR`;

/** The text of the (first) element carrying data-testid, nested tags stripped. */
export function testId(html: string, id: string): string | null {
  const at = html.indexOf(`data-testid="${id}"`);
  if (at < 0) return null;
  const start = html.lastIndexOf("<", at);
  const tag = /^<(\w+)/.exec(html.slice(start))![1];
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  pattern.lastIndex = start;
  let depth = 0;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      const inner = html.slice(html.indexOf(">", at) + 1, m.index);
      return inner.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
    }
  }
  return null;
}

export function catalogue(shop: Shop) {
  const db = () => shop.db() as Promise<Database>;
  return {
    async idOf(sku: string) {
      const [row] = await (await db()).select({ id: products.id }).from(products).where(eq(products.sku, sku));
      return row.id;
    },
    async slugOf(sku: string, language = "hrv") {
      const [row] = await (
        await db()
      )
        .select({ slug: productTranslations.slug })
        .from(productTranslations)
        .innerJoin(products, eq(products.id, productTranslations.productId))
        .where(and(eq(products.sku, sku), eq(productTranslations.languageCode, language)));
      return row.slug;
    },
    /** GETs a page that must answer 200 and returns its HTML. */
    async page(path: string) {
      const result = await new Visitor(shop).page(path);
      expect(result.response.status, path).toBe(200);
      return result.html;
    },
  };
}
