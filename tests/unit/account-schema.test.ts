import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS, PASSWORD_MIN } from "~/modules/account/account-fields";
import { addressSchema, changePasswordSchema, FORM_NAMES, isValidOib, loginSchema, parseForm, profileSchema, resetPasswordSchema } from "~/modules/account/account.schema";

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
    expect([ADDRESS_LIMITS.country, ADDRESS_LIMITS.city, ADDRESS_LIMITS.street, ADDRESS_LIMITS.houseNumber, ADDRESS_LIMITS.zipCode]).toEqual([75, 75, 75, 15, 25]);
  });
});

describe("login (spec §5: username required and an e-mail; password required, min 8)", () => {
  it("lower-cases the username and names each rule", () => {
    expect(parseForm(loginSchema, { username: " Ana@Example.com ", password: "12345678" }, FORM_NAMES.login)).toEqual({
      ok: true,
      data: { username: "ana@example.com", password: "12345678" },
    });
    expect(parseForm(loginSchema, { username: "ana", password: "1234567" }, FORM_NAMES.login)).toEqual({
      ok: false,
      errors: { username: "core.validation.email", password: 'core.validation.minLength|{"length":8}' },
    });
  });
});

describe("change password (spec §5)", () => {
  const names = FORM_NAMES.changePassword;
  it("wants a new password different from the old one: core.validation.differentPassword", () => {
    expect(parseForm(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Stara1234", newPasswordAgain: "Stara1234" }, names)).toEqual({
      ok: false,
      errors: { newPassword: "core.validation.differentPassword" },
    });
  });
  it("wants newPasswordAgain equal: core.validation.repeatPassword", () => {
    expect(parseForm(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Nova12345", newPasswordAgain: "Nova12346" }, names)).toEqual({
      ok: false,
      errors: { newPasswordAgain: "core.validation.repeatPassword" },
    });
  });
  it("wants every field, old and new min 8", () => {
    expect(parseForm(changePasswordSchema, { oldPassword: "short", newPassword: "", newPasswordAgain: "" }, names)).toEqual({
      ok: false,
      errors: { oldPassword: 'core.validation.minLength|{"length":8}', newPassword: "core.validation.required", newPasswordAgain: "core.validation.required" },
    });
    expect(parseForm(changePasswordSchema, { oldPassword: "Stara1234", newPassword: "Nova12345", newPasswordAgain: "Nova12345" }, names).ok).toBe(true);
  });
});

describe("reset password", () => {
  it("min 8 and the same twice", () => {
    const names = FORM_NAMES.resetPassword;
    expect(parseForm(resetPasswordSchema, { newPassword: "Nova12345", newPasswordAgain: "Nova1234" }, names)).toEqual({
      ok: false,
      errors: { newPasswordAgain: "core.validation.repeatPassword" },
    });
    expect(parseForm(resetPasswordSchema, { newPassword: "Nova123", newPasswordAgain: "Nova123" }, names).ok).toBe(false);
  });
});

describe("profile (spec §5: firstName, lastName, email required, email valid)", () => {
  it("names each rule", () => {
    expect(parseForm(profileSchema, { firstName: "", lastName: " ", email: "x" }, FORM_NAMES.profile)).toEqual({
      ok: false,
      errors: { firstName: "core.validation.required", lastName: "core.validation.required", email: "core.validation.email" },
    });
  });
});

describe("address (spec §5 register with addresses)", () => {
  const valid = { firstName: "Ana", lastName: "Kupac", contactEmail: "ana@example.com", contactPhone: "091 123 4567", country: "hr" };
  it("requires the four contact fields, checks limits, upper-cases the country", () => {
    const parsed = parseForm(addressSchema, valid, FORM_NAMES.address);
    expect(parsed.ok && parsed.data.country).toBe("HR");
    expect(parseForm(addressSchema, { street: "a".repeat(75), houseNumber: "1".repeat(15), zipCode: "1".repeat(25) }, FORM_NAMES.address, "billing")).toEqual({
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
    expect(parseForm(addressSchema, { ...valid, companyOIB: "12345678901" }, FORM_NAMES.address)).toEqual({ ok: false, errors: { companyOIB: "account.validation.oib" } });
    expect(parseForm(addressSchema, { ...valid, companyOIB: "94577403194" }, FORM_NAMES.address).ok).toBe(true);
  });
});
