import { z } from "zod";
import { messageKey } from "~/lib/validation-message";
import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  BARCODE_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  type FieldErrors,
} from "./account-fields";

/**
 * The account forms' rules (spec §5), shared by the services and the unit tests. The
 * components mirror them as HTML constraints (required, type=email, minLength, maxLength)
 * so that a browser without JavaScript checks them too; the server always checks again.
 */
const required = "core.validation.required";
const tooShort = (length: number) => messageKey("core.validation.minLength", { length });
const tooLong = (length: number) => messageKey("core.validation.maxLength", { length });

const text = (max: number) => z.string({ invalid_type_error: required }).trim().max(max, tooLong(max)).default("");
const requiredText = (max: number) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong(max));
const email = requiredText(EMAIL_MAX)
  .email("core.validation.email")
  .transform((value) => value.toLowerCase());
// Passwords are not trimmed: a space is a character the customer chose.
const password = z
  .string({ required_error: required, invalid_type_error: required })
  .min(1, required)
  .min(PASSWORD_MIN, tooShort(PASSWORD_MIN))
  .max(200, tooLong(200));
const barcode = text(BARCODE_MAX);

/**
 * A Croatian OIB: 11 digits whose last is the ISO 7064 MOD 11,10 check digit of the first ten.
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let carry = 10;
  for (let i = 0; i < 10; i++) {
    let sum = (carry + Number(value[i])) % 10;
    if (sum === 0) sum = 10;
    carry = (sum * 2) % 11;
  }
  const check = (11 - carry) % 10;
  return check === Number(value[10]);
}

/** Spec §5 Login: "username required and an e-mail; password required, min 8". */
export const loginSchema = z.object({ username: email, password });
export type LoginInput = z.input<typeof loginSchema>;

/** Spec §5 Register (simple): names and e-mail required, password min 8, confirmedPassword equal. */
export const registerSchema = z
  .object({
    firstName: requiredText(NAME_MAX),
    lastName: requiredText(NAME_MAX),
    email,
    password,
    confirmedPassword: z.string({ required_error: required, invalid_type_error: required }).min(1, required),
    memberCardBarcode: barcode,
  })
  .refine((form) => form.password === form.confirmedPassword, { message: "core.validation.repeatPassword", path: ["confirmedPassword"] });

/**
 * Spec §5 Register with addresses: "require firstName, lastName, contactEmail (valid) and
 * contactPhone; country, city, street max 75; houseNumber max 15; zipCode max 25". The
 * OIB, when given, must carry a valid check digit.
 */
export const addressSchema = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  contactEmail: email,
  contactPhone: requiredText(PHONE_MAX),
  country: text(ADDRESS_LIMITS.country).transform((iso) => iso.toUpperCase()),
  city: text(ADDRESS_LIMITS.city),
  street: text(ADDRESS_LIMITS.street),
  houseNumber: text(ADDRESS_LIMITS.houseNumber),
  zipCode: text(ADDRESS_LIMITS.zipCode),
  companyName: text(ADDRESS_LIMITS.companyName),
  companyOIB: text(ADDRESS_LIMITS.companyOIB).refine((oib) => oib === "" || isValidOib(oib), "account.validation.oib"),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** Spec §5 Profile: "firstName, lastName, email required, email valid". */
export const profileSchema = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email,
  memberCardBarcode: barcode,
});

/**
 * Spec §5 Change password: "oldPassword required min 8; newPassword required, min 8,
 * different from oldPassword; newPasswordAgain required, equal to newPassword".
 */
export const changePasswordSchema = z
  .object({
    oldPassword: password,
    newPassword: password,
    newPasswordAgain: z.string({ required_error: required, invalid_type_error: required }).min(1, required),
  })
  .refine((form) => form.newPassword !== form.oldPassword, { message: "core.validation.differentPassword", path: ["newPassword"] })
  .refine((form) => form.newPassword === form.newPasswordAgain, { message: "core.validation.repeatPassword", path: ["newPasswordAgain"] });

/** Forgot password: the e-mail the reset link goes to. */
export const forgotPasswordSchema = z.object({ email });

/** The reset form: a new password (min 8) and the same again. */
export const resetPasswordSchema = z
  .object({
    newPassword: password,
    newPasswordAgain: z.string({ required_error: required, invalid_type_error: required }).min(1, required),
  })
  .refine((form) => form.newPassword === form.newPasswordAgain, { message: "core.validation.repeatPassword", path: ["newPasswordAgain"] });

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Reads `names` (prefixed "delivery." etc. when `prefix` is given) from a posted form and
 * checks them; the errors name the posted field, the first message of each.
 */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  form: FormData | Record<string, unknown>,
  names: readonly string[],
  prefix = "",
): Parsed<z.infer<S>> {
  const read = (name: string) => (form instanceof FormData ? (form.get(name) ?? undefined) : form[name]);
  const input = Object.fromEntries(names.map((name) => [name, read(prefix ? `${prefix}.${name}` : name)]));
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = (prefix ? `${prefix}.` : "") + issue.path.join(".");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export const FORM_NAMES = {
  login: ["username", "password"],
  register: ["firstName", "lastName", "email", "password", "confirmedPassword", "memberCardBarcode"],
  address: ADDRESS_FIELDS,
  profile: ["firstName", "lastName", "email", "memberCardBarcode"],
  changePassword: ["oldPassword", "newPassword", "newPasswordAgain"],
  forgotPassword: ["email"],
  resetPassword: ["newPassword", "newPasswordAgain"],
} as const;
