import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { COMMENT_ENTITIES, ORDER_STATUSES, PAYMENT_STATUSES } from "~/.server/db/schema";
import { MAX_COMMENT_LENGTH } from "~/modules/comments/comment-options";
import { editComment, getCommentOptions, loadComments, postComment } from "~/modules/comments/comments.server";
import { FORM_KINDS } from "~/lib/form-kinds";
import { listAllConsents } from "~/modules/consent/consent-admin.server";
import { getFormConsents, recordConsents } from "~/modules/consent/consent.server";
import { getCustomerDocument, listCustomerDocuments } from "~/modules/documents/customer-documents.server";
import { ENQUIRY_LIMITS } from "~/modules/enquiry/enquiry-fields";
import { enquirySchema } from "~/modules/enquiry/enquiry.schema";
import { sendPriceEnquiry } from "~/modules/enquiry/enquiry.server";
import { href } from "~/lib/routes-table";
import { formDataSchema } from "~/modules/forms/form.schema";
import { formViewById, getFormDefinitionById, submitForm } from "~/modules/forms/forms.server";
import { getEvent, listEvents } from "~/modules/events/events.server";
import { NEWSLETTER_EMAIL_MAX } from "~/modules/newsletter/newsletter-fields";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { loadProductCards } from "~/modules/catalog/product-cards.server";
import { assertWishlistOwner, toggleWishlist, wishlistProductIds } from "~/modules/wishlist/wishlist.server";
import { defineEndpoint } from "../api-endpoint";
import { ApiError, notFound } from "../api-errors.server";
import { idParam } from "../api-router.server";

/**
 * The shopper's interactive calls (spec §7 CMS wishlist, Marketing, Calendar): each runs
 * the same service as the HTML route (actions.wishlist, actions.newsletter, the event pages).
 */

const ID_MAX = 2_147_483_647;

const mediaRefSchema = z.object({
  driveId: z.string(),
  title: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  version: z.number().int().optional(),
});

/** A product card as the shop's lists show it (app/modules/catalog/product-cards.server.ts). */
const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  sku: z.string(),
  format: z.enum(["simple", "e-product", "configurable", "bundle"]),
  type: z.enum(["product", "service"]),
  shortDescription: z.string(),
  image: mediaRefSchema.nullable(),
  retailPriceCents: z.number().int(),
  finalPriceCents: z.number().int(),
  membershipPriceCents: z.number().int().nullable(),
  discountPercent: z.number(),
  fromPrice: z.boolean(),
  categoryPriority: z.number(),
  inStock: z.boolean(),
  madeToOrder: z.boolean(),
});

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

const commentSchema = z.object({
  id: z.number().int(),
  author: z.string().describe("First name and the initial of the last name"),
  rating: z.number().int().nullable(),
  content: z.string(),
  date: z.string().describe("ISO 8601"),
  own: z.boolean(),
  pending: z.boolean().describe("The caller's own comment waiting for approval"),
  editable: z.boolean(),
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
});

const commentOptionsSchema = z.object({
  requireAdminPublishing: z.boolean(),
  requireRating: z.boolean(),
  requireContent: z.boolean(),
  stars: z.number().int(),
  blogComments: z.enum(["loggedUsersOnly", "disabled"]),
  userCanEdit: z.boolean(),
  oneUserOneComment: z.boolean(),
  onSite: z.object({ products: z.boolean(), posts: z.boolean() }),
});

/** What a comment holds (the service checks the rating against the stars and the shop's rules). */
const commentInput = {
  rating: z.number().int().min(0).max(100).nullable().default(null),
  content: z.string().max(MAX_COMMENT_LENGTH * 2).default(""),
};

const COMMENT_RULE_ERRORS = [
  { status: 400, message: "Invalid rating" },
  { status: 400, message: "Comment too long" },
  { status: 400, message: "Empty comment" },
  { status: 400, message: "A comment requires a rating" },
  { status: 400, message: "A rating requires a comment" },
];

const formConsentSchema = z.object({
  id: z.number().int(),
  uniqueNumber: z.number().int(),
  displayName: z.string(),
  link: z.string().nullable().describe("The page with the full text"),
  required: z.boolean(),
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

export const communityEndpoints = {
  "cms.comment.filterStandard": defineEndpoint({
    method: "POST",
    path: "/cms/comment/filterStandard",
    service: "cms",
    auth: "public",
    summary: "The published comments of a product or post, newest first, with the rating summary (and, with a token, the caller's own waiting ones)",
    body: z.object({ entityType: z.enum(COMMENT_ENTITIES), entityId: z.number().int().positive().max(ID_MAX) }),
    response: z.object({
      records: z.array(commentSchema),
      totalRecords: z.number().int(),
      summary: z.object({ average: z.number(), count: z.number().int() }).nullable(),
      form: z.object({
        state: z.enum(["open", "login", "closed", "oneUserOneComment"]).describe("login: loggedUsersOnly; oneUserOneComment: the caller has commented"),
        stars: z.number().int(),
        requireRating: z.boolean(),
        requireContent: z.boolean(),
        maxLength: z.number().int(),
      }),
    }),
    errors: [{ status: 404, message: "Comments are closed" }],
    handler: async ({ body, user }) => {
      const data = await loadComments(body.entityType, body.entityId, await user());
      if (!data) throw notFound("Comments are closed");
      return { records: data.comments, totalRecords: data.comments.length, summary: data.summary, form: data.form };
    },
  }),
  "cms.comment.create": defineEndpoint({
    method: "POST",
    path: "/cms/comment/create",
    service: "cms",
    auth: "public",
    strict: true,
    summary: "A new comment (and rating) on a product or post; waits for approval with RequireAdminPublishing",
    description: "Logged users only (send the bearer token); one comment per user when OneUserOneComment is on.",
    body: z.object({ entityType: z.enum(COMMENT_ENTITIES), entityId: z.number().int().positive().max(ID_MAX), ...commentInput }),
    response: z.object({ status: z.enum(["pending", "approved"]) }),
    errors: [
      { status: 401, message: "Logged users only" },
      { status: 403, message: "Comments are closed" },
      { status: 404, message: "Not found" },
      { status: 409, message: "One user one comment" },
      ...COMMENT_RULE_ERRORS,
    ],
    handler: async ({ body, user }) => {
      const { status } = await postComment(await user(), body.entityType, body.entityId, { rating: body.rating, content: body.content });
      return { status: status === "approved" ? ("approved" as const) : ("pending" as const) };
    },
  }),
  "cms.comment.update": defineEndpoint({
    method: "PATCH",
    path: "/cms/comment/update/:id",
    service: "cms",
    auth: "customer",
    summary: "The author edits their comment (when UserCanEditComment is on)",
    body: z.object(commentInput),
    response: z.object({ status: z.enum(["pending", "approved"]) }),
    errors: [{ status: 403, message: "Comment edit not allowed" }, { status: 404, message: "Not found" }, ...COMMENT_RULE_ERRORS],
    handler: async ({ body, params, user }) => {
      const { status } = await editComment(await user(), idParam(params.id), { rating: body.rating, content: body.content });
      return { status: status === "approved" ? ("approved" as const) : ("pending" as const) };
    },
  }),
  "cms.comment.getOptions": defineEndpoint({
    method: "POST",
    path: "/cms/comment/getOptions",
    service: "cms",
    auth: "public",
    summary: "The comment and rating options of the store",
    body: z.object({ store_id: z.number().int().positive().max(ID_MAX).optional() }).default({}),
    response: commentOptionsSchema,
    handler: () => getCommentOptions(),
  }),

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
    auth: "customer",
    summary: "The customer's wishlist (spec §4: refetched with limit 9999), newest first",
    response: z.object({
      records: z.array(productCardSchema),
      totalRecords: z.number().int(),
      totalPages: z.literal(1),
    }),
    errors: WISHLIST_ERRORS,
    handler: async ({ user, locale }) => {
      const current = await user();
      assertWishlistOwner(current);
      const ids = await wishlistProductIds(current);
      const cards = await loadProductCards(ids, locale);
      return { records: cards, totalRecords: cards.length, totalPages: 1 as const };
    },
  }),
  "cms.consent.filter": defineEndpoint({
    method: "POST",
    path: "/cms/consent/filter",
    service: "cms",
    auth: "public",
    summary: "The consents each form shows (spec §5), by form: assigned_to, consents, requiredConsents",
    body: z
      .object({
        assigned_to: z.enum(FORM_KINDS).optional().describe("Only this form"),
        perPage: z.number().int().min(1).max(50).default(50),
      })
      .default({ perPage: 50 }),
    response: z.object({
      data: z.array(
        z.object({
          assigned_to: z.enum(FORM_KINDS),
          consents: z.array(formConsentSchema),
          requiredConsents: z.array(z.number().int()),
        }),
      ),
      totalRecords: z.number().int(),
    }),
    errors: [{ status: 503, message: "Consents were not fetched" }],
    handler: async ({ body, locale }) => {
      const kinds = (body.assigned_to ? [body.assigned_to] : [...FORM_KINDS]).slice(0, body.perPage);
      const data = await Promise.all(
        kinds.map(async (kind) => {
          const list = await getFormConsents(kind, locale);
          return { assigned_to: kind, consents: list, requiredConsents: list.filter((c) => c.required).map((c) => c.id) };
        }),
      );
      return { data, totalRecords: data.length };
    },
  }),
  "gdpr.web.consent.filter": defineEndpoint({
    method: "POST",
    path: "/gdpr/web/consent/filter",
    service: "gdpr",
    auth: "public",
    summary: "Every consent of the shop in the caller's language (forWeb, at most 100)",
    body: z
      .object({ forWeb: z.literal(true).default(true), limit: z.number().int().min(1).max(100).default(100) })
      .default({ forWeb: true, limit: 100 }),
    response: z.object({
      records: z.array(z.object({ id: z.number().int(), uniqueNumber: z.number().int(), displayName: z.string(), pageSlug: z.string().nullable() })),
      totalRecords: z.number().int(),
    }),
    handler: async ({ body, locale }) => {
      const records = (await listAllConsents(locale)).slice(0, body.limit);
      return { records, totalRecords: records.length };
    },
  }),
  "gdpr.web.consent.log.create": defineEndpoint({
    method: "POST",
    path: "/gdpr/web/consent/log/create",
    service: "gdpr",
    auth: "public",
    strict: true,
    summary: "Logs the consents given on a form (spec §3 Consent log); every required consent of the form must be among them",
    description: "sourceType: the form; userType: registered with a token, else guest or anonymous as sent. Nothing accepted: no row (id null).",
    body: z.object({
      sourceType: z.enum(FORM_KINDS),
      consents: z.array(z.number().int().positive().max(ID_MAX)).max(100),
      email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
      userType: z.enum(["guest", "anonymous"]).default("anonymous"),
    }),
    response: z.object({ id: z.number().int().nullable().describe("The consent log row") }),
    errors: [
      { status: 400, message: "Required consents were not accepted" },
      { status: 503, message: "Consent log was not recorded" },
    ],
    handler: async ({ body, user }) => {
      const current = await user();
      const row = await recordConsents({
        kind: body.sourceType,
        acceptedIds: body.consents,
        userType: current ? "registered" : body.userType,
        email: current?.email ?? body.email ?? null,
      });
      return { id: row?.id ?? null };
    },
  }),
  "document.document.filter.web": defineEndpoint({
    method: "POST",
    path: "/document/document/filter/web",
    service: "document",
    auth: "customer",
    summary: "The invoices of the customer's orders, newest first, 10 a page",
    body: z
      .object({ page: z.number().int().min(1).max(100_000).default(1), store_id: z.number().int().positive().max(ID_MAX).optional().describe("One store per shop: accepted, not narrowing") })
      .default({ page: 1 }),
    response: z.object({
      records: z.array(documentSchema),
      page: z.number().int(),
      perPage: z.number().int(),
      totalRecords: z.number().int(),
      totalPages: z.number().int(),
    }),
    handler: async ({ body, user, locale }) => {
      const { records, pagination } = await listCustomerDocuments((await user())!.id, body.page, locale);
      return { records, ...pagination };
    },
  }),
  "document.document.get.web": defineEndpoint({
    method: "GET",
    path: "/document/document/get/web/:id",
    service: "document",
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
  "cms.form.get": defineEndpoint({
    method: "GET",
    path: "/cms/form/get/:id",
    service: "cms",
    auth: "public",
    summary: "A database form's fields in the caller's language, with the consents it shows",
    response: z.object({
      slug: z.string(),
      title: z.string(),
      fields: z.array(
        z.object({
          name: z.string(),
          type: z.enum(["text", "email", "tel", "textarea", "select", "checkbox", "file"]),
          label: z.string(),
          required: z.boolean(),
          options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
          maxFiles: z.number().int().optional(),
        }),
      ),
      consents: z.array(formConsentSchema).nullable().describe("null: they could not be loaded (error.consentsNotFetched)"),
    }),
    errors: [{ status: 404, message: "Form not found" }],
    handler: async ({ params, locale }) => {
      const view = await formViewById(idParam(params.id), locale);
      if (!view) throw notFound("Form not found");
      return {
        slug: view.slug,
        title: view.title,
        fields: view.fields.map(({ name, type, label, required, options, maxFiles }) => ({ name, type, label, required, ...(options ? { options } : {}), ...(maxFiles !== undefined ? { maxFiles } : {}) })),
        consents: view.consents,
      };
    },
  }),
  "cms.form.storeData": defineEndpoint({
    method: "POST",
    path: "/cms/form/storeData",
    service: "cms",
    auth: "public",
    strict: true,
    summary: "Submits a database form: stored with its consent log and mailed to the shop (files only through the shop's own page)",
    body: z.object({
      id: z.number().int().positive().max(ID_MAX),
      data: z.record(z.string().max(100), z.union([z.string().max(10_000), z.boolean()])).refine((d) => Object.keys(d).length <= 100, "At most 100 fields"),
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
      "g-recaptcha-key": z.string().max(500).optional(),
      "g-recaptcha-response": z.string().max(5000).optional(),
    }),
    response: z.object({ id: z.number().int().describe("The stored submission") }),
    errors: [
      { status: 400, message: "File fields cannot be sent over the API" },
      { status: 400, message: "Required consents were not accepted" },
      { status: 404, message: "Form not found" },
    ],
    handler: async ({ body, user, locale }) => {
      const definition = await getFormDefinitionById(body.id);
      if (!definition) throw notFound("Form not found");
      const files = definition.fields.filter((f) => f.type === "file");
      if (files.some((f) => f.required || f.name in body.data)) throw new ApiError(400, "File fields cannot be sent over the API");
      // The HTML form's own rules, built from the form's definition.
      const parsed = formDataSchema(definition.fields).safeParse({ ...body.data, acceptedConsents: body.acceptedConsents });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: ["body", "data", ...issue.path.map(String)].join("."), message: issue.message }));
        throw new ApiError(400, `Invalid ${errors[0].field}: ${errors[0].message}`, errors);
      }
      const { acceptedConsents, redirectTo: _redirectTo, via: _via, ...values } = parsed.data;
      const result = await submitForm({
        definition,
        data: values as Record<string, string | boolean | File[]>,
        acceptedIds: acceptedConsents,
        locale,
        userType: (await user()) ? "registered" : "anonymous",
      });
      if (!result.ok) throw result.error;
      return { id: result.id };
    },
  }),
  "cms.contact.contactAdmin": defineEndpoint({
    method: "POST",
    path: "/cms/contact/contactAdmin",
    service: "cms",
    auth: "public",
    strict: true,
    summary: "The price enquiry of a product ('Upit o cijeni'): stored with its consent log and mailed to the shop",
    description: "The fields of the contact form (spec §3); firstName, from and content required. g-recaptcha-response is verified when the shop has a captcha.",
    body: z.object({
      productId: z.number().int().positive().max(ID_MAX),
      firstName: z.string().max(ENQUIRY_LIMITS.name),
      lastName: z.string().max(ENQUIRY_LIMITS.name).default(""),
      from: z.string().max(ENQUIRY_LIMITS.from),
      contactNumber: z.string().max(ENQUIRY_LIMITS.contactNumber).default(""),
      content: z.string().max(ENQUIRY_LIMITS.content),
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
      "g-recaptcha-response": z.string().max(5000).optional(),
    }),
    response: z.object({ id: z.number().int().describe("The stored enquiry") }),
    errors: [
      { status: 400, message: "Required consents were not accepted" },
      { status: 404, message: "Product not found" },
    ],
    handler: async ({ body, user, locale }) => {
      // The HTML form's own field rules (required ones, the e-mail, the phone number).
      const parsed = enquirySchema.safeParse(body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: ["body", ...issue.path.map(String)].join("."), message: issue.message }));
        throw new ApiError(400, `Invalid ${errors[0].field}: ${errors[0].message}`, errors);
      }
      const [product] = await loadProductCards([body.productId], locale);
      if (!product) throw notFound("Product not found");
      const result = await sendPriceEnquiry({
        enquiry: parsed.data,
        acceptedIds: body.acceptedConsents,
        captchaToken: body["g-recaptcha-response"],
        product: { id: product.id, name: product.name, sku: product.sku },
        productUrl: new URL(href("product", locale, { slug: product.slug }), env.PUBLIC_URL).href,
        locale,
        userType: (await user()) ? "registered" : "anonymous",
      });
      if (!result.ok) throw result.error;
      return { id: result.id };
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
      email: z.string().trim().toLowerCase().max(NEWSLETTER_EMAIL_MAX).pipe(z.email()),
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
    }),
    response: z.object({ status: z.enum(["subscribed", "pending"]).describe("pending: a confirmation mail was sent") }),
    errors: [
      { status: 409, message: "E-mail is already subscribed to the newsletter" },
      { status: 400, message: "Required consents were not accepted" },
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
    path: "/calendar/event/public/filter",
    service: "calendar",
    auth: "public",
    summary: "The calendar: upcoming events soonest first, then past ones, latest first",
    body: z
      .object({
        limit: z.number().int().min(1).max(50).default(50).describe("Upcoming events at most"),
        pastLimit: z.number().int().min(0).max(50).default(20).describe("Past events at most"),
      })
      .default({ limit: 50, pastLimit: 20 }),
    response: z.object({ records: z.array(eventCardSchema), totalRecords: z.number().int() }),
    handler: async ({ body, locale }) => {
      const records = await listEvents(locale, { upcomingLimit: body.limit, pastLimit: body.pastLimit });
      return { records, totalRecords: records.length };
    },
  }),
  "calendar.event.public.get": defineEndpoint({
    method: "GET",
    path: "/calendar/event/public/get/:id",
    service: "calendar",
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
