import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import {
  formSubmissions,
  forms,
  type FormConfirmation,
  type FormFieldDefinition,
  type LocalizedText,
  type SubmittedFile,
} from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import type { ConsentUserType } from "~/modules/consent/consent.schema";
import { getFormConsents, logConsents } from "~/modules/consent/consent.server";
import { acceptConsents, storeSubmission, type Refused, type Stored } from "~/modules/forms/submission.server";
import { mailConfirmationLink, newConfirmationToken } from "./form-confirmation.server";
import { localizedText as text, mailTheShop } from "./form-mail.server";
import { CONTACT_FORM_SLUG, FORMS_CONSENT_KIND, type FieldView, type FormView } from "./form-fields";
import { formDataSchema, maxLengthOf, senderOf } from "./form.schema";
import { storeUploads } from "~/modules/media/media-upload.server";

/**
 * The contact form (spec §3 Contact form, §7 contact/contactAdmin) and the forms defined
 * in the database (§7 form/get, form/storeData). A valid submission with every required
 * consent is stored as JSON with its consent log and a mail to the shop's SendEmailTo
 * address (reply-to the sender) in one transaction; SMTP runs after the commit. A form
 * that asks for e-mail confirmation mails the sender a link instead, and the shop when it
 * is followed (form-confirmation.server.ts, decision 0063).
 */
export type Definition = {
  id: number | null;
  slug: string;
  title: LocalizedText | null;
  fields: FormFieldDefinition[];
  confirmation: FormConfirmation | null;
};

// Labels of the contact form come from locales/forms.json (forms.contact.fields.*).
const CONTACT_FIELDS: FormFieldDefinition[] = [
  { name: "firstName", type: "text", label: {}, required: true, maxLength: 100 },
  { name: "lastName", type: "text", label: {}, required: false, maxLength: 100 },
  { name: "from", type: "email", label: {}, required: true, maxLength: 254 },
  { name: "contactNumber", type: "tel", label: {}, required: false, maxLength: 30 },
  { name: "subject", type: "text", label: {}, required: true, maxLength: 200 },
  { name: "content", type: "textarea", label: {}, required: true, maxLength: 5000 },
];

const AUTOCOMPLETE: Record<string, string> = { firstName: "given-name", lastName: "family-name", from: "email", contactNumber: "tel" };

/** The contact form, or the database form of this slug; null for an unknown slug. */
export async function getFormDefinition(slug: string, db?: Executor): Promise<Definition | null> {
  if (slug === CONTACT_FORM_SLUG) return { id: null, slug, title: null, fields: CONTACT_FIELDS, confirmation: null };
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ id: forms.id, slug: forms.slug, title: forms.title, fields: forms.fields, confirmation: forms.confirmation })
    .from(forms)
    .where(and(eq(forms.siteId, SITE_ID), eq(forms.slug, slug)));
  return row ?? null;
}

/** What a page needs to show the form in the visitor's language; null for an unknown slug. */
export async function formView(slug: string, locale: Locale): Promise<FormView | null> {
  const definition = await getFormDefinition(slug);
  if (!definition) return null;
  const t = await getFixedT(locale);
  const contact = definition.id === null;
  const fields: FieldView[] = definition.fields.map((f) => ({
    name: f.name,
    type: f.type,
    label: contact ? t(`forms.contact.fields.${f.name}`) : text(f.label, locale) || f.name,
    required: f.required,
    options: f.options?.map((o) => ({ value: o.value, label: text(o.label, locale) || o.value })),
    autoComplete: contact ? AUTOCOMPLETE[f.name] : undefined,
    maxFiles: f.type === "file" ? maxLengthOf(f) : undefined,
  }));
  let consents: FormView["consents"];
  try {
    consents = await getFormConsents(FORMS_CONSENT_KIND, locale);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    consents = null;
  }
  return {
    slug,
    title: contact ? t("forms.contact.title") : text(definition.title, locale),
    action: href("form", locale, { slug }),
    fields,
    hasFiles: fields.some((f) => f.type === "file"),
    consents,
    constraint: formConstraint(formDataSchema(definition.fields)),
  };
}

/** A database form by its id (spec §7 form/get/{id}), as formView shows it; null for an unknown id. */
export async function formViewById(id: number, locale: Locale): Promise<FormView | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: forms.slug })
    .from(forms)
    .where(and(eq(forms.siteId, SITE_ID), eq(forms.id, id)));
  return row ? formView(row.slug, locale) : null;
}

/** A database form's definition by its id (spec §7 form/storeData {id}); null for an unknown id. */
export async function getFormDefinitionById(id: number): Promise<Definition | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: forms.slug })
    .from(forms)
    .where(and(eq(forms.siteId, SITE_ID), eq(forms.id, id)));
  return row ? getFormDefinition(row.slug, db) : null;
}

export type Submission = {
  definition: Definition;
  /** The fields' values, parsed by the route with `formDataSchema(definition.fields)`; a file field's value is its File list. */
  data: Record<string, string | boolean | File[]>;
  acceptedIds: readonly number[];
  locale: Locale;
  userType: ConsentUserType;
};

/** `awaitingConfirmation`: the sender was mailed a confirmation link, the shop is mailed when it is followed. */
export type SubmissionResult = (Stored & { awaitingConfirmation: boolean }) | Refused;

/** The fields' values apart from the files, which are stored as private media (spec §5 public uploads). */
function splitFiles(definition: Definition, values: Submission["data"]) {
  const data: Record<string, string | boolean> = {};
  const files: { field: string; file: File }[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) files.push(...value.map((file) => ({ field: name, file })));
    else data[name] = value;
  }
  for (const f of definition.fields)
    if (f.type === "file" && !(f.name in data))
      data[f.name] = files
        .filter((x) => x.field === f.name)
        .map((x) => x.file.name)
        .join(", ");
  return { data, files };
}

export async function submitForm(submission: Submission): Promise<SubmissionResult> {
  const { definition } = submission;
  const { data, files } = splitFiles(definition, submission.data);
  const email = senderOf(definition.fields, data);
  const consents = await acceptConsents(FORMS_CONSENT_KIND, submission.acceptedIds);
  if (!consents.ok) return consents;
  const { accepted } = consents;
  // Only a sender who gave an address can confirm it; without one the shop is mailed at once.
  const confirmation = definition.confirmation && email ? newConfirmationToken() : null;
  const result = await storeSubmission(async (tx) => {
    // Every file of the post together: more than 10, or one of a refused type, stores nothing.
    const stored = await storeUploads(
      files.map((x) => x.file),
      { kind: "download", executor: tx, public: true },
    );
    const sent: SubmittedFile[] = stored.map((row, i) => ({
      field: files[i].field,
      mediaId: row.id,
      driveId: row.driveId,
      name: row.originalName,
      size: row.size,
      mime: row.mime,
    }));
    const log = await logConsents(tx, {
      kind: FORMS_CONSENT_KIND,
      acceptedIds: accepted,
      userType: submission.userType,
      email: email || null,
    });
    const mail = confirmation
      ? await mailConfirmationLink(tx, { form: definition, email, locale: submission.locale, token: confirmation.token })
      : await mailTheShop(tx, definition, data, email, submission.locale);
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        siteId: SITE_ID,
        formId: definition.id,
        formSlug: definition.slug,
        data,
        files: sent,
        email,
        locale: submission.locale,
        userType: submission.userType,
        consentLogId: log?.id ?? null,
        // The shop's mail; the confirmation mail is the sender's (found by kind and address).
        mailId: confirmation ? null : (mail?.id ?? null),
        confirmTokenHash: confirmation?.hash ?? null,
      })
      .returning({ id: formSubmissions.id });
    return { id: row.id, mail };
  });
  return result.ok ? { ...result, awaitingConfirmation: confirmation !== null } : result;
}
