// Both databases: the session read that decides who gets the kept page is one SQL statement with subqueries.
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCache } from "~/.server/cache.server";
import type { Database } from "~/.server/db/client.server";
import { customerGroups, products, users, wishlistEntries } from "~/.server/db/schema";
import { customerPageKey } from "~/.server/http/page-cache.server";
import { LOCALES } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { startCachingServer, type CachingServer } from "../setup/caching-server";
import { bootShop, type Shop } from "../setup/shop";

/**
 * The kept page for customers (decision 0135): a signed-in customer, or a visitor with a
 * wishlist, gets the page kept for everyone of their kind with their own name, e-mail, hearts
 * and token filled in. The property: for random customers (names and addresses with
 * characters every escaping layer treats specially, random wishlists), on home, category,
 * product, search, blog and event pages in all three languages, the filled page is the page a
 * fresh render gives them: the same HTML a browser without JavaScript shows, and the same
 * loader data the hydrating browser reads.
 */
let shop: Shop;
let server: CachingServer;
let db: Database;
let productIds: number[];
let pagePaths: string[];

beforeAll(async () => {
  shop = await bootShop();
  db = await shop.db();
  server = await startCachingServer();
  const listed = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isVisibleIndividually, true), eq(products.archived, false)))
    .orderBy(products.id);
  productIds = listed.map((p) => p.id);
  pagePaths = [];
  for (const locale of LOCALES) {
    // The first product and category the shop's list links to, in this language's addresses.
    const list = await fresh(href("shop", locale), "");
    const first = (key: "product" | "shop") => {
      const prefix = href(key, locale, { slug: "x" }).slice(0, -1);
      return new RegExp(`href="(${prefix.replace(/[/]/g, "\\/")}[a-z0-9-]+)"`).exec(list)?.[1];
    };
    pagePaths.push(
      href("page", locale),
      href("shop", locale),
      first("shop") ?? href("shop", locale),
      first("product")!,
      `${href("search", locale)}?search=panel`,
      href("blog", locale),
      href("events", locale),
    );
  }
  expect(pagePaths.every(Boolean)).toBe(true);
});
afterAll(() => server.close());

type Answer = { cache: string | null; html: string; nonce: string; setCookies: string[] };

async function viaCache(path: string, cookie: string): Promise<Answer> {
  const response = await fetch(server.base + path, { headers: { cookie } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
  return { cache: response.headers.get("X-Page-Cache"), html: await response.text(), nonce, setCookies: response.headers.getSetCookie() };
}

async function fresh(path: string, cookie: string): Promise<string> {
  const url = new URL(path, server.base);
  const response = await shop.handle(new Request(url, { headers: { cookie, host: url.host } }));
  return response.text();
}

/** The page's loader data as the hydrating browser decodes it, and its HTML without that script. */
async function split(html: string, nonce: string) {
  const chunks: string[] = [];
  const markup = html.replace(
    /<script[^>]*>window\.__remixContext\.streamController\.enqueue\(([\s\S]*?)\);<\/script>/g,
    (_, arg: string) => {
      chunks.push(JSON.parse(arg) as string);
      return "<script>LOADER_DATA</script>";
    },
  );
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  // What follows </html> is React's stream of the data scripts, shaped by how soon the data
  // was ready (a Suspense boundary or not): timing, not content. The data itself is compared above.
  const document = markup.slice(0, markup.indexOf("</html>") + "</html>".length);
  // The honeypot's encrypted time is the time a page was rendered, which a kept page keeps (as every kept page does).
  const data = decoded.value as { loaderData: { root: { honeypotInputProps?: unknown } } };
  data.loaderData.root.honeypotInputProps = "render time";
  return {
    markup: document.replaceAll(nonce, "NONCE").replace(/(name="from__confirm" value=")[^"]*"/g, '$1render time"'),
    data,
  };
}

let made = 0;
async function customer(firstName: string, email: string, wishlist: number[], groupId: number | null = null) {
  const [user] = await db
    .insert(users)
    .values({ siteId: 1, email: `${made++}.${email}`, firstName, lastName: "Kupac", customerGroupId: groupId })
    .returning({ id: users.id, email: users.email });
  if (wishlist.length) await db.insert(wishlistEntries).values(wishlist.map((productId) => ({ userId: user!.id, productId })));
  const { sessionStorage } = await import("~/.server/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", user!.id);
  const sessionCookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
  // The CSRF token the shop issues this session at its first page, sent with both renders.
  const first = await viaCache(href("page"), sessionCookie);
  const csrf = first.setCookies.find((c) => /^(__Host-)?csrf=/.test(c))?.split(";")[0];
  return { id: user!.id, cookie: [sessionCookie, csrf].filter(Boolean).join("; ") };
}

/** The products whose hearts a page shows, in order. */
async function heartsOn(path: string): Promise<number[]> {
  return [...new Set([...(await fresh(path, "")).matchAll(/value="(\d+)" aria-pressed=/g)].map((m) => Number(m[1])))];
}

/** Where two pages part, with some text of each around it (a whole page in a failure is unreadable). */
function firstDifference(kept: string, own: string): { kept: string; own: string } | null {
  if (kept === own) return null;
  let at = 0;
  while (kept[at] === own[at]) at++;
  return { kept: kept.slice(Math.max(0, at - 150), at + 150), own: own.slice(Math.max(0, at - 150), at + 150) };
}

async function expectSamePage(path: string, cookie: string, wantCache: "kept" | "fresh") {
  const kept = await viaCache(path, cookie);
  if (wantCache === "kept") expect(kept.cache, path).toMatch(/^(hit|miss)$/);
  else expect(kept.cache, path).toBeNull();
  const own = await fresh(path, cookie);
  const [a, b] = await Promise.all([split(kept.html, kept.nonce), split(own, "test-nonce")]);
  expect(firstDifference(a.markup, b.markup), path).toBeNull();
  expect(a.data, path).toEqual(b.data);
  return a;
}

// Characters each layer escapes: markup (&<>"'), JSON (\" \\ control), the script element (< > & U+2028), UTF-8.
const nameChars = fc.constantFrom(..."AaŽžČćĐđŠš'\"&<>\\/ -.é€😀\u2028\t".split(""), "\u{1F3E0}");
const names = fc.string({ unit: nameChars, minLength: 1, maxLength: 16 }).filter((s) => s.trim().length > 0);

describe("the kept page for customers (decision 0135)", () => {
  it("fills the page for random customers exactly as a fresh render draws it, in every language", async () => {
    await clearCache("rendered-pages");
    await fc.assert(
      fc.asyncProperty(names, fc.emailAddress(), fc.subarray(productIds, { maxLength: 12 }), async (firstName, email, wishlist) => {
        const { cookie } = await customer(firstName, email, wishlist);
        for (const path of pagePaths) await expectSamePage(path, cookie, "kept");
      }),
      { numRuns: 6 },
    );
  });

  it("shows the customer's name, e-mail and pressed hearts without JavaScript, and their list in the loader data", async () => {
    const wishlist = (await heartsOn(href("shop"))).slice(1, 4);
    const { cookie } = await customer(`O'Brien & <Ž>`, "kupac@example.com", wishlist);
    const page = await expectSamePage(href("shop"), cookie, "kept");
    expect(page.markup).toContain("O&#x27;Brien &amp; &lt;Ž&gt;");
    const pressed = [...page.markup.matchAll(/value="(\d+)" aria-pressed="true"/g)].map((m) => Number(m[1]));
    expect(new Set(pressed)).toEqual(new Set(wishlist));
    const { root } = (page.data as { loaderData: { root: { user: { firstName: string }; wishlist: string } } }).loaderData;
    expect(root.user.firstName).toBe(`O'Brien & <Ž>`);
    expect(root.wishlist.split(",").map(Number).sort()).toEqual([...wishlist].sort());
  });

  it("serves the second customer from the page kept for the first, with nobody's values left in it", async () => {
    await clearCache("rendered-pages");
    const first = await customer("Kvirin", "kvirin@example.com", (await heartsOn(href("shop"))).slice(0, 2));
    const second = await customer("Zdeslav", "zdeslav@example.com", []);
    expect((await viaCache(href("shop"), first.cookie)).cache).toBe("miss");
    const page = await viaCache(href("shop"), second.cookie);
    expect(page.cache).toBe("hit");
    expect(["Kvirin", "kvirin@example", 'aria-pressed="true"'].filter((text) => page.html.includes(text))).toEqual([]);
    expect(page.html.includes("Zdeslav")).toBe(true);
  });

  it("renders afresh for a customer group's member, for a customer on a page with their own comment, and on their own pages", async () => {
    const [group] = await db
      .insert(customerGroups)
      .values({ siteId: 1, name: { hr: "Izvođači", en: "Contractors", de: "Handwerker" }, discountBp: 1000 })
      .returning({ id: customerGroups.id });
    const member = await customer("Marko", "marko@example.com", [], group!.id);
    await expectSamePage(href("shop"), member.cookie, "fresh");

    const author = await customer("Iva", "iva@example.com", []);
    const productPath = pagePaths[3]!;
    const before = await expectSamePage(productPath, author.cookie, "kept");
    const commentsOf = /data-comments-of="product:(\d+)"/.exec(before.markup)?.[1];
    expect(commentsOf, "the product page shows comments").toBeDefined();
    const { postComment } = await import("~/modules/comments/comments.server");
    const [user] = await db.select().from(users).where(eq(users.id, author.id));
    await postComment({ ...user!, scope: [] }, "product", Number(commentsOf), { rating: 4, content: "Čeka odobrenje" });
    // Her session read brings what she commented on; the kept page names whose comments it shows.
    const ownComment = await viaCache(productPath, author.cookie);
    expect(ownComment.cache).toBeNull();

    // The profile and the cart are the customer's own content: never the kept page.
    const request = (path: string) => ({
      method: "GET",
      path,
      originalUrl: path,
      headers: { host: "shop.example", cookie: "__session=x" },
    });
    expect(customerPageKey(request(href("profile")), "shop.example")).toBeNull();
    expect(customerPageKey(request(href("cart")), "shop.example")).toBeNull();
    expect(customerPageKey(request(href("shop")), "shop.example")?.signedIn).toBe(true);
  });

  it("shows a change at once although a customer's values are kept for a minute: a heart, a new name, a sign-out", async () => {
    const hearts = await heartsOn(href("shop"));
    const { id, cookie } = await customer("Ljerka", "ljerka@example.com", []);
    expect((await expectSamePage(href("shop"), cookie, "kept")).markup).not.toContain('aria-pressed="true"');
    const { toggleWishlist } = await import("~/modules/wishlist/wishlist.server");
    await toggleWishlist({ id, isBackofficeUser: false }, hearts[0]!, "hr");
    const pressed = await expectSamePage(href("shop"), cookie, "kept");
    expect(pressed.markup).toContain(`value="${hearts[0]}" aria-pressed="true"`);

    const { updateProfile } = await import("~/modules/account/profile.server");
    const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    await updateProfile(
      id,
      { firstName: "Ljerkica", lastName: "Kupac", email: me!.email, memberCardBarcode: "" },
      { locale: "hr", origin: server.base },
    );
    expect((await expectSamePage(href("shop"), cookie, "kept")).markup).toContain("Moj račun (Ljerkica)");

    const { closeSession, sessionCookie } = await import("~/.server/session.server");
    await closeSession((await sessionCookie.parse(cookie)) as string);
    const after = await viaCache(href("shop"), cookie);
    expect(after.cache).toBeNull(); // the ended session is read again and the page rendered for a visitor
    expect(after.html.includes("Ljerkica")).toBe(false);
  });

  it("fills a visitor's hearts from their wishlist cookie, without a session", async () => {
    const wishlist = (await heartsOn(href("shop"))).slice(0, 2);
    const first = await viaCache(href("shop"), `wishlist=${wishlist.join("%2C")}`);
    expect(first.cache).toMatch(/^(hit|miss)$/);
    // With the token the shop issued, so both renders carry the same one.
    const csrf = first.setCookies.find((c) => /^(__Host-)?csrf=/.test(c))!.split(";")[0];
    const page = await expectSamePage(href("shop"), `wishlist=${wishlist.join("%2C")}; ${csrf}`, "kept");
    expect(page.markup).toContain('aria-pressed="true"');
  });
});
