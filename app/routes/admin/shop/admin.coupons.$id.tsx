import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { couponDetail, deleteCoupon, updateCoupon } from "~/modules/coupon/coupon-admin.server";
import { CouponForm } from "~/modules/coupon/coupon-form";
import { couponPageSchema, couponSchema } from "~/modules/coupon/coupon.schema";
import { OrderStatusBadge } from "~/modules/order/order-status-badge";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCoupons", "orders"] };

const FIELDS = ["code", "products"] as const;

/** One coupon (/admin/coupons/:id, decision 0049): edit it, see its usage and the orders that used it; delete it while unused. */
const notFound = (request: Request) => rowNotFound(request, "adminCoupons.errors.notFound");

const couponIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminCoupons.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const id = await couponIdOf(request, params.id);
  const coupon = await couponDetail(id);
  if (!coupon) throw await notFound(request);
  return { locale: requestLocale(request).locale, coupon, constraint: formConstraint(couponSchema), audit: await auditTrail("coupon", id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const id = await couponIdOf(request, params.id);
  const { submission } = await readSubmission(request, couponPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "delete") {
      await deleteCoupon(staff, id, input.version);
      return redirect("/admin/coupons", { headers: await setToast({ type: "success", key: "adminCoupons.done.delete" }) });
    }
    await updateCoupon(staff, id, input);
    return redirect(`/admin/coupons/${id}`, { headers: await setToast({ type: "success", key: "adminCoupons.done.update" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, FIELDS);
  }
}

export default function AdminCoupon() {
  const { locale, coupon, constraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleteResult = submissionOf(answer)?.initialValue?.intent === "delete" ? submissionOf(answer) : null;
  const used = coupon.usedCount > 0 || coupon.orders.length > 0;
  return (
    <AdminPage
      title={coupon.code}
      testId="admin-coupon"
      actions={
        <Link to="/admin/coupons" className="text-sm underline">
          {t("adminCoupons.back")}
        </Link>
      }
    >
      <section className="rounded border border-slate-200 bg-white p-4 text-sm" aria-labelledby="usage-title" data-testid="coupon-usage">
        <h2 id="usage-title" className="mb-2 text-lg font-semibold">
          {t("adminCoupons.usage.title")}
        </h2>
        <p data-testid="coupon-used">
          {t("adminCoupons.usage.used", { used: coupon.usedCount, limit: coupon.usageLimit ?? t("adminCoupons.usage.unlimited") })}
          {" · "}
          {t("adminCoupons.usage.perCustomer", { limit: coupon.perCustomerLimit ?? t("adminCoupons.usage.unlimited") })}
        </p>
        {coupon.products.length > 0 ? (
          <p className="mt-1">
            {t("adminCoupons.usage.products")}: {coupon.products.map((p) => `${p.name} (${p.sku})`).join(", ")}
          </p>
        ) : null}
        {coupon.orders.length > 0 ? (
          <ul className="mt-2 space-y-1" data-testid="coupon-orders">
            {coupon.orders.map((o) => (
              <li key={o.slug} className="flex flex-wrap items-center gap-3">
                <Link to={`/admin/orders/${o.slug}`} className="font-semibold text-brand-700 underline">
                  {o.slug}
                </Link>
                <span>{formatDate(o.createdAt, locale, { style: "numeric", time: "short" })}</span>
                <span>{o.email}</span>
                <span>−{formatPrice(o.couponCents, { label: o.currencyLabel, symbol: "€" }, locale)}</span>
                <OrderStatusBadge kind="status" value={o.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">{t("adminCoupons.usage.none")}</p>
        )}
      </section>

      <CouponForm key={coupon.version} defaults={coupon.form} version={coupon.version} constraint={constraint} lastResult={answer} />

      <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="coupon-delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={coupon.version} />
        <p className="text-sm text-slate-600">{used ? t("adminCoupons.usedHint") : t("adminCoupons.deleteHint")}</p>
        <Button
          variant="secondary"
          disabled={used}
          pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "delete"}
        >
          {t("adminCoupons.delete")}
        </Button>
        <FormError errors={deleteResult?.error?.[""]} testId="coupon-delete-error" />
      </SecureForm>

      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminCoupons.audit.${action}`, { defaultValue: action })} />
    </AdminPage>
  );
}
