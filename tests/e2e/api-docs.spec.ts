import { expect, test } from "./fixtures";

/**
 * The API reference (decision 0057): /api/docs.html renders the generated OpenAPI
 * document for people, without script, and links to the document itself; through the real
 * server (express, CSP, compression) the API answers JSON, also for unknown paths.
 */
test.describe("API reference", () => {
  test("shows every service with its calls and links to the OpenAPI document", async ({ page }) => {
    await page.goto("/api/docs.html");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Alu Krov shop API");
    await expect(page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "auth" })).toBeVisible();
    const login = page.locator("section", { hasText: "/api/v1/login" }).first();
    await expect(login).toContainText("Sign in");
    await login.getByText("Body", { exact: true }).click();
    await expect(login.locator("pre").first()).toContainText("username");
    const documentLink = page.getByRole("link", { name: /OpenAPI 3\.1 document/ });
    await expect(documentLink).toHaveAttribute("href", "/api/docs");
  });

  test("the document and the calls answer JSON through the real server", async ({ request }) => {
    const document = await request.get("/api/docs");
    expect(document.headers()["content-type"]).toContain("application/json");
    expect((await document.json()).openapi).toBe("3.1.0");
    const unknown = await request.get("/api/v1/no/such/call");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ errored: true, statusCode: 404, message: "Not found" });
    // A cross-site post reaches the API's own origin rule (JSON), not the shop's text refusal.
    const foreign = await request.post("/api/v1/login", {
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      data: {},
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ errored: true, message: "Origin not allowed" });
  });
});
