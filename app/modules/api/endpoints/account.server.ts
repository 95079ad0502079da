import { z } from "zod/v4";
import { isDomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { DEFAULT_ADDRESS_KINDS } from "~/modules/account/account-fields";
import { deleteAddress, listAddresses, setDefaultAddress } from "~/modules/account/addresses.server";
import { FRONTEND_VERIFY_PATH } from "~/modules/account/account-mails.server";
import { confirmPassword } from "~/modules/account/password.server";
import { RESEND_LIMIT, resendVerificationLink } from "~/modules/account/register.server";
import { eraseOwnAccount } from "~/modules/customer/customer-erase.server";
import { exportCustomerData } from "~/modules/customer/customer-export.server";
import { unsubscribeFromNewsletter } from "~/modules/newsletter/newsletter.server";
import { search } from "~/modules/search/search.server";
import { MAX_SEARCH_LENGTH, normalizeSearchText } from "~/modules/search/search-params";
import { defineEndpoint } from "../api-endpoint";
import { ApiError } from "../api-errors.server";
import { listOf, pageOfAll, pageQueryFields, pageRequest } from "../api-lists";
import { savedAddress } from "./user.server";

/**
 * The account calls an app needs beyond the profile (decision 0127): deleting an address,
 * deleting the account and taking a copy of one's data (the GDPR rules of the backoffice's
 * erasure and export, decision 0040), leaving the newsletter, a new verification mail, and
 * search suggestions while the shopper types. Each runs the shop's own service; a refusal
 * answers with its message in the call's language.
 */

/** Runs a service; a broken business rule answers with its status and its message in the call's language. */
async function inLanguage<T>(locale: Locale, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const t = await getFixedT(locale);
    const message = t(error.key, error.values ?? {});
    throw new ApiError(error.status, message, error.field ? [{ field: `body.${error.field}`, message }] : undefined);
  }
}

const ADDRESS_NOT_FOUND = { status: 404, message: "Address not found (in the call's language)" };
/** The address book: a page holds 100 unless asked for fewer. */
const ADDRESS_PAGES = { perPage: 100, maxPerPage: 100 };

/** An address id of the path: one that cannot be an id is as unknown as someone else's. */
const addressId = (param: string | undefined) => (/^\d{1,9}$/.test(param ?? "") ? Number(param) : 0);
const OPEN_ORDERS = { status: 409, message: "You have open orders (in the call's language, naming them)" };
const WRONG_PASSWORD = { status: 400, message: "The password is incorrect (in the call's language)" };

/** Rows as the database holds them (columns by name); the list of sections is fixed. */
const rows = z.array(z.record(z.string(), z.unknown()));
const exportSchema = z.strictObject({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  addresses: rows,
  orders: rows.describe("Each with its lines"),
  wishlist: rows,
  consents: rows,
  consentLog: rows,
  priceEnquiries: rows,
  formSubmissions: rows,
  newsletter: rows,
  comments: rows,
  carts: rows.describe("Each with its items"),
  accountTokens: rows.describe("When mailed links were issued and used; never the tokens"),
});

const suggestion = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  href: z.string().describe("The shop's own path of the page, in the call's language"),
});
const SUGGESTION_LIMITS = { products: 5, productCategories: 3, pages: 3 } as const;
const MIN_SUGGEST_LENGTH = 2;

export const accountEndpoints = {
  "user.web.address.filter": defineEndpoint({
    method: "GET",
    path: "/user/web/address/filter",
    service: "user",
    auth: "customer",
    summary: "The signed-in customer's address book, oldest first, with the default delivery and billing address marked",
    description:
      "Each address as the profile keeps it, with defaultDelivery and defaultBilling; POST /user/web/address/default/{id} sets them, and checkout and order/create start from them.",
    query: z.object(pageQueryFields(ADDRESS_PAGES)),
    response: listOf(savedAddress),
    handler: async ({ query, user }) => pageOfAll(await listAddresses((await user())!.id), pageRequest(query, ADDRESS_PAGES)),
  }),
  "user.web.address.default": defineEndpoint({
    method: "POST",
    path: "/user/web/address/default/:id",
    params: { id: "The address's id (the address list's records[].id)" },
    service: "user",
    auth: "customer",
    summary: "Makes one of the signed-in customer's addresses their default delivery (or billing) address",
    description:
      "kind: delivery (the default) or billing. The address that was the default of that kind stops being it. Checkout (the page and order/create without an address) starts from the defaults. Deleting the default address leaves none of its kind.",
    body: z.strictObject({ kind: z.enum(DEFAULT_ADDRESS_KINDS).default("delivery") }).default({ kind: "delivery" }),
    response: z.strictObject({ address: savedAddress }),
    errors: [ADDRESS_NOT_FOUND],
    handler: async ({ params, body, user, locale }) => {
      const current = (await user())!;
      const id = addressId(params.id);
      await inLanguage(locale, () => setDefaultAddress(current.id, id, body.kind));
      return { address: (await listAddresses(current.id)).find((a) => a.id === id)! };
    },
  }),
  "user.web.address.delete": defineEndpoint({
    method: "DELETE",
    path: "/user/web/address/delete/:id",
    service: "user",
    params: { id: "The address's id (the profile's addresses[].id)" },
    auth: "customer",
    summary: "Deletes an address of the signed-in customer's address book (another user's id is not found)",
    description: "A default address deleted leaves the customer without a default of its kind (none is promoted).",
    response: z.strictObject({ deleted: z.literal(true) }),
    errors: [ADDRESS_NOT_FOUND],
    handler: async ({ params, user, locale }) => {
      const current = (await user())!;
      await inLanguage(locale, () => deleteAddress(current.id, addressId(params.id)));
      return { deleted: true as const };
    },
  }),
  "user.web.delete": defineEndpoint({
    method: "POST",
    path: "/user/web/delete",
    service: "user",
    auth: "customer",
    strict: true,
    summary: "Deletes the signed-in customer's account and data (GDPR erasure), confirmed with the password",
    description:
      "The backoffice's erasure rules: refused (409) while an order is open; orders stay for the accounts with the buyer the invoice names, everything else of the customer goes. Every session and API token of the account ends.",
    body: z.strictObject({ password: z.string().min(1).max(200) }),
    response: z.strictObject({ deleted: z.literal(true) }),
    errors: [WRONG_PASSWORD, OPEN_ORDERS],
    handler: async ({ body, user, locale }) => {
      const current = (await user())!;
      await inLanguage(locale, async () => {
        await confirmPassword(current.id, body.password);
        await eraseOwnAccount(current.id);
      });
      return { deleted: true as const };
    },
  }),
  "user.web.export": defineEndpoint({
    method: "GET",
    readOnly: false,
    path: "/user/web/export",
    service: "user",
    auth: "customer",
    strict: true,
    summary: "A copy of everything the shop keeps about the signed-in customer (GDPR access), as the backoffice's export",
    description: "The same JSON the backoffice hands over; the copy is recorded in the audit log.",
    response: exportSchema,
    handler: async ({ user, locale }) => {
      const current = (await user())!;
      // Dates become strings, as in the backoffice's JSON download.
      return JSON.parse(JSON.stringify(await exportCustomerData(current, current.id, locale)));
    },
  }),
  "user.web.newsletter.unsubscribe": defineEndpoint({
    method: "POST",
    path: "/user/web/newsletter/unsubscribe",
    service: "user",
    description: "unsubscribed false: the address was not subscribed. The opt-out is kept as the record of it (spec §3 Newsletter).",
    auth: "customer",
    summary: "Takes the signed-in customer's e-mail off the newsletter (kept as the record of the opt-out)",
    response: z.strictObject({ unsubscribed: z.boolean().describe("false when the address was not subscribed") }),
    handler: async ({ user }) => ({ unsubscribed: await unsubscribeFromNewsletter((await user())!.email) }),
  }),
  "user.web.verify.resend": defineEndpoint({
    method: "POST",
    path: "/user/web/verify/resend",
    service: "user",
    auth: "customer",
    strict: true,
    summary: "Mails the signed-in customer a new e-mail verification link (the earlier one stops working)",
    description: `At most ${RESEND_LIMIT} links an hour per account. With FRONTEND_URL set the link is \`FRONTEND_URL${FRONTEND_VERIFY_PATH}?token=…\` (the page confirms with GET /user/web/verify/:token); otherwise the shop's own login page.`,
    response: z.strictObject({ sent: z.literal(true) }),
    errors: [
      { status: 409, message: "The address is already confirmed (in the call's language)" },
      { status: 429, message: "Too many verification mails (in the call's language)" },
    ],
    handler: async ({ user, locale }) => {
      const current = (await user())!;
      await inLanguage(locale, () =>
        resendVerificationLink({ userId: current.id, locale, origin: env.PUBLIC_URL, frontendUrl: env.FRONTEND_URL ?? null }),
      );
      return { sent: true as const };
    },
  }),
  "product.web.search.suggestions": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/product/web/search/suggestions",
    service: "product",
    auth: "public",
    summary: "Suggestions as the shopper types: up to 5 products, 3 categories and 3 pages matching the text, in the call's language",
    description: `q: at least ${MIN_SUGGEST_LENGTH} characters (spaces collapsed), at most ${MAX_SEARCH_LENGTH}. The storefront search's matching (diacritics, typos).`,
    query: z.object({
      q: z
        .string()
        .max(MAX_SEARCH_LENGTH * 2)
        .describe("What the shopper has typed"),
    }),
    response: z.strictObject({ products: z.array(suggestion), categories: z.array(suggestion), pages: z.array(suggestion) }),
    errors: [{ status: 400, message: "Too short (in the call's language)" }],
    handler: async ({ query, locale }) => {
      const text = normalizeSearchText(query.q);
      if (text.length < MIN_SUGGEST_LENGTH || query.q.trim().length > MAX_SEARCH_LENGTH) {
        const t = await getFixedT(locale);
        const message =
          text.length < MIN_SUGGEST_LENGTH
            ? t("search.tooShort", { min: MIN_SUGGEST_LENGTH })
            : t("core.validation.maxLength", { length: MAX_SEARCH_LENGTH });
        throw new ApiError(400, message, [{ field: "query.q", message }]);
      }
      const found = await search({ text, categories: ["products", "productCategories", "pages"], locale });
      const pick = (category: keyof typeof SUGGESTION_LIMITS) =>
        (found[category]?.records ?? []).slice(0, SUGGESTION_LIMITS[category]).map((r) => ({ id: r.id, title: r.title, href: r.href }));
      return { products: pick("products"), categories: pick("productCategories"), pages: pick("pages") };
    },
  }),
};
