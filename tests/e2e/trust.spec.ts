import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * Redirect targets (DESIGN.md "Trust boundaries") and password guessing (decision 0033) in the
 * browser, with JavaScript on (the form posts by fetch and Remix navigates on the client) and off
 * (a plain form post and its redirect).
 */
const CUSTOMER = { email: "kupac@example.com", password: "Kupac2026!" };

// Each test signs in eight or eleven times (argon2 each): more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

async function logIn(page: Page, js: boolean, path: string, email: string, password: string) {
  await page.goto(path);
  await ready(page, js);
  const form = page.getByTestId("login-form");
  await form.locator('[name="username"]').fill(email);
  await form.locator('[name="password"]').fill(password);
  // Each try is answered before the next (with JavaScript, the same message would already be showing).
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/prijava"),
  );
  await form.getByRole("button", { name: "Prijava" }).click();
  await answered;
}

test.describe('the login\'s redirect target (DESIGN.md "Trust boundaries")', () => {
  const hostile = [
    "//evil.example/",
    "https://evil.example/",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/\t/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "javascript:alert(1)",
  ];

  test("goes to a local target and never leaves the shop for a hostile one", async ({ page, js, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const offsite: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== origin && request.url().startsWith("http")) offsite.push(request.url());
    });
    page.on("dialog", (dialog) => {
      offsite.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });

    await logIn(page, js, `/prijava?redirectTo=${encodeURIComponent("/kosarica?from=login")}`, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(`${origin}/kosarica?from=login`);

    for (const target of hostile) {
      await page.context().clearCookies();
      await logIn(page, js, `/prijava?redirectTo=${encodeURIComponent(target)}`, CUSTOMER.email, CUSTOMER.password);
      // Signed in and sent home (the login's fallback), on the shop's own origin.
      await expect(page, target).toHaveURL(`${origin}/`);
    }
    expect(offsite).toEqual([]);
  });
});

test.describe("password guessing (decision 0033)", () => {
  test("after 10 failed sign-ins the form says the sign-in is locked, for an address without an account too", async ({
    page,
    js,
  }, info) => {
    const email = `locked-${info.project.name}@example.com`;
    for (let i = 0; i < 10; i++) {
      await logIn(page, js, "/prijava", email, `Pogresna-${i}-lozinka`);
      await expect(page.getByTestId("login-error")).toHaveText("Nepoznato korisničko ime ili lozinka!");
    }
    await logIn(page, js, "/prijava", email, "Pogresna-10-lozinka");
    await expect(page.getByTestId("login-error")).toHaveText("Previše neuspjelih pokušaja prijave. Pokušajte ponovno za 15 minuta.");
  });
});
