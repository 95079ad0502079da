import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { GroupForm } from "~/modules/customer-group/group-form";
import { createGroup } from "~/modules/customer-group/customer-group-admin.server";
import { groupSchema } from "~/modules/customer-group/customer-group.schema";

export const handle = { i18n: ["adminCustomerGroups"] };

/** A new customer group (/admin/customer-groups/new, decision 0107); saved, it opens its page (for its prices). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  return { constraint: formConstraint(groupSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, groupSchema);
  if (submission.status !== "success") return refuse(submission);
  const id = await createGroup(staff, submission.value);
  return redirect(`/admin/customer-groups/${id}`, { headers: await setToast({ type: "success", key: "adminCustomerGroups.done.create" }) });
}

export default function AdminCustomerGroupNew() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("adminCustomerGroups.newTitle")}
      testId="admin-customer-group-new"
      actions={
        <Link to="/admin/customer-groups" className="text-sm underline">
          {t("adminCustomerGroups.back")}
        </Link>
      }
    >
      <GroupForm constraint={constraint} lastResult={lastResult} />
    </AdminPage>
  );
}
