import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Every kind of page reached by a slug that is not its own in this language answers 301 to
 * its own URL with the visitor's query kept (one helper: app/lib/canonical-url.ts), so a
 * shared link keeps its filters and tracking whichever kind of page it points to.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

describe("the redirect to a page's own URL keeps the query", () => {
  it.each([
    ["a CMS page", "/en/o-nama?a=1", "/en/about-us?a=1"],
    ["a product", "/en/product/aluminijski-panel-crijep-tegola?a=1", "/en/product/aluminium-tile-effect-panel-tegola?a=1"],
    ["a category", "/en/shop/krovni-paneli?a=1", "/en/shop/roof-panels?a=1"],
    ["a blog category", "/en/blog/savjeti?a=1", "/en/blog/tips?a=1"],
    ["a post's slug under the blog", "/objave/kako-ocistiti-oluke-prije-zime?a=1", "/kako-ocistiti-oluke-prije-zime?a=1"],
  ])("%s: %s → %s", async (_kind, from, to) => {
    const response = await new Visitor(shop).get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(to);
  });
});
