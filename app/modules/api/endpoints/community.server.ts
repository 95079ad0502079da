import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/.server/db/schema";
import { getCustomerDocument, listCustomerDocuments } from "~/modules/documents/customer-documents.server";
import { getEvent, pageOfEvents } from "~/modules/events/events.server";
import { newsletterEmailSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { assertWishlistOwner, toggleWishlist, wishlistPage, wishlistProductIds } from "~/modules/wishlist/wishlist.server";
import { WISHLIST_FETCH_LIMIT } from "~/lib/wishlist-fields";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";
import { ORDER_PAGES } from "./orders.server";
import { defineEndpoint } from "../api-endpoint";
import { limitQueryField, listOf, listPage, pageFields, pageQueryFields, pageRequest } from "../api-lists";
import { notFound } from "../api-errors.server";
import { idParam } from "../api-router.server";
import { productCardSchema } from "./catalog-schemas";
import { ID_MAX } from "./shared-schemas";

/**
 * The shopper's own things and the shop's calendar (spec §7 CMS wishlist, Documents,
 * Marketing, Calendar): each runs the same service as the HTML route (actions.wishlist,
 * the profile's orders, actions.newsletter, the event pages).
 */

const eventCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  href: z.string().describe("The event's page in the shop"),
  startsAt: z.string().describe("ISO 8601"),
  endsAt: z.string().describe("ISO 8601"),
  place: z.string(),
  upcoming: z.boolean().describe("Not yet ended"),
});

const eventSchema = eventCardSchema.extend({
  descriptionHtml: z.string().describe("Sanitised HTML"),
  attendees: z.number().int().describe("The public attendance figure (never the attendees themselves)"),
  lang: z.enum(["hr", "en", "de"]).nullable().describe("The language of the text when it is not the requested one"),
});

const documentSchema = z.object({
  id: z.number().int().describe("The order's id"),
  slug: z.string().describe("The order number"),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.number().int().describe("Cents"),
  currencyLabel: z.string(),
  kind: z.literal("invoice"),
  fileName: z.string(),
  downloadUrl: z.string().describe("The shop's own download page (needs the shop's session, for a browser front end)"),
});

const WISHLIST_ERRORS = [{ status: 403, message: "Back-office users have no wishlist" }];
/** Spec §4: the wishlist is refetched with limit 9999, so a page holds it all unless asked for fewer. */
const WISHLIST_PAGES = { perPage: WISHLIST_FETCH_LIMIT, maxPerPage: WISHLIST_FETCH_LIMIT };
const EVENT_PAGES = { perPage: 50, maxPerPage: 100 };

export const communityEndpoints = {
  "cms.wishlist.create": defineEndpoint({
    method: "POST",
    path: "/cms/wishlist/create",
    service: "cms",
    auth: "customer",
    summary: "Toggles a product on the customer's wishlist: adds it, or removes it when it is already kept",
    description: "Spec §4 Wishlist, §7 wishlist/create {product_id}. Back-office users have no wishlist.",
    body: z.object({ product_id: z.number().int().positive().max(ID_MAX) }),
    response: z.object({
      added: z.boolean().describe("true: added; false: removed"),
      entity: z.enum(["product", "bundle"]),
      name: z.string(),
      productIds: z.array(z.number().int()).describe("The wishlist after the change"),
    }),
    errors: [...WISHLIST_ERRORS, { status: 404, message: "Product not found" }],
    handler: async ({ user, body, locale }) => {
      const current = await user();
      const result = await toggleWishlist(current, body.product_id, locale);
      return { ...result, productIds: await wishlistProductIds(current) };
    },
  }),
  "cms.wishlist.filter": defineEndpoint({
    method: "GET",
    path: "/cms/wishlist/filter",
    service: "cms",
    description:
      "Every product of the wishlist in one answer (totalPages is always 1), as the catalogue's product cards. Back-office users have no wishlist (403).",
    auth: "customer",
    summary: "The customer's wishlist (spec §4: refetched with limit 9999), newest first, at the customer's group prices",
    query: z.object({ ...pageQueryFields(WISHLIST_PAGES), ...limitQueryField(WISHLIST_PAGES) }),
    response: listOf(productCardSchema),
    errors: WISHLIST_ERRORS,
    handler: async ({ user, query, locale }) => {
      const current = await user();
      assertWishlistOwner(current);
      const asked = pageRequest(query, WISHLIST_PAGES);
      const group = await shopperPriceGroup({ user: current });
      const { data, pagination } = await wishlistPage(current.id, asked.page, locale, group, asked.perPage);
      return listPage(data, asked, pagination.total);
    },
  }),
  "document.document.filter.web": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/document/document/filter/web",
    service: "document",
    description:
      "10 a page; a page past the end has no records. downloadUrl is the shop's own page (it needs the shop's session cookie); an app fetches the PDF with document/get/web/{id}.",
    auth: "customer",
    summary: "The invoices of the customer's orders, newest first, 10 a page",
    body: z
      .object({
        ...pageFields(ORDER_PAGES),
        store_id: z.number().int().positive().max(ID_MAX).optional().describe("One store per shop: accepted, not narrowing"),
      })
      .default({}),
    response: listOf(documentSchema),
    handler: async ({ body, user, locale }) => {
      const asked = pageRequest(body, ORDER_PAGES);
      const { records, pagination } = await listCustomerDocuments((await user())!.id, asked.page, locale, asked.perPage);
      return listPage(records, asked, pagination.totalRecords);
    },
  }),
  "document.document.get.web": defineEndpoint({
    method: "GET",
    path: "/document/document/get/web/:id",
    service: "document",
    description: "The order's invoice as the account's page hands it out; content is the PDF in base64.",
    params: { id: "The order's id (document/filter/web records[].id)" },
    auth: "customer",
    summary: "The invoice of one of the customer's orders (by order id), the PDF in base64",
    response: documentSchema.extend({ contentType: z.literal("application/pdf"), content: z.string().describe("The PDF, base64") }),
    errors: [{ status: 404, message: "Document not found" }],
    handler: async ({ params, user, locale }) => {
      const document = await getCustomerDocument((await user())!.id, idParam(params.id), locale);
      if (!document) throw notFound("Document not found");
      const { pdf, ...rest } = document;
      return { ...rest, contentType: "application/pdf" as const, content: pdf.toString("base64") };
    },
  }),
  "marketing.newsletter.subscribe": defineEndpoint({
    method: "POST",
    path: "/marketing/newsletter/subscribe",
    service: "marketing",
    auth: "public",
    strict: true,
    summary: "Subscribes an e-mail address to the newsletter (double opt-in when the option NewsletterDoubleOptIn is on)",
    description: "acceptedConsents: the ids of the accepted newsletter consents (every required one must be among them).",
    body: z.object({
      // The newsletter form's own e-mail rule (newsletter.schema.ts).
      email: newsletterEmailSchema,
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
    }),
    response: z.object({ status: z.enum(["subscribed", "pending"]).describe("pending: a confirmation mail was sent") }),
    errors: [
      { status: 409, message: "E-mail is already subscribed to the newsletter" },
      { status: 400, message: "Required consents were not accepted" },
      { status: 503, message: "Consents were not fetched" },
      { status: 503, message: "Consent log was not recorded" },
    ],
    handler: async ({ body, locale, user }) =>
      subscribeToNewsletter({
        email: body.email,
        acceptedIds: body.acceptedConsents,
        locale,
        userType: (await user()) ? "registered" : "anonymous",
        origin: env.PUBLIC_URL,
      }),
  }),
  "calendar.event.public.filter": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/calendar/event/public/filter",
    service: "calendar",
    description:
      "limit: upcoming events at most (default 50); pastLimit: past events at most (default 20). href: the event's page in the call's language.",
    auth: "public",
    summary: "The calendar: upcoming events soonest first, then past ones, latest first (50 a page)",
    body: z.object(pageFields(EVENT_PAGES)).default({}),
    response: listOf(eventCardSchema),
    handler: async ({ body, locale }) => {
      const asked = pageRequest(body, EVENT_PAGES);
      const { records, totalRecords } = await pageOfEvents(locale, asked);
      return listPage(records, asked, totalRecords);
    },
  }),
  "calendar.event.public.get": defineEndpoint({
    method: "GET",
    path: "/calendar/event/public/get/:id",
    service: "calendar",
    description: "descriptionHtml is sanitised HTML; attendees the public attendance figure.",
    params: { id: "The event's id (event/public/filter records[].id)" },
    auth: "public",
    summary: "One published event",
    response: eventSchema,
    errors: [{ status: 404, message: "Event not found" }],
    handler: async ({ params, locale }) => {
      const event = await getEvent(idParam(params.id), locale);
      if (!event) throw notFound("Event not found");
      return event;
    },
  }),
};
