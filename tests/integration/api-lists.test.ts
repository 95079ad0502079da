import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { apiClient, apiKeyFor, documentedMismatch, rawCall } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/** The API's lists as a "load more" client reads them: a page past the end is empty, never the last page again. */
let shop: Shop;
let key: string;
beforeAll(async () => {
  shop = await bootShop();
  key = (await apiKeyFor("lists test")).token;
});
afterAll(() => shop.close());

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await rawCall(shop, path, {
    method: "POST",
    headers: { "X-Api-Key": key, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> & { records: unknown[] } };
};

describe("a page past the end", () => {
  it("of products is empty and names the page asked for", async () => {
    const first = await post("/api/v1/product/web/filter", { limit: 5, page: 1 });
    expect(first.data.records.length).toBeGreaterThan(0);
    const past = await post("/api/v1/product/web/filter", { limit: 5, page: (first.data.totalPages as number) + 1 });
    expect(past.data).toMatchObject({
      records: [],
      page: (first.data.totalPages as number) + 1,
      totalPages: first.data.totalPages,
      totalRecords: first.data.totalRecords,
    });
    expect(await documentedMismatch(shop, "v1.product.web.filter", 200, past)).toEqual([]);
  });

  it("of blog posts and blog terms is empty", async () => {
    const posts = await post("/api/v1/cms/post/filterStandard", { postTypeSlugs: ["post"], page: 999 });
    expect(posts.data.records).toEqual([]);
    expect(posts.data.pagination).toMatchObject({ page: 999 });
    const terms = await post("/api/v1/cms/term/filterStandard", { limit: 1, page: 999 });
    expect(terms.data).toMatchObject({ records: [], page: 999, perPage: 1 });
    expect(await documentedMismatch(shop, "v1.cms.term.filterStandard", 200, terms)).toEqual([]);
  });

  it("of a customer's invoices is empty", async () => {
    const api = await apiClient(shop, { apiKey: key });
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const documents = await post(
      "/api/v1/document/document/filter/web",
      { page: 999 },
      { Authorization: `Bearer ${login.data.tokens.accessToken}` },
    );
    expect(documents.data).toMatchObject({ records: [], page: 999 });
  });
});
