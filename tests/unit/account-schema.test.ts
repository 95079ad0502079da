import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod/v4";
import { ADDRESS_LIMITS, PASSWORD_MIN } from "~/modules/account/account-fields";
import {
  addressSchema,
  changePasswordSchema,
  isValidOib,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "~/modules/account/account.schema";

/** Parses a post the way the actions do (`readSubmission`: conform's parseWithZod); the first message of each field. */
function parse(schema: ZodTypeAny, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { ok: true as const, data: submission.value as Record<string, unknown> };
  const errors = Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages?.length ? [[name, messages[0]]] : [])),
  );
  return { ok: false as const, errors };
}

/** The account forms' rules of spec §5 and §9 (password min 8, address limits 75/75/75, 15, 25). */
describe("Croatian OIB (ISO 7064 MOD 11,10)", () => {
  it("accepts OIBs with a correct check digit and refuses any other", () => {
    for (const oib of ["94577403194", "69435151530", "00000000001"]) expect(isValidOib(oib)).toBe(true);
    for (const oib of ["94577403195", "69435151531", "1234567890", "123456789012", "9457740319a", ""]) expect(isValidOib(oib)).toBe(false);
  });
});

describe("spec §9 constants", () => {
  it("password min 8, address limits 75/75/75, 15, 25", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect([
      ADDRESS_LIMITS.country,
      ADDRESS_LIMITS.city,
      ADDRESS_LIMITS.street,
      ADDRESS_LIMITS.houseNumber,
      ADDRESS_LIMITS.zipCode,
    ]).toEqual([75, 75, 75, 15, 25]);
  });
});

describe("login (spec §5: username required and an e-mail; password required, min 8)", () => {
  it("lower-cases the username and names each rule", () => {
    expect(parse(loginSchema, { username: " Ana@Example.com ", password: "12345678" })).toEqual({
      ok: true,
      data: { username: "ana@example.com", password: "12345678" },
    });
    expect(parse(loginSchema, { username: "ana", password: "1234567" })).toEqual({
      ok: false,
      errors: { username: "core.validation.email", password: 'core.validation.minLength|{"length":8}' },
    });
  });
});

describe("change password (spec §5)", () => {
  it("wants a new password different from the old one: core.validation.differentPassword", () => {
    expect(parse(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Stara1234", newPasswordAgain: "Stara1234" })).toEqual({
      ok: false,
      errors: { newPassword: "core.validation.differentPassword" },
    });
  });
  it("wants newPasswordAgain equal: core.validation.repeatPassword", () => {
    expect(parse(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Nova12345", newPasswordAgain: "Nova12346" })).toEqual({
      ok: false,
      errors: { newPasswordAgain: "core.validation.repeatPassword" },
    });
  });
  it("wants every field, old and new min 8", () => {
    expect(parse(changePasswordSchema, { oldPassword: "short", newPassword: "", newPasswordAgain: "" })).toEqual({
      ok: false,
      errors: {
        oldPassword: 'core.validation.minLength|{"length":8}',
        newPassword: "core.validation.required",
        newPasswordAgain: "core.validation.required",
      },
    });
    expect(parse(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Nova12345", newPasswordAgain: "Nova12345" }).ok).toBe(
      true,
    );
  });
});

describe("reset password", () => {
  it("min 8 and the same twice", () => {
    expect(parse(resetPasswordSchema, { newPassword: "Nova12345", newPasswordAgain: "Nova1234" })).toEqual({
      ok: false,
      errors: { newPasswordAgain: "core.validation.repeatPassword" },
    });
    expect(parse(resetPasswordSchema, { newPassword: "Nova123", newPasswordAgain: "Nova123" }).ok).toBe(false);
  });
});

describe("profile (spec §5: firstName, lastName, email required, email valid)", () => {
  it("names each rule", () => {
    expect(parse(profileSchema, { firstName: "", lastName: " ", email: "x" })).toEqual({
      ok: false,
      errors: { firstName: "core.validation.required", lastName: "core.validation.required", email: "core.validation.email" },
    });
  });
});

describe("address (spec §5 register with addresses)", () => {
  const valid = { firstName: "Ana", lastName: "Kupac", contactEmail: "ana@example.com", contactPhone: "091 123 4567", country: "hr" };
  it("requires the four contact fields, checks limits, upper-cases the country", () => {
    const parsed = parse(addressSchema, valid);
    expect(parsed.ok && parsed.data.country).toBe("HR");
    expect(
      parse(z.object({ billing: addressSchema }), {
        "billing.street": "a".repeat(75),
        "billing.houseNumber": "1".repeat(15),
        "billing.zipCode": "1".repeat(25),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "billing.firstName": "core.validation.required",
        "billing.lastName": "core.validation.required",
        "billing.contactEmail": "core.validation.required",
        "billing.contactPhone": "core.validation.required",
      },
    });
  });
  it("checks a given company OIB", () => {
    expect(parse(addressSchema, { ...valid, companyOIB: "12345678901" })).toEqual({
      ok: false,
      errors: { companyOIB: "account.validation.oib" },
    });
    expect(parse(addressSchema, { ...valid, companyOIB: "94577403194" }).ok).toBe(true);
  });
});

describe("register (spec §5 Register, with addresses)", () => {
  const simple = { firstName: "Ana", lastName: "Kupac", email: "ana@example.com", password: "Lozinka123", confirmedPassword: "Lozinka123" };
  it("checks the address sections only while their checkbox is ticked", () => {
    expect(parse(registerSchema, { ...simple, "delivery.street": "a".repeat(80) }).ok).toBe(true);
    expect(parse(registerSchema, { ...simple, withAddresses: "on" })).toEqual({
      ok: false,
      errors: {
        "delivery.firstName": "core.validation.required",
        "delivery.lastName": "core.validation.required",
        "delivery.contactEmail": "core.validation.required",
        "delivery.contactPhone": "core.validation.required",
      },
    });
    const delivery = {
      "delivery.firstName": "Ana",
      "delivery.lastName": "Kupac",
      "delivery.contactEmail": "ana@example.com",
      "delivery.contactPhone": "091",
    };
    expect(parse(registerSchema, { ...simple, withAddresses: "on", ...delivery, "billing.street": "a".repeat(80) }).ok).toBe(true);
    expect(parse(registerSchema, { ...simple, withAddresses: "on", differentBilling: "on", ...delivery }).ok).toBe(false);
  });
  it("wants confirmedPassword equal: core.validation.repeatPassword", () => {
    expect(parse(registerSchema, { ...simple, confirmedPassword: "Lozinka124" })).toEqual({
      ok: false,
      errors: { confirmedPassword: "core.validation.repeatPassword" },
    });
  });
});
