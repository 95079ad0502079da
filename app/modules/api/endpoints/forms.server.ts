import { z } from "zod/v4";
import { env } from "~/.server/env.server";
import { href } from "~/lib/routes-table";
import { loadProductCards } from "~/modules/catalog/product-cards.server";
import { ENQUIRY_LIMITS } from "~/modules/enquiry/enquiry-fields";
import { enquirySchema } from "~/modules/enquiry/enquiry.schema";
import { sendPriceEnquiry } from "~/modules/enquiry/enquiry.server";
import { formDataSchema } from "~/modules/forms/form.schema";
import { listPublicForms, PUBLIC_FORMS_PAGE_MAX } from "~/modules/forms/form-list.server";
import { formViewById, getFormDefinitionById, submitForm } from "~/modules/forms/forms.server";
import { defineEndpoint } from "../api-endpoint";
import { listOf, listPage, pageFields, pageRequest } from "../api-lists";
import { ApiError, invalidInput, notFound, UNKNOWN_FIELD } from "../api-errors.server";
import { idParam } from "../api-router.server";
import { formConsentSchema } from "./consents.server";
import { ID_MAX } from "./shared-schemas";

/**
 * The shop's forms over the API (spec §7 CMS forms, contact): database forms as their page
 * shows them and their submission, and the price enquiry, through the same services as
 * /obrazac/{slug} and the enquiry modal.
 */

const FORM_PAGES = { perPage: PUBLIC_FORMS_PAGE_MAX, maxPerPage: PUBLIC_FORMS_PAGE_MAX };
/** What a public submission refuses (forms/submission.server.ts): consents, the captcha, the consent log. */
const SUBMISSION_ERRORS = [
  { status: 400, message: "Required consents were not accepted" },
  { status: 400, message: "Captcha verification failed" },
  { status: 503, message: "Captcha verification unavailable" },
  { status: 503, message: "Consents were not fetched" },
  { status: 503, message: "Consent log was not recorded" },
];

export const formEndpoints = {
  "cms.form.filter": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/form/filter",
    service: "cms",
    description: "keywords: part of the title (in the call's language) or of the slug. href: the form's own page in the shop.",
    auth: "public",
    summary:
      "The shop's database forms in the caller's language, newest first: what form/get and form/storeData take, and the page of each",
    body: z
      .object({
        keywords: z.string().trim().max(100).default("").describe("Part of the title (in the caller's language) or of the slug"),
        ...pageFields(FORM_PAGES),
      })
      .default({ keywords: "" }),
    response: listOf(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        fieldCount: z.number().int(),
        href: z.string().describe("The form's own page in the shop (works without JavaScript)"),
      }),
    ),
    handler: async ({ body, locale }) => {
      const asked = pageRequest(body, FORM_PAGES);
      const list = await listPublicForms(locale, { keywords: body.keywords, ...asked });
      return listPage(list.records, asked, list.totalRecords);
    },
  }),
  "cms.form.get": defineEndpoint({
    method: "GET",
    path: "/cms/form/get/:id",
    service: "cms",
    description:
      "fields: what form/storeData takes in data, by name: type, label, required, a select's options; a file field's maxFiles (files only through the form's page in the shop). consents: what acceptedConsents may name; the required ones must be there.",
    params: { id: "The form's id (cms/form/filter records[].id)" },
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
        fields: view.fields.map(({ name, type, label, required, options, maxFiles }) => ({
          name,
          type,
          label,
          required,
          ...(options ? { options } : {}),
          ...(maxFiles !== undefined ? { maxFiles } : {}),
        })),
        consents: view.consents,
      };
    },
  }),
  "cms.form.storeData": defineEndpoint({
    method: "POST",
    path: "/cms/form/storeData",
    service: "cms",
    description:
      "data: field name → value by form/get's fields (text, or true/false for a checkbox), checked by the form's own rules. acceptedConsents: ids of form/get's consents. With e-mail confirmation on the form, the sender confirms by the mailed link (form/confirmEmail).",
    auth: "public",
    strict: true,
    summary: "Submits a database form: stored with its consent log and mailed to the shop (files only through the shop's own page)",
    body: z.object({
      id: z.number().int().positive().max(ID_MAX),
      data: z
        .record(z.string().max(100), z.union([z.string().max(10_000), z.boolean()]))
        .refine((d) => Object.keys(d).length <= 100, "At most 100 fields"),
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
      "g-recaptcha-key": z.string().max(500).optional(),
      "g-recaptcha-response": z.string().max(5000).optional(),
    }),
    response: z.object({ id: z.number().int().describe("The stored submission") }),
    errors: [
      { status: 400, message: "File fields cannot be sent over the API" },
      { status: 404, message: "Form not found" },
      ...SUBMISSION_ERRORS,
    ],
    handler: async ({ body, user, locale }) => {
      const definition = await getFormDefinitionById(body.id);
      if (!definition) throw notFound("Form not found");
      // A field the form does not have is refused as the router refuses any (decision 0128), not dropped.
      const names = new Set(definition.fields.map((f) => f.name));
      const unknown = Object.keys(body.data).filter((name) => !names.has(name));
      if (unknown.length)
        throw invalidInput(
          unknown.map((name) => ({ path: ["data", name], message: UNKNOWN_FIELD })),
          "body",
        );
      const files = definition.fields.filter((f) => f.type === "file");
      if (files.some((f) => f.required || f.name in body.data)) throw new ApiError(400, "File fields cannot be sent over the API");
      // The HTML form's own rules, built from the form's definition.
      const parsed = formDataSchema(definition.fields).safeParse({ ...body.data, acceptedConsents: body.acceptedConsents });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: ["body", "data", ...issue.path.map(String)].join("."),
          message: issue.message,
        }));
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
    description:
      "The fields of the contact form (spec §3); firstName, from and content required. g-recaptcha-response is verified when the shop has a captcha.",
    body: z.object({
      productId: z.number().int().positive().max(ID_MAX),
      firstName: z.string().min(1).max(ENQUIRY_LIMITS.name),
      lastName: z.string().max(ENQUIRY_LIMITS.name).default(""),
      from: z
        .string()
        .min(1)
        .max(ENQUIRY_LIMITS.from)
        .meta({ format: "email", description: "The sender's e-mail, where the shop answers" }),
      contactNumber: z.string().max(ENQUIRY_LIMITS.contactNumber).default(""),
      content: z.string().min(1).max(ENQUIRY_LIMITS.content),
      acceptedConsents: z.array(z.number().int().positive().max(ID_MAX)).max(50).default([]),
      "g-recaptcha-response": z.string().max(5000).optional(),
    }),
    response: z.object({ id: z.number().int().describe("The stored enquiry") }),
    errors: [{ status: 404, message: "Product not found" }, ...SUBMISSION_ERRORS],
    handler: async ({ body, user, locale }) => {
      // The HTML form's own field rules (required ones, the e-mail, the phone number).
      const parsed = enquirySchema.safeParse(body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: ["body", ...issue.path.map(String)].join("."),
          message: issue.message,
        }));
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
};
