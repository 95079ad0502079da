import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { AdminPage } from "~/components/admin/list-page";
import { AuditTrail } from "~/components/admin/audit-trail";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { showToast, type ToastMessage } from "~/lib/toast";
import { requireStaff } from "~/routes/http/staff.server";
import { customerIdOf, orNotFound } from "~/routes/http/customer-route.server";
import { sendPasswordReset, setCustomerBlocked, setCustomerGroup } from "~/modules/customer/customer-admin.server";
import { groupOptions } from "~/modules/customer-group/customer-group-admin.server";
import { localized } from "~/lib/links";
import { CustomerBadges } from "~/modules/customer/customer-badges";
import { customerDetail } from "~/modules/customer/customer-detail.server";
import { eraseCustomer } from "~/modules/customer/customer-erase.server";
import { customerActionSchema } from "~/modules/customer/customer.schema";
import { AddressesPanel, ConsentsPanel, OrdersPanel, Panel, WishlistPanel } from "~/modules/customer/customer-sections";
import { requestLocale } from "~/.server/shopper.server";

export const handle = { i18n: ["adminCustomers", "orders", "consent", "account"] };

/**
 * A customer (/admin/customers/:id, decision 0040): profile, address book, orders,
 * wishlist, consents, membership card, customer group (decision 0107) and audit trail; the
 * group they are in, block or unblock, the
 * password-reset mail, the GDPR export (/admin/customers/:id/export) and erasure.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const id = await customerIdOf(request, params.id);
  const { locale } = requestLocale(request);
  const [detail, groups] = await Promise.all([orNotFound(request, customerDetail(id, locale)), groupOptions()]);
  return { locale, groups, ...detail };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const id = await customerIdOf(request, params.id);
  const { submission } = await readSubmission(request, customerActionSchema);
  if (submission.status !== "success") {
    // Only erasure has a field a person types; the other forms post fixed values.
    if (submission.payload.intent === "erase")
      return data({ notice: { type: "error", key: "adminCustomers.erase.mismatch", values: {} } satisfies ToastMessage }, { status: 400 });
    throw new Response("Bad Request", { status: 400 });
  }
  const input = submission.value;
  const here = `/admin/customers/${id}`;
  try {
    switch (input.intent) {
      case "block":
      case "unblock":
        await setCustomerBlocked(staff, id, input.intent === "block", input.version);
        return redirect(here, { headers: await setToast({ type: "success", key: `adminCustomers.${input.intent}.done` }) });
      case "setGroup":
        await setCustomerGroup(staff, id, input.groupId ?? null, input.version);
        return redirect(here, { headers: await setToast({ type: "success", key: "adminCustomers.group.done" }) });
      case "resetPassword":
        await sendPasswordReset(staff, id);
        return redirect(here, { headers: await setToast({ type: "success", key: mailMessageKey("adminCustomers.reset.done") }) });
      case "erase":
        await eraseCustomer(staff, id, input);
        return redirect("/admin/customers", { headers: await setToast({ type: "success", key: "adminCustomers.erase.done" }) });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // Answered on the page itself with the error's status (409 for a stale edit): the
    // current data is shown again, nothing was changed.
    return data({ notice: { type: "error", key: error.key, values: error.values } satisfies ToastMessage }, { status: error.status });
  }
}

export default function AdminCustomer() {
  const { locale, groups, profile, addresses, orders, wishlist, consents, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const notice = answer?.notice;
  useEffect(() => {
    if (notice) showToast(notice);
  }, [notice]);
  const pending = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  const blocked = profile.blockedAt !== null;
  return (
    <AdminPage
      title={name}
      testId="admin-customer"
      actions={
        <Link to="/admin/customers" className={buttonClass({ variant: "secondary", size: "sm" })}>
          {t("adminCustomers.detail.back")}
        </Link>
      }
    >
      {notice ? (
        <p
          role="alert"
          className="rounded border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="customer-notice"
        >
          {t(notice.key, notice.values)}
        </p>
      ) : null}
      <Panel title={t("adminCustomers.detail.profile")} testId="customer-profile">
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
          <dt className="font-semibold">{t("adminCustomers.detail.name")}</dt>
          <dd>{`${profile.firstName} ${profile.lastName}`.trim() || "—"}</dd>
          <dt className="font-semibold">{t("adminCustomers.detail.email")}</dt>
          <dd data-testid="customer-email">{profile.email}</dd>
          <dt className="font-semibold">{t("adminCustomers.detail.created")}</dt>
          <dd>{formatDate(profile.createdAt, locale, { style: "numeric", time: "short" })}</dd>
          <dt className="font-semibold">{t("adminCustomers.detail.verified")}</dt>
          <dd>
            {profile.emailVerifiedAt
              ? formatDate(profile.emailVerifiedAt, locale, { style: "numeric", time: "short" })
              : t("adminCustomers.no")}
          </dd>
          <dt className="font-semibold">{t("adminCustomers.detail.status")}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <CustomerBadges guest={profile.guest} verified={profile.emailVerifiedAt !== null} blocked={blocked} />
            {profile.blockedAt ? (
              <span>
                {t("adminCustomers.detail.blockedSince", {
                  date: formatDate(profile.blockedAt, locale, { style: "numeric", time: "short" }),
                })}
              </span>
            ) : null}
          </dd>
          <dt className="font-semibold">{t("adminCustomers.detail.memberCard")}</dt>
          <dd data-testid="customer-member-card">{profile.memberCardBarcode ?? t("adminCustomers.detail.noMemberCard")}</dd>
        </dl>
      </Panel>

      {profile.guest ? null : (
        <Panel title={t("adminCustomers.group.title")} testId="customer-group">
          <SecureForm className="flex flex-wrap items-end gap-3" key={profile.version}>
            <input type="hidden" name="version" value={profile.version} />
            <label className="flex flex-col gap-1 text-sm font-semibold">
              {t("adminCustomers.group.label")}
              <select
                name="groupId"
                defaultValue={profile.customerGroupId ?? ""}
                className="rounded border border-slate-300 px-3 py-2 font-normal"
                data-testid="customer-group-select"
              >
                <option value="">{t("adminCustomers.group.none")}</option>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {localized(g.name, locale)}
                  </option>
                ))}
              </select>
            </label>
            <Button name="intent" value="setGroup" variant="secondary" pending={pending("setGroup")}>
              {t("adminCustomers.group.submit")}
            </Button>
          </SecureForm>
          <p className="text-sm text-slate-600">
            {t("adminCustomers.group.hint")}{" "}
            <Link to="/admin/customer-groups" className="underline">
              {t("adminCustomers.group.manage")}
            </Link>
          </p>
        </Panel>
      )}

      <Panel title={t("adminCustomers.detail.actions")} testId="customer-actions">
        <div className="flex flex-wrap items-start gap-3">
          <SecureForm>
            <input type="hidden" name="version" value={profile.version} />
            <Button
              name="intent"
              value={blocked ? "unblock" : "block"}
              variant={blocked ? "secondary" : "danger"}
              pending={pending(blocked ? "unblock" : "block")}
            >
              {t(blocked ? "adminCustomers.unblock.submit" : "adminCustomers.block.submit")}
            </Button>
          </SecureForm>
          {profile.guest ? null : (
            <SecureForm>
              <Button name="intent" value="resetPassword" variant="secondary" pending={pending("resetPassword")}>
                {t("adminCustomers.reset.submit")}
              </Button>
            </SecureForm>
          )}
          {/* A file, not a page: the browser saves the JSON. */}
          <a
            href={`/admin/customers/${profile.id}/export`}
            download
            className={buttonClass({ variant: "secondary" })}
            data-testid="customer-export"
          >
            {t("adminCustomers.export.submit")}
          </a>
        </div>
        {blocked ? null : <p className="text-sm text-slate-600">{t("adminCustomers.block.hint")}</p>}
      </Panel>

      <AddressesPanel addresses={addresses} />
      <OrdersPanel orders={orders} locale={locale} />
      <WishlistPanel wishlist={wishlist} locale={locale} />
      <ConsentsPanel consents={consents} locale={locale} />

      <Panel title={t("adminCustomers.erase.title")} testId="customer-erase">
        <SecureForm className="space-y-3 rounded border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-900">{t("adminCustomers.erase.warning")}</p>
          <input type="hidden" name="version" value={profile.version} />
          <label className="flex max-w-md flex-col gap-1 text-sm font-semibold">
            {t("adminCustomers.erase.confirm")}
            <input
              type="email"
              name="confirmEmail"
              required
              maxLength={254}
              autoComplete="off"
              className="rounded border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          <Button name="intent" value="erase" variant="danger" pending={pending("erase")}>
            {t("adminCustomers.erase.submit")}
          </Button>
        </SecureForm>
      </Panel>

      <AuditTrail entries={audit} locale={locale} actionLabel={(action) => t(`adminCustomers.audit.${action}`)} />
    </AdminPage>
  );
}
