import { z } from "zod/v4";
import { optionalText, text as boundedText } from "~/lib/schema-fields";
import { acceptedConsentsSchema } from "~/modules/consent/consent.schema";
import {
  ADDRESS_LIMITS,
  ADDRESS_TYPE_OPTIONS,
  BARCODE_MAX,
  DEFAULT_ADDRESS_KINDS,
  EMAIL_MAX,
  INTENTS,
  NAME_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
} from "./account-fields";
import { isValidOib } from "~/lib/oib";

/**
 * The account forms' rules (spec §5), shared by the actions and the unit tests. The
 * loaders turn them into HTML constraints (`formConstraint`), so that a browser without
 * JavaScript checks them too; the server always parses again (`readSubmission`).
 */
// The shared bounded fields (app/lib/schema-fields.ts): a length limit and no NUL or other invalid characters.
const text = (max: number) => boundedText({ max });
const requiredText = (max: number) => boundedText({ max, required: true });
const email = boundedText({ max: EMAIL_MAX, required: true, email: true });
// Passwords are not trimmed: a space is a character the customer chose.
const password = boundedText({ max: 200, required: true, min: PASSWORD_MIN, trim: false });
const repeatedPassword = boundedText({ max: 200, required: true, trim: false });
const barcode = text(BARCODE_MAX);

/**
 * The account fields' rules, each written once: the forms below and the headless API's
 * login, registration, profile and password calls (app/modules/api/endpoints) are built
 * from them, so a JSON client is refused what the form refuses, with the same message key.
 */
export const accountFieldRules = { name: requiredText(NAME_MAX), email, password, barcode };

// The OIB check lives in lib/oib.ts (the settings screen validates the seller's OIB with it too).
export { isValidOib };

/** Spec §5 Login: "username required and an e-mail; password required, min 8". */
/** The hidden redirectTo is only read here; the route lets nothing but a local path through. */
export const loginSchema = z.object({ username: email, password, redirectTo: optionalText({ max: 2000 }) });
export type LoginInput = z.input<typeof loginSchema>;

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

/** A ticked checkbox posts "on"; conform turns it into true. */
export const checkbox = z.boolean().optional().default(false);
export const isOn = (value: unknown) => value === "on" || value === true;

/**
 * An address section (delivery, billing) counts only while the checkbox that opens it is
 * ticked: a closed section is dropped before parsing, an open one is checked even when
 * it was left empty (so each required field is named).
 */
export function openSections(form: unknown, open: Record<string, boolean>) {
  if (!form || typeof form !== "object") return form;
  const sections = Object.fromEntries(
    Object.entries(open).map(([name, isOpen]) => [name, isOpen ? ((form as Record<string, unknown>)[name] ?? {}) : undefined]),
  );
  return { ...form, ...sections };
}

/**
 * Spec §5 Register: names and e-mail required, password min 8, confirmedPassword equal;
 * with 'with addresses' ticked the delivery address, and with 'different billing address'
 * the billing one too (spec §5 Register with addresses); the register form's consents.
 */
const registerFields = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email,
  password,
  confirmedPassword: repeatedPassword,
  memberCardBarcode: barcode,
  withAddresses: checkbox,
  delivery: addressSchema.optional(),
  differentBilling: checkbox,
  billing: addressSchema.optional(),
  acceptedConsents: acceptedConsentsSchema,
});
export const registerSchema = z.preprocess(
  (form) => {
    const posted = (form ?? {}) as Record<string, unknown>;
    const withAddresses = isOn(posted.withAddresses);
    return openSections(form, { delivery: withAddresses, billing: withAddresses && isOn(posted.differentBilling) });
  },
  registerFields.refine((form) => form.password === form.confirmedPassword, {
    message: "core.validation.repeatPassword",
    path: ["confirmedPassword"],
  }),
);
export type RegisterInput = z.input<typeof registerFields>;

/** Spec §5 Profile: "firstName, lastName, email required, email valid". */
export const profileSchema = z.object({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email,
  memberCardBarcode: barcode,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordFields = z.object({
  oldPassword: password,
  newPassword: password,
  newPasswordAgain: repeatedPassword,
});

/** Spec §5 Change password: "newPassword ... different from oldPassword". */
export const DIFFERENT_PASSWORD = "core.validation.differentPassword";

/** The rules between the change-password fields, once each field passed its own. */
function newPasswordRules(form: z.infer<typeof passwordFields>, ctx: z.RefinementCtx) {
  if (form.newPassword === form.oldPassword) ctx.addIssue({ code: "custom", message: DIFFERENT_PASSWORD, path: ["newPassword"] });
  if (form.newPassword !== form.newPasswordAgain)
    ctx.addIssue({ code: "custom", message: "core.validation.repeatPassword", path: ["newPasswordAgain"] });
}

/**
 * Spec §5 Change password: "oldPassword required min 8; newPassword required, min 8,
 * different from oldPassword; newPasswordAgain required, equal to newPassword".
 */
export const changePasswordSchema = passwordFields.superRefine(newPasswordRules);
export type ChangePasswordInput = z.input<typeof passwordFields>;

/** One address of the profile's address book: which one ("new" or its id) and its type. */
const addressBookFields = addressSchema.extend({
  addressId: optionalText({ max: 20 }).transform((id) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null)),
  type: z.enum(ADDRESS_TYPE_OPTIONS).catch("shipping"),
});
export const addressBookSchema = addressBookFields;
export type AddressBookInput = z.input<typeof addressBookFields>;

/** An address of the book by its id (the buttons beside it: make it a default, delete it). */
const savedAddressId = optionalText({ max: 20 })
  .pipe(
    z
      .string()
      .max(9, "account.notifications.addressNotFound")
      .regex(/^\d{1,9}$/, "account.notifications.addressNotFound"),
  )
  .transform(Number);

/** The buttons of a saved address: make it the default delivery or billing address (decision 0129), or delete it. */
export const addressDefaultSchema = z.object({ addressId: savedAddressId, kind: z.enum(DEFAULT_ADDRESS_KINDS) });

/** The signed-in profile's forms posting to one action, told apart by `intent`. */
export const profileActionSchema = z
  .discriminatedUnion("intent", [
    profileSchema.extend({ intent: z.literal(INTENTS.profile) }),
    passwordFields.extend({ intent: z.literal(INTENTS.password) }),
    addressBookFields.extend({ intent: z.literal(INTENTS.address) }),
    addressDefaultSchema.extend({ intent: z.literal(INTENTS.addressDefault) }),
    z.object({ addressId: savedAddressId, intent: z.literal(INTENTS.addressDelete) }),
  ])
  .superRefine((form, ctx) => {
    if (form.intent === INTENTS.password) newPasswordRules(form, ctx);
  });
export type ProfileActionInput = z.output<typeof profileActionSchema>;

/** Forgot password: the e-mail the reset link goes to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

const resetFields = z.object({
  /** The mailed link's token; checked by the service, never by its shape here. */
  token: optionalText({ max: 500 }),
  newPassword: password,
  newPasswordAgain: repeatedPassword,
});
const samePasswordTwice = (form: z.infer<typeof resetFields>) => form.newPassword === form.newPasswordAgain;

/** The reset form: a new password (min 8) and the same again. */
export const resetPasswordSchema = resetFields.refine(samePasswordTwice, {
  message: "core.validation.repeatPassword",
  path: ["newPasswordAgain"],
});
export type ResetPasswordInput = z.input<typeof resetFields>;

/** The forgot-password page's two forms; a post without intent "reset" is the e-mail form. */
export const passwordPageSchema = z.preprocess(
  (form) => ({ ...(form as object), intent: (form as Record<string, unknown> | undefined)?.intent === "reset" ? "reset" : "forgot" }),
  z
    .discriminatedUnion("intent", [
      forgotPasswordSchema.extend({ intent: z.literal("forgot") }),
      resetFields.extend({ intent: z.literal("reset") }),
    ])
    .refine((form) => form.intent !== "reset" || samePasswordTwice(form), {
      message: "core.validation.repeatPassword",
      path: ["newPasswordAgain"],
    }),
);

/** The backoffice sign-in: an e-mail and a password (min 8); where to go after it. */
export const adminLoginSchema = z.object({ email, password, redirectTo: optionalText({ max: 2000 }) });
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

/** The logout button: the page it was on, for the language's home (spec §4 Auth). */
export const logoutSchema = z.object({ from: optionalText({ max: 2000 }) });

/** "Pay now" on an unpaid card order of the profile. */
export const payAgainSchema = z.object({ intent: z.literal("pay") });
