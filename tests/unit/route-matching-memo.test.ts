import {
  createMemoryHistory,
  createRouter,
  matchRoutes,
  UNSAFE_getRouteBranchWalks,
  UNSAFE_getRouteTreesFlattened,
  type AgnosticRouteObject,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The patched @remix-run/router (patches/, docs/decisions/0064) flattens and ranks a routes
 * array once and reuses it; matching itself must stay exactly what it was.
 */
const tree = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "product/:slug" },
      { id: "shop", path: "shop/*" },
      { id: "en-product", path: "en/product/:slug" },
    ],
  },
];
const ids = (routes: AgnosticRouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id);

describe("route matching memo", () => {
  it("flattens a routes array once across many matches, and matches as before", () => {
    const routes = tree();
    const before = UNSAFE_getRouteTreesFlattened();
    expect(ids(routes, "/")).toEqual(["root", "home"]);
    expect(ids(routes, "/product/krovni-panel")).toEqual(["root", "product"]);
    expect(matchRoutes(routes, "/PRODUCT/Krovni%20panel")?.[1]?.params).toEqual({ slug: "Krovni panel" });
    expect(matchRoutes(routes, "/shop/oluci/125")?.[1]?.params).toEqual({ "*": "oluci/125" });
    expect(ids(routes, "/en/product/x")).toEqual(["root", "en-product"]);
    expect(ids(routes, "/nowhere/at/all")).toBeUndefined();
    expect(UNSAFE_getRouteTreesFlattened() - before).toBe(1);

    // Another array (another build) is flattened on its own.
    expect(ids(tree(), "/product/x")).toEqual(["root", "product"]);
    expect(UNSAFE_getRouteTreesFlattened() - before).toBe(2);
  });

  it("walks the branches once per path, and gives every call matches of its own", () => {
    const routes = tree();
    const before = UNSAFE_getRouteBranchWalks();
    const first = matchRoutes(routes, "/product/krovni-panel")!;
    const second = matchRoutes(routes, "/product/krovni-panel")!;
    expect(UNSAFE_getRouteBranchWalks() - before).toBe(1);
    expect(second.map((m) => [m.route.id, m.pathname, m.pathnameBase, m.params])).toEqual(
      first.map((m) => [m.route.id, m.pathname, m.pathnameBase, m.params]),
    );
    // One params object per result, shared by its matches as before; a caller changing it changes no other result.
    expect(first[0].params).toBe(first[1].params);
    (first[1].params as Record<string, string>).slug = "changed";
    first[0].pathname = "/changed";
    const third = matchRoutes(routes, "/product/krovni-panel")!;
    expect(third[1].params).toEqual({ slug: "krovni-panel" });
    expect(third[0].pathname).toBe("/");
    // Another path, a path that matches nothing, and the same path again.
    expect(ids(routes, "/en/product/x")).toEqual(["root", "en-product"]);
    expect(ids(routes, "/nowhere")).toBeUndefined();
    expect(ids(routes, "/nowhere")).toBeUndefined();
    expect(UNSAFE_getRouteBranchWalks() - before).toBe(3);
  });

  it("matches routes that lazy route discovery patches in after the first match", async () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/later") patch("root", [{ id: "later", path: "later" }]);
      },
    }).initialize();
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    await router.navigate("/later");
    expect(router.state.location.pathname).toBe("/later");
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "later"]);
    router.dispose();
  });
});
