import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { requireStaff } from "~/routes/http/staff.server";
import { createConsent, listConsentLogs, listConsents, listFormAssignments } from "~/modules/consent/consent-admin.server";
import { ConsentLogTable, ConsentTable, FormAssignmentTable } from "~/modules/consent/consent-admin-tables";
import { CreateConsentForm } from "~/modules/consent/consent-create-form";
import { createConsentSchema } from "~/modules/consent/consent-admin.schema";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["consent"] };

/** /admin/consent (spec §2): the consents, the six forms' assignments, a new consent, the latest log. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const { locale } = requestLocale(request);
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10) || 1;
  const [list, forms, logs] = await Promise.all([listConsents(page), listFormAssignments(locale), listConsentLogs(locale)]);
  return { list, forms, logs, constraint: formConstraint(createConsentSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, createConsentSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const consent = await createConsent(staff, submission.value);
    const headers = await setToast({ type: "success", key: "consent.admin.created", values: { uniqueNumber: consent.uniqueNumber } });
    return redirect("/admin/consent", { headers });
  } catch (error) {
    // The business rule of a new consent is a free unique number: shown at that field (the error's field).
    return answerDomainError(error, submission, ["uniqueNumber"]);
  }
}

export default function AdminConsents() {
  const { list, forms, logs, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-2xl font-bold">{t("consent.admin.consentsTitle")}</h1>
        <ConsentTable list={list} />
      </section>
      <section className="space-y-4 rounded border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("consent.admin.createTitle")}</h2>
        {/* Keyed by the count, so the form empties itself once a consent was added. */}
        <CreateConsentForm key={list.total} lastResult={lastResult} constraint={constraint} />
      </section>
      <section className="space-y-4">
        <h2 className="text-lg font-semibold">{t("consent.admin.formsTitle")}</h2>
        <p className="text-sm text-slate-600">{t("consent.admin.formsHint")}</p>
        <FormAssignmentTable forms={forms} />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("consent.admin.logTitle")}</h2>
        <ConsentLogTable logs={logs} />
      </section>
    </div>
  );
}
