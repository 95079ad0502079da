import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { MethodForm } from "~/modules/shipping/method-form";
import { createMethod } from "~/modules/shipping/shipping-admin.server";
import { methodSchema } from "~/modules/shipping/shipping.schema";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminShipping"] };

/** A new delivery method (/admin/shipping/new, decision 0049); saved, it opens its page (for branches). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { constraint: formConstraint(methodSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, methodSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const id = await createMethod(staff, submission.value);
    return redirect(`/admin/shipping/${id}`, { headers: await setToast({ type: "success", key: "adminShipping.done.create" }) });
  } catch (error) {
    return answerDomainError(error, submission, ["code"]);
  }
}

export default function AdminShippingNew() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("adminShipping.newTitle")}
      testId="admin-shipping-new"
      actions={
        <Link to="/admin/shipping" className="text-sm underline">
          {t("adminShipping.back")}
        </Link>
      }
    >
      <MethodForm constraint={constraint} lastResult={lastResult} />
    </AdminPage>
  );
}
