import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { createCoupon } from "~/modules/coupon/coupon-admin.server";
import { CouponForm } from "~/modules/coupon/coupon-form";
import { couponSchema } from "~/modules/coupon/coupon.schema";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCoupons"] };

const FIELDS = ["code", "products"] as const;

/** A new coupon (/admin/coupons/new, decision 0049); saved, it opens its own page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { constraint: formConstraint(couponSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, couponSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const id = await createCoupon(staff, submission.value);
    return redirect(`/admin/coupons/${id}`, { headers: await setToast({ type: "success", key: "adminCoupons.done.create" }) });
  } catch (error) {
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminCouponNew() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("adminCoupons.newTitle")}
      testId="admin-coupon-new"
      actions={
        <Link to="/admin/coupons" className="text-sm underline">
          {t("adminCoupons.back")}
        </Link>
      }
    >
      <CouponForm constraint={constraint} lastResult={lastResult} />
    </AdminPage>
  );
}
