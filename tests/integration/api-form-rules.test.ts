import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/v4";
import { DEMO_CUSTOMER } from "~/.server/db/seed/users.server";
import { changePasswordSchema, loginSchema, registerSchema } from "~/modules/account/account.schema";
import { addressStepSchema } from "~/modules/checkout/checkout.schema";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { addressBodySchema } from "~/modules/api/endpoints/ecommerce-schemas";
import { apiClient } from "../setup/api";
import { bootShop, type Shop } from "../setup/shop";

/**
 * One schema per form for the HTML form and its API call (decision 0095): where the API
 * once wrote a rule again, it refused other values than the form, or the same value with
 * another message. Each call below is refused where its form is, with the form's message key.
 */
process.env.RATE_LIMIT_AUTH_POINTS = "1000";
let shop: Shop;
beforeAll(async () => {
  shop = await bootShop();
});
afterAll(() => shop.close());

/** The form's message at a field, parsed as the action parses a post (conform's parseWithZod). */
function formRefusal(schema: z.ZodType, fields: Record<string, string>, field: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? submission.error?.[field]?.[0] : undefined;
}

const SHORT = "Kratka1"; // 7 characters: spec §9 "Password min 8"

describe("the API refuses what the form refuses, with the form's message key", () => {
  it("login: a password under 8 characters (the API had its own min(8))", async () => {
    const key = formRefusal(loginSchema, { username: "kupac@example.com", password: SHORT }, "password");
    expect(key).toBe('core.validation.minLength|{"length":8}');
    const api = await apiClient(shop);
    const answer = await api.call("login", { body: { username: "kupac@example.com", password: SHORT } });
    expect(answer).toMatchObject({ ok: false, status: 400, failure: { errors: [{ field: "body.password", message: key }] } });
  });

  it("registration: a short password and an OIB without its check digit", async () => {
    const fields = {
      firstName: "Ana",
      lastName: "Kupac",
      email: "ana-rules@example.com",
      password: SHORT,
      confirmedPassword: SHORT,
      withAddresses: "on",
      "delivery.firstName": "Ana",
      "delivery.lastName": "Kupac",
      "delivery.contactEmail": "ana-rules@example.com",
      "delivery.contactPhone": "091 123 4567",
      "delivery.companyOIB": "12345678901",
    };
    const passwordKey = formRefusal(registerSchema, fields, "password");
    const oibKey = formRefusal(registerSchema, fields, "delivery.companyOIB");
    expect(oibKey).toBe("account.validation.oib");
    const api = await apiClient(shop);
    const answer = await api.call("user.web.register", {
      body: {
        details: { firstName: "Ana", lastName: "Kupac" },
        email: "ana-rules@example.com",
        password: SHORT,
        addresses: {
          delivery: {
            firstName: "Ana",
            lastName: "Kupac",
            contactEmail: "ana-rules@example.com",
            contactPhone: "091 123 4567",
            companyOIB: "12345678901",
          },
        },
      },
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.status).toBe(400);
    expect(answer.failure.errors).toEqual(
      expect.arrayContaining([
        { field: "body.password", message: passwordKey },
        { field: "body.addresses.delivery.companyOIB", message: oibKey },
      ]),
    );
  });

  it("change password: a new password equal to the old one", async () => {
    const fields = { oldPassword: "Lozinka123", newPassword: "Lozinka123", newPasswordAgain: "Lozinka123" };
    const key = formRefusal(changePasswordSchema, fields, "newPassword");
    expect(key).toBe("core.validation.differentPassword");
    const api = await apiClient(shop);
    const login = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    if (!login.ok) throw new Error(login.failure.message);
    const same = DEMO_CUSTOMER.password;
    const answer = await api.call("user.password.reset", { body: { oldPassword: same, newPassword: same } });
    expect(answer).toMatchObject({ ok: false, status: 400, failure: { errors: [{ field: "body.newPassword", message: key }] } });
  });

  it("newsletter: an e-mail over 254 characters", async () => {
    const email = `${"a".repeat(250)}@example.com`;
    const key = formRefusal(newsletterSchema, { email }, "email");
    expect(key).toBe("core.validation.email");
    const api = await apiClient(shop);
    const answer = await api.call("marketing.newsletter.subscribe", { body: { email } });
    expect(answer).toMatchObject({ ok: false, status: 400, failure: { errors: [{ field: "body.email", message: key }] } });
  });
});

describe("the checkout's address over the API takes what the checkout's form takes", () => {
  const address = { firstName: "Ana", lastName: "Kupac", contactEmail: "ana@example.com", contactPhone: "091 123 4567", country: "HR" };
  /** The checkout page's address step, posted with these delivery fields. */
  const addressStep = (fields: Record<string, string>) => {
    const form = new FormData();
    form.append("intent", "address");
    for (const [name, value] of Object.entries(fields)) form.append(`delivery.${name}`, value);
    return parseWithZod(form, { schema: addressStepSchema });
  };

  it("a zip code of 25 characters (spec §9 'zipCode max 25'; the API stopped at 20)", () => {
    const zipCode = "1".repeat(25);
    expect(addressStep({ ...address, zipCode }).status).toBe("success");
    expect(addressBodySchema.safeParse({ ...address, zipCode }).success).toBe(true);
  });

  it("a street of 76 characters is refused by both with the form's key (spec §9 'street max 75'; the API took 200)", () => {
    const street = "a".repeat(76);
    const refused = addressStep({ ...address, street });
    const key = refused.status === "error" ? refused.error?.["delivery.street"]?.[0] : undefined;
    expect(key).toBe('core.validation.maxLength|{"length":75}');
    const parsed = addressBodySchema.safeParse({ ...address, street });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["street", key]]);
  });
});
