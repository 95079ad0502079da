import { getFormProps } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SecureFetcherForm, SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField, type AnyField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { submissionOf, useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { showToast } from "~/lib/toast";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import { VIA_FETCHER, type FieldView, type FormAnswer, type FormView } from "./form-fields";

type Props = {
  form: FormView;
  /** The form page's action data (plain form); a page block answers through its own fetcher. */
  answer?: FormAnswer;
  busy?: boolean;
  /** A page block posts through a fetcher once hydrated; the form page posts as a plain form. */
  inPage?: boolean;
  /** Its place among a page's sections (app/modules/cms/page-components.tsx). */
  sectionIndex?: number;
  headingLevel?: 1 | 2;
};

/**
 * The contact form or a database form: its fields (with the constraints of the schema
 * built from its definition), the contact form's consents and the honeypot and CSRF
 * token of SecureForm. Without JavaScript it posts to the form route, which comes back to
 * this page with a toast or shows the messages; in a page, once hydrated, a fetcher posts
 * it, a success toasts and empties the form.
 */
export function FormBlock({
  form: view,
  answer: pageAnswer,
  busy: pageBusy = false,
  inPage = false,
  sectionIndex,
  headingLevel = 2,
}: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetched = fetcher.state === "idle" ? fetcher.data : undefined;
  const answer = inPage ? fetcher.data : pageAnswer;
  const busy = inPage ? fetcher.state !== "idle" : pageBusy;
  const id = `form-${view.slug}`;
  const [form, fields] = useShopForm<Record<string, unknown>>({ id, lastResult: submissionOf(answer), constraint: view.constraint });

  useEffect(() => {
    if (!fetched || !("ok" in fetched)) return;
    form.reset();
    showToast({ type: "success", key: fetched.key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetched]);

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const redirectTo = fields.redirectTo.initialValue;
  const ticked = [fields.acceptedConsents.initialValue ?? []].flat().map(Number);
  const body = (
    <>
      {/* After a refusal shown on the form page, a success still goes back to the page the form was on. */}
      <input type="hidden" name="redirectTo" value={typeof redirectTo === "string" ? redirectTo : location.pathname + location.search} />
      {inPage && hydrated ? <input type="hidden" name="via" value={VIA_FETCHER} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {view.fields.map((field) => (
          <FormField key={field.name} field={field} meta={fields[field.name]} />
        ))}
      </div>
      <ConsentCheckboxes
        consents={view.consents ?? []}
        error={fields.acceptedConsents.errors?.[0] ?? form.allErrors.consents?.[0]}
        defaultChecked={ticked}
        idPrefix={`${id}-consents`}
      />
      <FormError id={form.errorId} errors={form.errors} testId="form-error" />
      <Button size="lg" className="self-start" pending={busy} pendingLabel={t("forms.sending")}>
        {t("forms.submit")}
      </Button>
    </>
  );
  const formProps = {
    ...getFormProps(form),
    action: view.action,
    // A file field's files travel only in a multipart post.
    encType: view.hasFiles ? ("multipart/form-data" as const) : undefined,
    className: "mt-6 flex flex-col gap-3",
    "data-testid": id,
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto w-full max-w-3xl px-4 py-8"
      data-testid="form-block"
      // In a page it is one of the page's sections: the in-page editor's outlines find each
      // section by these attributes.
      data-component={inPage ? "form" : undefined}
      data-component-index={sectionIndex}
    >
      <Heading id={`${id}-title`} className="text-2xl font-bold text-brand-900">
        {view.title}
      </Heading>
      {view.consents === null ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t("error.consentsNotFetched")}
        </p>
      ) : inPage ? (
        <SecureFetcherForm fetcher={fetcher} {...formProps}>
          {body}
        </SecureFetcherForm>
      ) : (
        <SecureForm {...formProps}>{body}</SecureForm>
      )}
    </section>
  );
}

function FormField({ field, meta }: { field: FieldView; meta: AnyField }) {
  const { t } = useTranslation();
  switch (field.type) {
    case "checkbox":
      return <CheckboxField meta={meta} label={field.label} className="sm:col-span-2" />;
    case "textarea":
      return <TextareaField meta={meta} label={field.label} rows={5} className="sm:col-span-2" />;
    case "select":
      return <SelectField meta={meta} label={field.label} options={field.options ?? []} placeholder={t("forms.choose")} />;
    case "file":
      return (
        <Field
          meta={meta}
          type="file"
          multiple
          label={field.label}
          description={t("forms.upload.hint", { max: field.maxFiles ?? 10 })}
          className="sm:col-span-2"
        />
      );
    default:
      return <Field meta={meta} type={field.type} label={field.label} autoComplete={field.autoComplete} />;
  }
}
