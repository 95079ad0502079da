import { describe, expect, it } from "vitest";
import { STRICT_RATE_LIMIT_PATHS, UNCACHED_ROUTE_PATHS, routePathMatcher } from "~/lib/route-policy";

describe("the HTTP layer's path lists come from the route table", () => {
  it("gives sign-in, registration, recovery and the public forms the strict budget, in every language and spelling", () => {
    for (const path of [
      "/prijava",
      "/login",
      "/en/login",
      "/de/login",
      "/registracija",
      "/register",
      "/en/register",
      "/zaboravljena-lozinka",
      "/forgot-password",
      "/de/forgot-password",
      "/adminLogin",
      "/upit-o-cijeni/krovni-panel",
      "/en/price-enquiry/roof-panel",
      "/de/preisanfrage/dachpaneel",
      "/kosarica/upit",
      "/en/cart/inquiry",
      "/de/einkaufswagen/anfrage",
      "/obrazac/contact",
      "/en/form/contact",
      "/de/formular/contact",
      "/actions/newsletter",
      "/actions/comments",
      "/PRIJAVA",
      "/prijava/",
    ]) {
      expect(STRICT_RATE_LIMIT_PATHS.test(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/kosarica",
      "/en/cart",
      "/naplata",
      "/actions/wishlist",
      "/product/x",
      "/prijava-x",
      "/obrazac",
      "/upit-o-cijeni",
    ]) {
      expect(STRICT_RATE_LIMIT_PATHS.test(path), path).toBe(false);
    }
  });

  it("keeps the back office, media and actions out of the page cache, not the shop's pages", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/cache",
      "/admin/consent/x",
      "/adminLogin",
      "/media/1/a/medium/x.webp",
      "/actions/logout",
      "/actions/cookie-consent",
      "/ADMIN",
    ]) {
      expect(UNCACHED_ROUTE_PATHS.test(path), path).toBe(true);
    }
    for (const path of ["/", "/shop", "/en/shop/oluci", "/product/x", "/administracija", "/o-nama", "/mediateka"]) {
      expect(UNCACHED_ROUTE_PATHS.test(path), path).toBe(false);
    }
  });

  it("follows a policy flag to every route that has it", () => {
    expect(routePathMatcher(() => false).test("/")).toBe(false);
    expect(routePathMatcher(() => true).test("/de/veranstaltungen")).toBe(true);
  });
});
