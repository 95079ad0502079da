import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import { bpToPercent } from "~/lib/shopper-price";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { GroupForm } from "~/modules/customer-group/group-form";
import { GroupPricesPanel } from "~/modules/customer-group/group-prices-panel";
import {
  deleteGroup,
  groupDetail,
  removeGroupPrice,
  setGroupPrice,
  updateGroup,
} from "~/modules/customer-group/customer-group-admin.server";
import { groupPageSchema, groupSchema } from "~/modules/customer-group/customer-group.schema";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminCustomerGroups"] };

/** One customer group (/admin/customer-groups/:id, decision 0107): its editor, its own prices, delete while no customer is in it, its trail. */
const NOT_FOUND = "adminCustomerGroups.errors.notFound";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const detail = await groupDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  return {
    locale: requestLocale(request).locale,
    ...detail,
    constraint: formConstraint(groupSchema),
    audit: await auditTrail("customerGroup", id),
  };
}

type Staff = Awaited<ReturnType<typeof requireStaff>>;

function run(staff: Staff, id: number, input: z.output<typeof groupPageSchema>) {
  switch (input.intent) {
    case "save":
      return updateGroup(staff, id, input);
    case "delete":
      return deleteGroup(staff, id, input.version);
    case "setPrice":
      return setGroupPrice(staff, id, input.version, input.sku, input.price);
    case "removePrice":
      return removeGroupPrice(staff, id, input.version, input.productId);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, groupPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    await run(staff, id, input);
    const to = input.intent === "delete" ? "/admin/customer-groups" : `/admin/customer-groups/${id}`;
    return redirect(to, { headers: await setToast({ type: "success", key: `adminCustomerGroups.done.${input.intent}` }) });
  } catch (error) {
    if (isDomainError(error) && error.code === "customerGroupNotFound") throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, ["sku"]);
  }
}

export default function AdminCustomerGroup() {
  const { locale, group, prices, customers, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  const defaults = { name: group.name, discount: bpToPercent(group.discountBp) };
  return (
    <AdminPage
      title={localized(group.name, locale)}
      testId="admin-customer-group"
      actions={
        <Link to="/admin/customer-groups" className="text-sm underline">
          {t("adminCustomerGroups.back")}
        </Link>
      }
    >
      <GroupForm key={group.version} defaults={defaults} version={group.version} constraint={constraint} lastResult={answer} />
      <GroupPricesPanel prices={prices} version={group.version} locale={locale} lastResult={answer} />
      <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="group-delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={group.version} />
        <p className="text-sm text-slate-600">
          {customers > 0 ? (
            <>
              {t("adminCustomerGroups.inUseHint", { count: customers })}{" "}
              <Link to={`/admin/customers?group=${group.id}`} className="underline">
                {t("adminCustomerGroups.showCustomers")}
              </Link>
            </>
          ) : (
            t("adminCustomerGroups.deleteHint")
          )}
        </p>
        <Button variant="secondary" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}>
          {t("adminCustomerGroups.delete")}
        </Button>
        <FormError errors={deleteResult?.error?.[""]} testId="group-delete-error" />
      </SecureForm>
      <AuditTrail
        entries={audit}
        locale={locale}
        actionLabel={(action) => t(`adminCustomerGroups.audit.${action}`, { defaultValue: action })}
      />
    </AdminPage>
  );
}
