import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { mailMessageKey } from "~/modules/mail/mail-admin.server";
import { BACKOFFICE_SCOPES } from "~/lib/backoffice-scopes";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { inviteStaff } from "~/modules/staff/staff-admin.server";
import { STAFF_STATUSES, listStaff, staffListQuery } from "~/modules/staff/staff-list.server";
import { inviteStaffSchema, type InviteStaffInput } from "~/modules/staff/staff.schema";
import { StaffStatusBadge } from "~/modules/staff/staff-status-badge";
import { requireStepUp, stepUpNeeded } from "~/routes/http/step-up.server";
import { StepUpField } from "~/modules/staff/step-up-field";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminUsers"] };

/**
 * Backoffice users (/admin/users, decision 0043): the list pattern of admin.orders.tsx
 * and the invitation by mail (docs/decisions/0043).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, staffListQuery);
  const { rows, page } = await listStaff(query);
  return {
    locale: requestLocale(request).locale,
    query,
    rows,
    page,
    statuses: STAFF_STATUSES,
    constraint: formConstraint(inviteStaffSchema),
    stepUp: await stepUpNeeded(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { form, submission } = await readSubmission(request, inviteStaffSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    // Inviting an admin grants the whole shop: the password again (decision 0086).
    const renewed = submission.value.scope === "admin" ? await requireStepUp(request, staff, form) : null;
    const id = await inviteStaff(staff, submission.value, requestLocale(request).locale);
    const headers = await setToast({
      type: "success",
      key: mailMessageKey("adminUsers.invited"),
      values: { email: submission.value.email },
    });
    if (renewed) headers.append("Set-Cookie", renewed);
    return redirect(`/admin/users/${id}`, { headers });
  } catch (error) {
    return answerDomainError(error, submission, ["email"]);
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminUsers() {
  const { locale, query, rows, page, statuses, constraint, stepUp } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const date = (value: string | null) =>
    value ? (
      <time dateTime={value} className="whitespace-nowrap">
        {formatDate(value, locale, { style: "numeric", time: "short" })}
      </time>
    ) : (
      "–"
    );
  const columns: Column<Row>[] = [
    {
      id: "email",
      header: t("adminUsers.columns.email"),
      sortable: true,
      cell: (u) => (
        <Link to={`/admin/users/${u.id}`} className="font-semibold text-brand-700 underline">
          {u.email}
        </Link>
      ),
    },
    { id: "name", header: t("adminUsers.columns.name"), cell: (u) => u.name },
    {
      id: "scope",
      header: t("adminUsers.columns.scope"),
      cell: (u) => u.scope.map((s) => t(`adminUsers.scope.${s}`, { defaultValue: s })).join(", "),
    },
    { id: "status", header: t("adminUsers.columns.status"), cell: (u) => <StaffStatusBadge status={u.status} /> },
    { id: "lastSignIn", header: t("adminUsers.columns.lastSignIn"), sortable: true, cell: (u) => date(u.lastSignIn) },
    { id: "createdAt", header: t("adminUsers.columns.createdAt"), sortable: true, cell: (u) => date(u.createdAt) },
  ];
  return (
    <AdminPage title={t("adminUsers.title")} testId="admin-users">
      <ListFilters
        searchLabel={t("adminUsers.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="status"
          label={t("adminUsers.columns.status")}
          value={query.status}
          options={statuses.map((s) => ({ value: s, label: t(`adminUsers.status.${s}`) }))}
        />
        <FilterSelect
          name="scope"
          label={t("adminUsers.columns.scope")}
          value={query.scope}
          options={BACKOFFICE_SCOPES.map((s) => ({ value: s, label: t(`adminUsers.scope.${s}`) }))}
        />
      </ListFilters>
      <DataTable
        caption={t("adminUsers.title")}
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        sort={sort}
        empty={t("adminUsers.empty")}
        testId="users-table"
        rowTestId="user-row"
      />
      <ListFooter info={page} />
      <InviteForm constraint={constraint} stepUp={stepUp} />
    </AdminPage>
  );
}

type InviteProps = { constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"]; stepUp: boolean };

function InviteForm({ constraint, stepUp }: InviteProps) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<InviteStaffInput>({ id: "invite", lastResult, constraint });
  return (
    <section className="space-y-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("adminUsers.invite.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminUsers.invite.help")}</p>
      <SecureForm {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2" data-testid="invite-form">
        <input type="hidden" name="intent" value="invite" />
        <Field meta={fields.email} type="email" label={t("adminUsers.columns.email")} autoComplete="off" />
        <SelectField
          meta={fields.scope}
          label={t("adminUsers.columns.scope")}
          placeholder={t("adminUsers.invite.choose")}
          options={BACKOFFICE_SCOPES.map((s) => ({ value: s, label: t(`adminUsers.scope.${s}`) }))}
        />
        <Field meta={fields.firstName} label={t("adminUsers.invite.firstName")} autoComplete="off" />
        <Field meta={fields.lastName} label={t("adminUsers.invite.lastName")} autoComplete="off" />
        <StepUpField needed={stepUp} />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "invite"}>
            {t("adminUsers.invite.submit")}
          </Button>
        </div>
      </SecureForm>
    </section>
  );
}
