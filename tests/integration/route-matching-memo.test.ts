import { UNSAFE_getRouteBranchWalks, UNSAFE_getRouteTreesFlattened } from "@remix-run/router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Decision 0064: the server's routes are flattened and ranked once per build, not several
 * times per request (patches/ on @remix-run/router, react-router-dom and @remix-run/react;
 * docs/decisions/0064). Pages still route to their own screens in every language.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("route matching on the server", () => {
  it("flattens no route tree on a request once the build has served one", async () => {
    const visitor = new Visitor(shop);
    expect((await visitor.page("/")).response.status).toBe(200);
    const flattened = UNSAFE_getRouteTreesFlattened();
    for (const path of ["/shop", "/en/shop", "/kosarica", "/de/einkaufswagen", "/pretraga?search=panel", "/nema-takve-stranice"]) {
      await (await visitor.get(path)).text();
    }
    expect(UNSAFE_getRouteTreesFlattened() - flattened).toBe(0);
  });

  it("walks the route branches for a path once per route table, and not again for the same path", async () => {
    const visitor = new Visitor(shop);
    const walks = async (path: string) => {
      const before = UNSAFE_getRouteBranchWalks();
      expect((await visitor.get(path)).status).toBe(200);
      return UNSAFE_getRouteBranchWalks() - before;
    };
    // A new path is walked once in each route table that matches it: the server's, the static
    // handler's and the render's, plus lazy route discovery's ancestor paths (here "/", once).
    expect(await walks("/pretraga?search=oluk")).toBeLessThanOrEqual(4);
    expect(await walks("/pretraga?search=panel")).toBe(0); // the same path: no walk at all
  });

  it("still sends each path to its own screen", async () => {
    const visitor = new Visitor(shop);
    const pages = await Promise.all(
      ["/kosarica", "/en/cart", "/de/einkaufswagen", "/nema-takve-stranice"].map((path) => visitor.page(path)),
    );
    expect(pages.map((p) => p.response.status)).toEqual([200, 200, 200, 404]);
    const [hr, en, de] = pages.map((p) => title(p.html));
    expect(hr).toMatch(/Košarica/i);
    expect(en).toMatch(/Cart/i);
    expect(de).toMatch(/Warenkorb/i);
  });

  it("inlines each page's own partial manifest: the same for the same page, another for another", async () => {
    const visitor = new Visitor(shop);
    const manifestOf = async (path: string) => /window\.__remixManifest = (\{[\s\S]*?\n\});/.exec((await visitor.page(path)).html)?.[1];
    const [first, again, english] = [await manifestOf("/kosarica"), await manifestOf("/kosarica"), await manifestOf("/en/cart")];
    expect(first).toBeDefined();
    expect(again).toBe(first);
    expect(english).not.toBe(first);
    const ids = (json: string) => Object.keys((JSON.parse(json) as { routes: Record<string, unknown> }).routes);
    expect(ids(first!)).toContain("root");
    expect(ids(english!).some((id) => id.startsWith("en:"))).toBe(true);
    expect(ids(first!).some((id) => id.startsWith("en:"))).toBe(false);
  });
});
