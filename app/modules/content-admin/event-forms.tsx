import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { EventInput } from "./content-admin.schema";

/**
 * The event editor (decision 0054): start and end (shop time, the end not before the
 * start), place, published, and per language the title and the description (HTML,
 * sanitised with the CMS allow-list on save).
 */
export function EventForm({
  values,
  version,
  lastResult,
  constraint,
}: {
  values: Record<string, unknown> | null;
  version: number | null;
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<EventInput>({
    id: "event",
    lastResult,
    constraint,
    defaultValue: (values ?? { published: "on" }) as never,
  });
  const languages = fields.translations.getFieldset();
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="event-form"
    >
      <input type="hidden" name="intent" value="save" />
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field meta={fields.startsAt} type="datetime-local" label={t("adminContent.events.startsAt")} />
        <Field meta={fields.endsAt} type="datetime-local" label={t("adminContent.events.endsAt")} />
        <Field meta={fields.place} label={t("adminContent.events.place")} optional />
      </div>
      <CheckboxField meta={fields.published} label={t("adminContent.events.publishedField")} />
      <LanguageTabs idPrefix="event-lang" errors={(l) => Object.values(languages[l].getFieldset()).some((f) => f.errors?.length)}>
        {(l) => {
          const text = languages[l].getFieldset();
          return (
            <div>
              <Field meta={text.title} label={t("adminContent.fields.title")} required={l === "hr"} optional={l !== "hr"} />
              <TextareaField
                meta={text.descriptionHtml}
                label={t("adminContent.events.description")}
                description={t("adminContent.fields.bodyHtmlHelp")}
                rows={6}
                optional
                className="font-mono"
              />
            </div>
          );
        }}
      </LanguageTabs>
      <FormError id={form.errorId} errors={form.errors} testId="event-error" />
      <Button pending={navigation.formData?.get("intent") === "save"}>{t("adminContent.events.save")}</Button>
    </SecureForm>
  );
}

/** Writes down one attendee: name, e-mail, seats, note. */
export function AttendeeForm({ lastResult, constraint }: { lastResult: SubmissionResult<string[]> | null; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Record<string, string>>({ id: "attendee", lastResult, constraint, defaultValue: { seats: "1" } });
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="grid gap-x-4 rounded border border-slate-200 bg-white p-4 md:grid-cols-2"
      data-testid="attendee-form"
    >
      <input type="hidden" name="intent" value="addAttendee" />
      <Field meta={fields.name} label={t("adminContent.attendees.name")} />
      <Field meta={fields.email} type="email" label={t("adminContent.attendees.email")} optional />
      <Field meta={fields.seats} type="number" label={t("adminContent.attendees.seats")} />
      <Field meta={fields.note} label={t("adminContent.attendees.note")} optional />
      <FormError id={form.errorId} errors={form.errors} testId="attendee-error" />
      <div className="md:col-span-2">
        <Button pending={navigation.formData?.get("intent") === "addAttendee"}>{t("adminContent.attendees.add")}</Button>
      </div>
    </SecureForm>
  );
}
