import { z } from "zod/v4";
import { FORM_KINDS } from "~/lib/form-kinds";
import { listAllConsents, saveAssignment } from "~/modules/consent/consent-admin.server";
import { getFormConsents, recordConsents } from "~/modules/consent/consent.server";
import { defineEndpoint } from "../api-endpoint";
import { limitField, listOf, pageFields, pageOfAll, pageRequest } from "../api-lists";
import { ID_MAX } from "./shared-schemas";

/**
 * Consents (spec §3 Consent, Consent assignment, Consent log; §7 CMS consent, GDPR): what
 * each form shows and requires, and the log of what a shopper accepted, through the same
 * services as the forms and /admin/consent.
 */

export const formConsentSchema = z.object({
  id: z.number().int(),
  uniqueNumber: z.number().int(),
  displayName: z.string(),
  link: z.string().nullable().describe("The page with the full text"),
  required: z.boolean(),
});

/** Spec §7: the consent assignments 50 a page, the consents 100 (limit 100). */
const ASSIGNMENT_PAGES = { perPage: 50, maxPerPage: 50 };
const CONSENT_PAGES = { perPage: 100, maxPerPage: 100 };

export const consentEndpoints = {
  "cms.consent.filter": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/consent/filter",
    service: "cms",
    description:
      "assigned_to: one form (newsletter, contactForm, registerForm, checkoutForm, addressForm, productAvailabilityForm); without it every form, at most perPage of them. The ids in consents go into a form call's acceptedConsents; requiredConsents must all be among them. Spec §7 reads this list as data.data: its records are in `data` (the one shape otherwise).",
    auth: "public",
    summary: "The consents each form shows (spec §5), by form: assigned_to, consents, requiredConsents",
    body: z
      .object({
        assigned_to: z.enum(FORM_KINDS).optional().describe("Only this form"),
        ...pageFields(ASSIGNMENT_PAGES),
      })
      .default({}),
    response: listOf(
      z.strictObject({
        assigned_to: z.enum(FORM_KINDS),
        consents: z.array(formConsentSchema),
        requiredConsents: z.array(z.number().int()),
      }),
      { recordsKey: "data" },
    ),
    errors: [{ status: 503, message: "Consents were not fetched" }],
    handler: async ({ body, locale }) => {
      const { records: kinds, ...page } = pageOfAll(
        body.assigned_to ? [body.assigned_to] : [...FORM_KINDS],
        pageRequest(body, ASSIGNMENT_PAGES),
      );
      const data = await Promise.all(
        kinds.map(async (kind) => {
          const list = await getFormConsents(kind, locale);
          return { assigned_to: kind, consents: list, requiredConsents: list.filter((c) => c.required).map((c) => c.id) };
        }),
      );
      return { data, ...page };
    },
  }),
  "cms.consent.create": defineEndpoint({
    method: "POST",
    path: "/cms/consent/create",
    service: "cms",
    auth: "backoffice",
    scope: ["admin"],
    summary: "Sets which consents a form shows and which of them are required (spec §3 Consent assignment), as /admin/consent/{form} does",
    description:
      "Replaces the form's assignment; a required consent is assigned too. An id naming no consent refuses the whole change. Audited; the forms see the change at once.",
    body: z.object({
      assigned_to: z.enum(FORM_KINDS),
      consents: z.array(z.number().int().positive().max(ID_MAX)).max(100),
      requiredConsents: z.array(z.number().int().positive().max(ID_MAX)).max(100).default([]),
    }),
    response: z.object({
      assigned_to: z.enum(FORM_KINDS),
      consents: z.array(z.number().int()),
      requiredConsents: z.array(z.number().int()),
    }),
    errors: [{ status: 400, message: "Unknown consent" }],
    handler: async ({ body, user }) => saveAssignment((await user())!, body.assigned_to, body),
  }),
  "gdpr.web.consent.filter": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/gdpr/web/consent/filter",
    service: "gdpr",
    description: "forWeb is always true; limit caps the list (default and most 100). pageSlug: the page with the consent's full text.",
    auth: "public",
    summary: "Every consent of the shop in the caller's language (forWeb; 100 a page)",
    body: z
      .object({ forWeb: z.literal(true).default(true), ...pageFields(CONSENT_PAGES), ...limitField(CONSENT_PAGES) })
      .default({ forWeb: true }),
    response: listOf(
      z.object({ id: z.number().int(), uniqueNumber: z.number().int(), displayName: z.string(), pageSlug: z.string().nullable() }),
    ),
    handler: async ({ body, locale }) => pageOfAll(await listAllConsents(locale), pageRequest(body, CONSENT_PAGES)),
  }),
  "gdpr.web.consent.log.create": defineEndpoint({
    method: "POST",
    path: "/gdpr/web/consent/log/create",
    service: "gdpr",
    auth: "public",
    strict: true,
    summary: "Logs the consents given on a form (spec §3 Consent log); every required consent of the form must be among them",
    description:
      "sourceType: the form; userType: registered with a token, else guest or anonymous as sent. Nothing accepted: no row (id null).",
    body: z.object({
      sourceType: z.enum(FORM_KINDS),
      consents: z.array(z.number().int().positive().max(ID_MAX)).max(100),
      email: z
        .string()
        .trim()
        .toLowerCase()
        .max(254)
        .pipe(z.email())
        // The pipe is documented by its first half: say what the second checks.
        .meta({ format: "email", description: "The guest's or visitor's e-mail (a signed-in user's own is taken instead)" })
        .optional(),
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
};
