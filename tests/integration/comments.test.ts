import { and, eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { comments, options, pages, pageTranslations, products, productTranslations, users } from "~/.server/db/schema";
import { BUILT_IN_OPTIONS } from "~/.server/db/seed/data/options";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { loginAsAdmin } from "../setup/accounts";
import { submit } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Comments and ratings (spec §1, §5, §8): each option switched in the database, the
 * approval flow, the average on the product page, editing one's own comment only.
 * Every post is a browser without JavaScript (POST, redirect, toast).
 */
let shop: Shop;
let db: Database;
let product: { id: number; path: string };
let post: { id: number; path: string };
let customerId: number;
let otherId: number;

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  const [p] = await db
    .select({ id: products.id, slug: productTranslations.slug })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.languageCode, "hrv")))
    .where(and(eq(products.archived, false), eq(products.isVisibleIndividually, true), eq(products.format, "simple")))
    .limit(1);
  product = { id: p.id, path: `/product/${p.slug}` };
  const [b] = await db
    .select({ id: pages.id, slug: pageTranslations.slug })
    .from(pages)
    .innerJoin(pageTranslations, and(eq(pageTranslations.pageId, pages.id), eq(pageTranslations.languageCode, "hrv")))
    .where(and(eq(pages.postType, "post"), eq(pageTranslations.slug, "kako-ocistiti-oluke-prije-zime")));
  post = { id: b.id, path: `/${b.slug}` };
  [{ id: customerId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  [{ id: otherId }] = await db
    .insert(users)
    .values({ siteId: 1, email: "druga@example.com", firstName: "Ana", lastName: "Horvat" })
    .returning({ id: users.id });
});
afterAll(() => shop.close());

const COMMENT_OPTIONS = [
  "RequireAdminPublishing",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "CanCommentOnBlog",
  "UserCanEditComment",
  "OneUserOneComment",
  "OnSiteCommentOptions",
];
async function setOption(key: string, value: unknown) {
  await db
    .update(options)
    .set({ value })
    .where(and(eq(options.siteId, 1), eq(options.key, key)));
  await clearCache("site-config");
}
beforeEach(async () => {
  for (const key of COMMENT_OPTIONS)
    await db
      .update(options)
      .set({ value: BUILT_IN_OPTIONS[key] })
      .where(and(eq(options.siteId, 1), eq(options.key, key)));
  await clearCache("site-config");
  await db.delete(comments);
  await clearCache("ratings");
});

async function signedIn(userId: number) {
  const { sessionStorage } = await import("~/.server/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  const [pair] = (await sessionStorage.commitSession(session)).split(";");
  const visitor = new Visitor(shop);
  visitor.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return visitor;
}

type Entity = { id: number; path: string };
const comment = (visitor: Visitor, entity: Entity, type: "product" | "post", fields: Record<string, string>) =>
  submit(
    visitor,
    "/actions/comments",
    { intent: "create", entityType: type, entityId: String(entity.id), redirectTo: entity.path, ...fields },
    entity.path,
  );
const stored = () => db.select().from(comments).orderBy(comments.id);
const doc = (html: string) => new JSDOM(html).window.document;

describe("comments and ratings", () => {
  it("visitors see a login link on posts (loggedUsersOnly) and a post without login is refused", async () => {
    const visitor = new Visitor(shop);
    const page = await visitor.page(post.path);
    const section = doc(page.html).querySelector('[data-testid="comments"]')!;
    expect(section.querySelector('[data-testid="comment-login"] a')!.getAttribute("href")).toBe(
      `/prijava?redirectTo=${encodeURIComponent(post.path)}`,
    );
    expect(section.querySelector('form[data-testid="comment-form"]')).toBeNull();
    const refused = await comment(visitor, post, "post", { rating: "5", content: "Odlično" });
    expect(refused.location).toMatch(/^\/prijava\?redirectTo=/);
    expect(refused.toast).toEqual({ type: "info", text: "Komentirati mogu samo prijavljeni korisnici." });
    expect(await stored()).toEqual([]);
  });

  it("a new comment waits for approval (RequireAdminPublishing); the admin approves it and the product's average appears", async () => {
    const customer = await signedIn(customerId);
    const sent = await comment(customer, product, "product", { rating: "4", content: "Dobra kvaliteta" });
    expect(sent.location).toBe(`${product.path}#comments`);
    expect(sent.toast).toEqual({ type: "success", text: "Hvala! Komentar će biti objavljen nakon odobrenja." });
    const [row] = await stored();
    expect(row).toMatchObject({ status: "pending", rating: 4, content: "Dobra kvaliteta", entityType: "product", userId: customerId });
    // The author sees it marked as waiting; nobody else sees it, and there is no average yet.
    expect(doc(sent.html).querySelector('[data-testid="comment-pending"]')).not.toBeNull();
    const anonymous = await new Visitor(shop).page(product.path);
    expect(anonymous.html).not.toContain("Dobra kvaliteta");
    expect(doc(anonymous.html).querySelector('[data-testid="rating-summary"]')).toBeNull();

    const other = await signedIn(otherId);
    await comment(other, product, "product", { rating: "5", content: "Preporučujem" });

    const admin = await loginAsAdmin(new Visitor(shop));
    const queue = await admin.page("/admin/comments");
    expect(doc(queue.html).querySelectorAll('[data-testid="pending-comment"]')).toHaveLength(2);
    const ids = (await stored()).map((c) => c.id);
    const approved = await submit(admin, "/admin/comments", { intent: "approve", commentId: String(ids[0]) }, "/admin/comments");
    expect(approved.toast).toEqual({ type: "success", text: "Komentar je odobren." });
    await submit(admin, "/admin/comments", { intent: "approve", commentId: String(ids[1]) }, "/admin/comments");
    expect((await stored()).map((c) => c.status)).toEqual(["approved", "approved"]);

    const after = doc((await new Visitor(shop).page(product.path)).html);
    expect(after.querySelector('[data-testid="rating-summary"]')!.textContent).toContain("Prosječna ocjena 4,5 od 5");
    expect(after.querySelector('[data-testid="rating-summary"]')!.textContent).toContain("2 ocjene");
    expect(after.querySelectorAll('[data-testid="comment"]')).toHaveLength(2);
  });

  it("a rejected comment is never shown; a non-admin cannot moderate", async () => {
    const customer = await signedIn(customerId);
    await comment(customer, post, "post", { rating: "1", content: "Spam" });
    const [row] = await stored();
    const refused = await customer.post("/admin/comments", { intent: "approve", commentId: String(row.id) });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/adminLogin/);
    const admin = await loginAsAdmin(new Visitor(shop));
    const rejected = await submit(admin, "/admin/comments", { intent: "reject", commentId: String(row.id) }, "/admin/comments");
    expect(rejected.toast).toEqual({ type: "success", text: "Komentar je odbijen." });
    expect((await new Visitor(shop).page(post.path)).html).not.toContain("Spam");
  });

  it("without RequireAdminPublishing a comment is published at once", async () => {
    await setOption("RequireAdminPublishing", false);
    const sent = await comment(await signedIn(customerId), product, "product", { rating: "3", content: "Solidno" });
    expect(sent.toast).toEqual({ type: "success", text: "Komentar je objavljen." });
    const page = doc((await new Visitor(shop).page(product.path)).html);
    expect(page.querySelector('[data-testid="comment-list"]')!.textContent).toContain("Solidno");
    expect(page.querySelector('[data-testid="rating-summary"]')!.textContent).toContain("Prosječna ocjena 3 od 5");
  });

  it("a comment requires a rating and a rating requires a comment (both on), each can be turned off", async () => {
    const customer = await signedIn(customerId);
    const noRating = await comment(customer, product, "product", { content: "Bez ocjene" });
    expect(noRating.toast).toEqual({ type: "error", text: "Uz komentar je obavezna ocjena." });
    const noText = await comment(customer, product, "product", { rating: "5", content: "  " });
    expect(noText.toast).toEqual({ type: "error", text: "Uz ocjenu je obavezan komentar." });
    const badRating = await comment(customer, product, "product", { rating: "6", content: "Previše" });
    expect(badRating.toast).toEqual({ type: "error", text: "Ocjena mora biti od 1 do 5." });
    const empty = await comment(customer, product, "product", { content: "" });
    expect(empty.toast!.type).toBe("error");
    expect(await stored()).toEqual([]);

    await setOption("RequireRatingForComment", false);
    expect((await comment(customer, product, "product", { content: "Samo tekst" })).toast!.type).toBe("success");
    await setOption("RequireCommentForRating", false);
    expect((await comment(customer, product, "product", { rating: "2" })).toast!.type).toBe("success");
    expect((await stored()).map((c) => [c.rating, c.content])).toEqual([
      [null, "Samo tekst"],
      [2, ""],
    ]);
  });

  it("the form offers 5 stars as radio inputs, required as the options say", async () => {
    const page = doc((await (await signedIn(customerId)).page(product.path)).html);
    const form = page.querySelector('form[data-testid="comment-form"]')!;
    const radios = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"][name="rating"]')];
    expect(radios.map((r) => r.value).sort()).toEqual(["1", "2", "3", "4", "5"]);
    expect(radios.every((r) => r.required)).toBe(true);
    expect(form.querySelector<HTMLTextAreaElement>('textarea[name="content"]')!.required).toBe(true);
    expect(form.querySelector('input[name="csrf"]')).not.toBeNull();
  });

  it("one user may post several comments; with OneUserOneComment only one (oneUserOneComment)", async () => {
    const customer = await signedIn(customerId);
    await comment(customer, post, "post", { rating: "5", content: "Prvi" });
    expect((await comment(customer, post, "post", { rating: "4", content: "Drugi" })).toast!.type).toBe("success");
    expect(await stored()).toHaveLength(2);

    await setOption("OneUserOneComment", true);
    const third = await comment(customer, post, "post", { rating: "3", content: "Treći" });
    expect(third.toast).toEqual({ type: "error", text: "Možete ostaviti samo jedan komentar." });
    expect(doc(third.html).querySelector('[data-testid="comment-one"]')).not.toBeNull();
    expect(doc(third.html).querySelector('form[data-testid="comment-form"]')).toBeNull();
    // Another entity, or another user, is still free.
    expect((await comment(customer, product, "product", { rating: "3", content: "Proizvod" })).toast!.type).toBe("success");
    expect((await comment(await signedIn(otherId), post, "post", { rating: "3", content: "Ana" })).toast!.type).toBe("success");
    expect(await stored()).toHaveLength(4);
  });

  it("users edit their own comments (back to approval); someone else's gives commentEditNotAllowed", async () => {
    const customer = await signedIn(customerId);
    await comment(customer, post, "post", { rating: "2", content: "Prvotno" });
    const [row] = await stored();
    await db.update(comments).set({ status: "approved" }).where(eq(comments.id, row.id));

    const page = doc((await customer.page(post.path)).html);
    expect(page.querySelector('form[data-testid="comment-edit-form"] input[name="commentId"]')!.getAttribute("value")).toBe(String(row.id));
    const edited = await submit(
      customer,
      "/actions/comments",
      { intent: "edit", commentId: String(row.id), rating: "4", content: "Izmijenjeno", redirectTo: post.path },
      post.path,
    );
    expect(edited.toast!.type).toBe("success");
    expect((await stored())[0]).toMatchObject({ rating: 4, content: "Izmijenjeno", status: "pending" });

    const other = await signedIn(otherId);
    expect(doc((await other.page(post.path)).html).querySelector('form[data-testid="comment-edit-form"]')).toBeNull();
    const refused = await submit(
      other,
      "/actions/comments",
      { intent: "edit", commentId: String(row.id), rating: "1", content: "Tuđe", redirectTo: post.path },
      post.path,
    );
    expect(refused.toast).toEqual({ type: "error", text: "Nije dozvoljeno uređivanje ovog komentara." });
    expect((await stored())[0].content).toBe("Izmijenjeno");

    await setOption("UserCanEditComment", false);
    const off = await submit(
      customer,
      "/actions/comments",
      { intent: "edit", commentId: String(row.id), rating: "5", content: "Opet", redirectTo: post.path },
      post.path,
    );
    expect(off.toast).toEqual({ type: "error", text: "Nije dozvoljeno uređivanje ovog komentara." });
    expect((await stored())[0].content).toBe("Izmijenjeno");
  });

  it("turned off blog comments (CanCommentOnBlog, OnSiteCommentOptions) hide the section and refuse posts", async () => {
    await setOption("CanCommentOnBlog", false);
    const customer = await signedIn(customerId);
    expect(doc((await customer.page(post.path)).html).querySelector('[data-testid="comments"]')).toBeNull();
    expect((await comment(customer, post, "post", { rating: "5", content: "x" })).toast).toEqual({
      type: "error",
      text: "Komentari su isključeni.",
    });
    await setOption("OnSiteCommentOptions", { products: false, posts: true });
    expect(doc((await customer.page(product.path)).html).querySelector('[data-testid="comments"]')).toBeNull();
    expect(await stored()).toEqual([]);
  });

  it("refuses a forged post, a bad entity and hostile input without a 500", async () => {
    const customer = await signedIn(customerId);
    const forged = await customer.post(
      "/actions/comments",
      { intent: "create", entityType: "product", entityId: String(product.id), rating: "5", content: "x" },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    const bad = await customer.post("/actions/comments", {
      intent: "create",
      entityType: "order",
      entityId: "1",
      rating: "5",
      content: "x",
    });
    expect(bad.status).toBe(400);
    const missing = await comment(customer, { id: 999999, path: "/" }, "post", { rating: "5", content: "x" });
    expect(missing.toast!.type).toBe("error");
    const tooLong = await comment(customer, product, "product", { rating: "5", content: "a".repeat(2001) });
    expect(tooLong.toast).toEqual({ type: "error", text: "Komentar može imati najviše 2000 znakova." });
    await setOption("RequireAdminPublishing", false);
    await comment(customer, product, "product", { rating: "5", content: '<img src=x onerror="alert(1)">' });
    const html = (await new Visitor(shop).page(product.path)).html;
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;img src=x");
    const away = await customer.post("/actions/comments", {
      intent: "create",
      entityType: "product",
      entityId: String(product.id),
      rating: "5",
      content: "y",
      redirectTo: "https://evil.example/",
    });
    expect(away.headers.get("Location")).toBe("/#comments");
  });
});
