import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../setup/account-helpers";
import { Visitor } from "../setup/client";
import { bootShop, type Shop } from "../setup/shop";

/**
 * Confirm e-mail goals (spec §2 Confirm e-mail view, §3 E-mail confirmation query, §4
 * Other, §5 "needs goal, goalType and confirmedEmail, else 404 'goal or goalType were not defined'").
 */
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const base = { confirmedEmail: "ana@example.com" };

describe("/potvrdi-email and /confirm-email", () => {
  it("answers 404 'goal or goalType were not defined' when goal, goalType or confirmedEmail is missing or unknown", async () => {
    const cases: Record<string, string>[] = [
      {},
      { goalType: "message", confirmedEmail: "a@b.hr" },
      { goal: "Hvala", confirmedEmail: "a@b.hr" },
      { goal: "Hvala", goalType: "message" },
      { goal: "Hvala", goalType: "banner", confirmedEmail: "a@b.hr" },
      { goal: "javascript:alert(1)", goalType: "file", confirmedEmail: "a@b.hr" },
    ];
    for (const params of cases) {
      const response = await new Visitor(shop).get(`/potvrdi-email?${query(params)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("goal or goalType were not defined");
    }
    // Shown on the page, not only in the data (a shopper must see it), in every language, with no query at all.
    for (const path of ["/potvrdi-email", "/confirm-email", "/en/confirm-email", "/de/confirm-email"]) {
      const { response, html } = await new Visitor(shop).page(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toMatch(/data-testid="error-detail"[^>]*>goal or goalType were not defined</);
    }
  });

  it("shows a message goal as text (and a toast once scripts run)", async () => {
    const { response, html } = await new Visitor(shop).page(
      `/confirm-email?${query({ ...base, goal: "Hvala na potvrdi!", goalType: "message" })}`,
    );
    expect(response.status).toBe(200);
    expect(textOf(html, '[data-testid="goal-message"]')).toBe("Hvala na potvrdi!");
    expect(html).toContain("ana@example.com");
  });

  it("offers a file goal as a download named 'download'", async () => {
    const { html } = await new Visitor(shop).page(`/potvrdi-email?${query({ ...base, goal: "/media/katalog.pdf", goalType: "file" })}`);
    expect(html).toMatch(/<a href="\/media\/katalog.pdf" download="download"/);
  });

  it("redirects a url goal, to local paths only", async () => {
    const local = await new Visitor(shop).get(`/potvrdi-email?${query({ ...base, goal: "/shop", goalType: "url" })}`);
    expect([local.status, local.headers.get("Location")]).toEqual([302, "/shop"]);
    const away = await new Visitor(shop).get(`/en/confirm-email?${query({ ...base, goal: "https://evil.example", goalType: "url" })}`);
    expect(away.headers.get("Location")).toBe("/en");
  });
});
