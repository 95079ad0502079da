import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { text } from "~/lib/schema-fields";
import { ADDRESS_TYPE_OPTIONS, BARCODE_MAX } from "~/modules/account/account-fields";
import {
  accountFieldRules,
  addressSchema,
  DIFFERENT_PASSWORD,
  forgotPasswordSchema,
  passwordFields,
} from "~/modules/account/account.schema";
import { listAddresses, saveAddress } from "~/modules/account/addresses.server";
import { validateMemberCardBarcode } from "~/modules/account/cart-hooks.server";
import { changePassword, requestPasswordReset, resetPassword } from "~/modules/account/password.server";
import { updateProfile } from "~/modules/account/profile.server";
import { apiShopper } from "~/.server/shopper.server";
import { registerCustomer, verifyEmailAddress } from "~/modules/account/register.server";
import { getSiteContext } from "~/modules/site/site.server";
import { defineEndpoint } from "../api-endpoint";
import { ApiError } from "../api-errors.server";
import { apiUserSchema, ID_MAX } from "./shared-schemas";

/**
 * The user calls of spec §7 ("User"), each running the service the HTML shop runs:
 * registration, the profile and address book, passwords and e-mail verification.
 * Decision 0058 records the choices; the settings and media reads are in settings.server.ts.
 */

// The account forms' rules (account.schema.ts): the API refuses what the forms refuse, with the same message keys.
const { name, email, password, barcode } = accountFieldRules;
const addressType = z.enum(ADDRESS_TYPE_OPTIONS);
export const savedAddress = z.object({
  id: z.number().int(),
  type: addressType,
  firstName: z.string(),
  lastName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  zipCode: z.string(),
  companyName: z.string(),
  companyOIB: z.string(),
  defaultDelivery: z.boolean().describe("The customer's default delivery address (checkout offers it first); at most one"),
  defaultBilling: z.boolean().describe("The customer's default billing address; at most one"),
});

const details = z.object({ firstName: name, lastName: name });

const registerBody = z.object({
  details,
  email,
  password,
  /** The login name is the e-mail (spec §5); a different username is refused. */
  username: email.optional(),
  memberCardBarcode: barcode,
  /** Register with addresses (spec §5): the delivery address and, when different, the billing one. */
  addresses: z.object({ delivery: addressSchema, billing: addressSchema.nullable().optional() }).nullable().optional(),
  /** Ids of the register form's consents the user accepted (GET gdpr consents of registerForm). */
  acceptedConsents: z.array(z.number().int().positive().max(999_999_999)).max(50).default([]),
});

const updateBody = z.object({ details, email, username: email.optional(), memberCardBarcode: barcode });

const SOCIAL_LOGIN_OFF = { status: 403, message: "Social login is disabled" };
const NO_PROVIDER = { status: 501, message: "Social login provider is not configured" };

/** Spec §7 social login: off in the options (SocialLogin); the same refusal as the HTML social-login page. */
async function socialLogin(locale: Parameters<typeof getSiteContext>[0]): Promise<never> {
  const site = await getSiteContext(locale);
  if (!site.site.socialLoginEnabled) throw new ApiError(SOCIAL_LOGIN_OFF.status, SOCIAL_LOGIN_OFF.message);
  // Enabled but no provider is configured in this installation.
  throw new ApiError(NO_PROVIDER.status, NO_PROVIDER.message);
}

const USERNAME_NOT_EMAIL = { status: 400, message: "Invalid body.username: the username is the e-mail address" };

function usernameMatches(username: string | undefined, emailAddress: string) {
  if (username !== undefined && username !== emailAddress) {
    throw new ApiError(USERNAME_NOT_EMAIL.status, USERNAME_NOT_EMAIL.message, [
      { field: "body.username", message: "The username is the e-mail address" },
    ]);
  }
}

/** The profile the HTML profile page shows: the user and the address book. */
const profileResponse = z.object({ user: apiUserSchema, addresses: z.array(savedAddress) });

export const userEndpoints = {
  "user.web.profile": defineEndpoint({
    method: "GET",
    path: "/user/web/profile",
    service: "user",
    description: "The user of the bearer token and their address book, as the profile page shows them.",
    auth: "customer",
    summary: "The signed-in customer's profile: the user and the address book (as the profile page shows them)",
    response: profileResponse,
    handler: async ({ user }) => {
      const current = (await user())!;
      return { user: current, addresses: await listAddresses(current.id) };
    },
  }),
  "user.profile": defineEndpoint({
    method: "GET",
    path: "/user/profile",
    service: "user",
    description: "For a backoffice user's token; a customer's token is refused (403). scope: admin, sales or editor (spec §6).",
    auth: "backoffice",
    summary: "The signed-in backoffice user's own profile",
    response: z.object({ user: apiUserSchema }),
    handler: async ({ user }) => ({ user: (await user())! }),
  }),
  "user.social.oauth": defineEndpoint({
    method: "POST",
    path: "/user/social/oauth",
    service: "user",
    description:
      "403 while the option SocialLogin is off (the default); 501 when it is on but this installation has no provider configured.",
    auth: "public",
    strict: true,
    summary: "Social sign-in; refused while social login is off in the options (SocialLogin)",
    body: z.object({
      provider: z.string().max(50).optional().describe("The provider's name"),
      token: z.string().max(4000).optional().describe("The provider's token"),
    }),
    response: z.object({}),
    errors: [SOCIAL_LOGIN_OFF, NO_PROVIDER],
    handler: ({ locale }) => socialLogin(locale),
  }),
  "user.social.redirectLogin": defineEndpoint({
    method: "GET",
    path: "/user/social/redirect-login",
    service: "user",
    description:
      "403 while the option SocialLogin is off (the default); 501 when it is on but this installation has no provider configured.",
    auth: "public",
    summary: "Social sign-in redirect; refused while social login is off in the options (SocialLogin)",
    query: z.object({ provider: z.string().max(50).optional().describe("The provider's name") }),
    response: z.object({}),
    errors: [SOCIAL_LOGIN_OFF, NO_PROVIDER],
    handler: ({ locale }) => socialLogin(locale),
  }),
  "user.web.register": defineEndpoint({
    method: "POST",
    path: "/user/web/register",
    service: "user",
    auth: "public",
    strict: true,
    summary: "Registration (spec §4 Auth Registration): the account, its addresses and the consent log",
    description:
      "With e-mail verification on, the link is mailed and `verificationToken` says so (`sent`); the token itself only travels by e-mail, so that the address is proven. With FRONTEND_URL set the link is `FRONTEND_URL/verify?token=…` (decision 0127). Nobody is signed in: sign in with POST /login.",
    body: registerBody,
    response: z.object({
      userId: z.number().int(),
      verificationToken: z.enum(["sent"]).nullable().describe("'sent' when the address must be confirmed by the mailed link first"),
      next: z.enum(["confirmEmail", "logIn", "login"]),
    }),
    errors: [
      { status: 409, message: "User already exist." },
      { status: 400, message: "Barcode is not valid" },
      { status: 503, message: "Barcode check failed" },
      { status: 400, message: "Required consents were not accepted" },
      { status: 400, message: "Invalid delivery.country / Invalid billing.country" },
      USERNAME_NOT_EMAIL,
    ],
    handler: async ({ body, locale }) => {
      usernameMatches(body.username, body.email);
      const addresses = body.addresses ? { delivery: body.addresses.delivery, billing: body.addresses.billing ?? null } : null;
      const { userId, next } = await registerCustomer({
        ...body.details,
        email: body.email,
        password: body.password,
        memberCardBarcode: body.memberCardBarcode,
        addresses,
        acceptedIds: body.acceptedConsents,
        locale,
        origin: env.PUBLIC_URL,
        // A separate front end's own verification page (decision 0127), from the setting only.
        frontendUrl: env.FRONTEND_URL ?? null,
      });
      return { userId, next, verificationToken: next === "confirmEmail" ? ("sent" as const) : null };
    },
  }),
  "user.web.update": defineEndpoint({
    method: "PATCH",
    path: "/user/web/update",
    service: "user",
    description:
      "Sends the whole profile: names, e-mail and member card barcode (empty: none). A changed e-mail must be confirmed again when e-mail verification is on (confirmEmail true: the link is mailed). username, when sent, must be the e-mail.",
    auth: "customer",
    summary: "Saves the profile (names, e-mail, member card barcode); a new barcode is checked",
    body: updateBody,
    response: z.object({ user: apiUserSchema, confirmEmail: z.boolean() }),
    errors: [
      { status: 409, message: "User already exist." },
      { status: 400, message: "Barcode is not valid" },
      { status: 503, message: "Barcode check failed" },
      { status: 401, message: "No active user" },
      USERNAME_NOT_EMAIL,
    ],
    handler: async ({ body, user, locale, bearer }) => {
      usernameMatches(body.username, body.email);
      const current = (await user())!;
      const { confirmEmail } = await updateProfile(
        current.id,
        { ...body.details, email: body.email, memberCardBarcode: body.memberCardBarcode },
        { locale, origin: env.PUBLIC_URL },
      );
      const { user: after } = await apiShopper({ locale, sessionId: bearer?.sessionId ?? null });
      return {
        user: after ?? { ...current, ...body.details, email: body.email, memberCardBarcode: body.memberCardBarcode || null },
        confirmEmail,
      };
    },
  }),
  "user.web.validateMembersBarcode": defineEndpoint({
    method: "POST",
    path: "/user/web/validateMembersBarcode",
    service: "user",
    description: "isValid: the member card service knows the barcode. 503 when the service cannot be reached.",
    auth: "public",
    strict: true,
    summary: "Checks a member card barcode",
    body: z.object({ barcode: text({ max: BARCODE_MAX, required: true }) }),
    response: z.object({ isValid: z.boolean() }),
    errors: [{ status: 503, message: "Barcode check failed" }],
    handler: async ({ body, locale }) => {
      try {
        return { isValid: (await validateMemberCardBarcode(body.barcode, locale)).isValid };
      } catch (error) {
        console.error("Checking a member card barcode failed", error);
        throw new ApiError(503, "Barcode check failed");
      }
    },
  }),
  "user.web.address.create": defineEndpoint({
    method: "POST",
    path: "/user/web/address/create",
    service: "user",
    description:
      "The address form's fields and limits (spec §9: names and street 75, house number 15, zip code 25); country: an ISO code of getAvailableCountries. type: main, billing, shipping or other (the default); checkout offers shipping addresses first.",
    auth: "customer",
    summary: "Adds an address to the signed-in customer's address book",
    body: addressSchema.extend({ type: addressType.default("other") }),
    response: z.object({ address: savedAddress }),
    errors: [{ status: 400, message: "Invalid country" }],
    handler: async ({ body, user }) => {
      const { type, ...input } = body;
      const current = (await user())!;
      const id = await saveAddress(current.id, null, type, input);
      return { address: (await listAddresses(current.id)).find((a) => a.id === id)! };
    },
  }),
  "user.web.address.update": defineEndpoint({
    method: "PATCH",
    path: "/user/web/address/update/:id",
    service: "user",
    description: "Replaces every field of the address, by the address form's rules (as address/create).",
    params: { id: "The address's id (the profile's addresses[].id)" },
    auth: "customer",
    summary: "Changes an address of the signed-in customer (another user's id is not found)",
    body: addressSchema.extend({ type: addressType.default("other") }),
    response: z.object({ address: savedAddress }),
    errors: [
      { status: 404, message: "Address not found" },
      { status: 400, message: "Invalid country" },
    ],
    handler: async ({ body, user, params }) => {
      const id = Number(params.id);
      if (!Number.isSafeInteger(id) || id <= 0 || id > ID_MAX) throw new ApiError(400, "Invalid id");
      const { type, ...input } = body;
      const current = (await user())!;
      await saveAddress(current.id, id, type, input);
      return { address: (await listAddresses(current.id)).find((a) => a.id === id)! };
    },
  }),
  "user.password.reset": defineEndpoint({
    method: "POST",
    path: "/user/password/reset",
    service: "user",
    description:
      "oldPassword: the current password; newPassword: the password rules (spec §5), different from the old one. The user's other sign-ins end; this one keeps its tokens.",
    auth: "customer",
    strict: true,
    summary: "Changes the signed-in customer's password; other sessions end",
    body: passwordFields
      .pick({ oldPassword: true, newPassword: true })
      .refine((form) => form.newPassword !== form.oldPassword, { message: DIFFERENT_PASSWORD, path: ["newPassword"] }),
    response: z.object({ changed: z.literal(true) }),
    errors: [{ status: 400, message: "Incorrect old password." }],
    handler: async ({ body, user, bearer }) => {
      await changePassword((await user())!.id, body.oldPassword, body.newPassword, bearer!.sessionId);
      return { changed: true as const };
    },
  }),
  "user.password.forgot": defineEndpoint({
    method: "POST",
    path: "/user/password/forgot",
    service: "user",
    description:
      "Always answers sent: true, so the answer never tells whether an account exists. The mailed link sets a new password with POST /user/password/set.",
    auth: "public",
    strict: true,
    summary: "Mails a password reset link; the same answer whether an account exists or not",
    body: forgotPasswordSchema,
    response: z.object({ sent: z.literal(true) }),
    handler: async ({ body, locale }) => {
      await requestPasswordReset(body.email, locale, env.PUBLIC_URL);
      return { sent: true as const };
    },
  }),
  "user.password.set": defineEndpoint({
    method: "POST",
    path: "/user/password/set",
    service: "user",
    description: "token: the mailed reset link's; newPassword: the password rules (spec §5). The token works once and expires.",
    auth: "public",
    strict: true,
    summary: "Sets a new password by the mailed reset token (once)",
    body: z.object({ token: z.string().min(1).max(200), newPassword: password }),
    response: z.object({ changed: z.literal(true) }),
    errors: [{ status: 400, message: "Invalid or expired token" }],
    handler: async ({ body }) => {
      if (!(await resetPassword(body.token, body.newPassword))) throw new ApiError(400, "Invalid or expired token");
      return { changed: true as const };
    },
  }),
  "user.web.verify": defineEndpoint({
    method: "GET",
    readOnly: false,
    path: "/user/web/verify/:token",
    service: "user",
    description: "The token works once. A GET that writes: it spends the strict budget.",
    params: { token: "The token of the mailed verification link" },
    auth: "public",
    strict: true,
    summary: "Confirms an e-mail address by the mailed verification token (once)",
    response: z.object({ verified: z.literal(true) }),
    errors: [{ status: 400, message: "Invalid or expired token" }],
    handler: async ({ params }) => {
      if ((params.token ?? "").length > 200 || !(await verifyEmailAddress(params.token)))
        throw new ApiError(400, "Invalid or expired token");
      return { verified: true as const };
    },
  }),
};
