import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { paymentSchema } from "~/modules/payment/payment-admin.schema";
import { paymentDetail, updatePaymentMethod } from "~/modules/payment/payment-admin.server";
import { PaymentMethodForm } from "~/modules/payment/payment-method-form";
import { requestLocale } from "~/.server/shopper.server";
import { requireStepUp, stepUpNeeded } from "~/routes/http/step-up.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminShipping"] };

/** One payment method (/admin/payments/:id, decision 0049): names, on/off and its gateway's settings, with its trail. */
const notFound = (request: Request) => rowNotFound(request, "adminShipping.errors.paymentNotFound");

const methodIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminShipping.errors.paymentNotFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const id = await methodIdOf(request, params.id);
  const method = await paymentDetail(id);
  if (!method) throw await notFound(request);
  return {
    locale: requestLocale(request).locale,
    method,
    constraint: formConstraint(paymentSchema),
    audit: await auditTrail("paymentMethod", id),
    stepUp: await stepUpNeeded(request),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await methodIdOf(request, params.id);
  const { form, submission } = await readSubmission(request, paymentSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    // A payment method's settings decide where shoppers' money goes: the password again (decision 0086).
    const renewed = await requireStepUp(request, staff, form);
    await updatePaymentMethod(staff, id, submission.value);
    const headers = await setToast({ type: "success", key: "adminShipping.payments.done.save" });
    if (renewed) headers.append("Set-Cookie", renewed);
    return redirect(`/admin/payments/${id}`, { headers });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, ["active"]);
  }
}

export default function AdminPaymentMethod() {
  const { locale, method, constraint, audit, stepUp } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const defaults = {
    name: method.name,
    description: method.description,
    active: method.active ? "on" : "",
    bank: method.bank ?? undefined,
  };
  return (
    <AdminPage
      title={localized(method.name, locale)}
      testId="admin-payment-method"
      actions={
        <Link to="/admin/payments" className="text-sm underline">
          {t("adminShipping.payments.back")}
        </Link>
      }
    >
      <PaymentMethodForm
        key={method.version}
        gateway={method.gateway}
        defaults={defaults}
        version={method.version}
        card={method.card}
        constraint={constraint}
        lastResult={answer}
        stepUp={stepUp}
      />
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminShipping.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
