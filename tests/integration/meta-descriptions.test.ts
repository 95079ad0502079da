import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_POSTS } from "~/.server/db/seed/data/blog";
import { translatorFor } from "~/lib/messages.server";
import { Visitor } from "../setup/client";
import { catalogue } from "../setup/product-pages";
import { bootShop, type Shop } from "../setup/shop";
import { shopper } from "./cart-helpers";
import { addToCart, CHECKOUT, newCustomer, signInAs } from "./checkout-helpers";

/**
 * Decision 0079: Lighthouse's SEO audit wants a meta description on every page. The
 * account, cart, checkout, search and events pages say what they are in the page's language;
 * a CMS page or post without its own describes itself with the start of its text. The
 * descriptions are server-only messages: the browser never downloads them.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];
const decode = (text: string | undefined) =>
  text
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("meta descriptions", () => {
  const hr = translatorFor("hr");
  const en = translatorFor("en");
  it.each([
    ["/prijava", hr.t("routes.metaDescriptions.login")],
    ["/registracija", hr.t("routes.metaDescriptions.register")],
    ["/zaboravljena-lozinka", hr.t("routes.metaDescriptions.forgotPassword")],
    ["/kosarica", hr.t("routes.metaDescriptions.cart")],
    ["/pretraga?search=ral", hr.t("routes.metaDescriptions.search")],
    ["/dogadjaji", hr.t("routes.metaDescriptions.events")],
    ["/en/login", en.t("routes.metaDescriptions.login")],
    ["/en/cart", en.t("routes.metaDescriptions.cart")],
  ])("%s has its own", async (path, expected) => {
    const { response, html } = await new Visitor(shop).page(path);
    expect(response.status, path).toBe(200);
    expect(expected).not.toMatch(/^routes\./);
    expect(decode(descriptionOf(html))).toBe(expected);
  });

  it("checkout has its own, for a signed-in customer with a cart", async () => {
    const visitor = await signInAs(await shopper(shop), await newCustomer(await shop.db(), "meta-checkout@example.com"));
    await addToCart(visitor, await catalogue(shop).idOf("AK-PNL-SND-40"));
    const { response, html } = await visitor.page(CHECKOUT);
    expect(response.status).toBe(200);
    expect(decode(descriptionOf(html))).toBe(hr.t("routes.metaDescriptions.checkout"));
  });

  it("a post without a meta description of its own is described by the start of its text", async () => {
    // The seed's posts have no meta description: the first words of the body stand in.
    const post = BLOG_POSTS[0]!;
    const { html } = await new Visitor(shop).page(`/${post.hrv.slug}`);
    const description = decode(descriptionOf(html))!;
    expect(description).toMatch(/^Začepljeni oluci najčešći su uzrok prokišnjavanja/);
    expect(description.length).toBeLessThanOrEqual(181);
    expect(description).not.toMatch(/[<>]/);
  });

  it("never reach the browser: not in the document's messages, not from /locales", async () => {
    const { html } = await new Visitor(shop).page("/prijava");
    expect(html.match(/metaDescriptions/g)).toBeNull();
    const login = hr.t("routes.metaDescriptions.login");
    // Once in the head, nowhere else (the loader data carries it for the meta function).
    expect(html.split(login).length - 1).toBeLessThanOrEqual(2);
  });
});
