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
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { localized } from "~/lib/links";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { BranchesPanel } from "~/modules/shipping/branches-panel";
import { MethodForm } from "~/modules/shipping/method-form";
import {
  addBranch,
  deleteMethod,
  methodDetail,
  moveBranch,
  removeBranch,
  saveBranch,
  updateMethod,
} from "~/modules/shipping/shipping-admin.server";
import { RateTablePanel } from "~/modules/shipping/rate-table-panel";
import { addRate, addZone, removeRate, removeZone, saveRate, saveZone, setLongGoods } from "~/modules/shipping/rate-table-admin.server";
import { methodPageSchema, methodSchema } from "~/modules/shipping/shipping.schema";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminShipping"] };

/**
 * One delivery method (/admin/shipping/:id, decision 0049): its editor, its branches, its
 * rate table by zone and weight with the long-goods surcharge (decision 0106), delete while
 * no order used it, its trail.
 */
const notFound = (request: Request) => rowNotFound(request, "adminShipping.errors.notFound");

/** A branch, zone or rate row gone meanwhile is the form's refusal; only a missing method is the page's 404. */
const ROW_NOT_FOUND = ["branchNotFound", "zoneNotFound", "rateNotFound"];
const RATE_TABLE_FIELDS = ["name", "countries", "maxWeight", "fromMm", "surcharge"];

const methodIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminShipping.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const id = await methodIdOf(request, params.id);
  const detail = await methodDetail(id);
  if (!detail) throw await notFound(request);
  return {
    locale: requestLocale(request).locale,
    ...detail,
    constraint: formConstraint(methodSchema),
    audit: await auditTrail("deliveryMethod", id),
  };
}

async function run(staff: Awaited<ReturnType<typeof requireStaff>>, id: number, input: z.output<typeof methodPageSchema>) {
  switch (input.intent) {
    case "save":
      return updateMethod(staff, id, input);
    case "delete":
      return deleteMethod(staff, id, input.version);
    case "addBranch":
      return addBranch(staff, id, input.version, input);
    case "saveBranch":
      return saveBranch(staff, id, input.version, input.branchId, input);
    case "removeBranch":
      return removeBranch(staff, id, input.version, input.branchId);
    case "branchUp":
    case "branchDown":
      return moveBranch(staff, id, input.version, input.branchId, input.intent === "branchUp" ? "up" : "down");
    case "addZone":
      return addZone(staff, id, input.version, input);
    case "saveZone":
      return saveZone(staff, id, input.version, input.zoneId, input);
    case "removeZone":
      return removeZone(staff, id, input.version, input.zoneId);
    case "addRate":
      return addRate(staff, id, input.version, input.zoneId, input);
    case "saveRate":
      return saveRate(staff, id, input.version, input.rateId, input);
    case "removeRate":
      return removeRate(staff, id, input.version, input.rateId);
    case "longGoods":
      return setLongGoods(staff, id, input.version, input.fromMm ?? null, input.surcharge);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await methodIdOf(request, params.id);
  const { submission } = await readSubmission(request, methodPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    await run(staff, id, input);
    const to = input.intent === "delete" ? "/admin/shipping" : `/admin/shipping/${id}`;
    return redirect(to, { headers: await setToast({ type: "success", key: `adminShipping.done.${input.intent}` }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404 && !ROW_NOT_FOUND.includes(error.code)) throw await notFound(request);
    return answerDomainError(error, submission, ["code", ...RATE_TABLE_FIELDS]);
  }
}

export default function AdminShippingMethod() {
  const { locale, method, branches, zones, used, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  const defaults = {
    code: method.code,
    name: method.name,
    description: method.description,
    price: (method.priceCents / 100).toFixed(2).replace(".", ","),
    taxRate: String(method.taxRateBp / 100),
    active: method.active ? "on" : "",
  };
  return (
    <AdminPage
      title={localized(method.name, locale)}
      testId="admin-shipping-method"
      actions={
        <Link to="/admin/shipping" className="text-sm underline">
          {t("adminShipping.back")}
        </Link>
      }
    >
      <MethodForm key={method.version} defaults={defaults} version={method.version} constraint={constraint} lastResult={answer} />
      <BranchesPanel branches={branches} version={method.version} lastResult={answer} />
      <RateTablePanel method={method} zones={zones} lastResult={answer} />
      <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="method-delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={method.version} />
        <p className="text-sm text-slate-600">{used > 0 ? t("adminShipping.usedHint", { n: used }) : t("adminShipping.deleteHint")}</p>
        <Button
          variant="secondary"
          disabled={used > 0}
          pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}
        >
          {t("adminShipping.delete")}
        </Button>
        <FormError errors={deleteResult?.error?.[""]} testId="method-delete-error" />
      </SecureForm>
      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminShipping.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
