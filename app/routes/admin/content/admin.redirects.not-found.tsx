import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { FormError } from "~/components/ui/message";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import {
  failedActionSchema,
  failedListQuery,
  ignoreFailedRequests,
  listFailedRequests,
  redirectFailedRequest,
} from "~/modules/redirects/redirects-admin.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

/**
 * The logged 404s (/admin/redirects/not-found; spec §7 addFailedRequest, decision 0055):
 * paths shoppers asked for that do not exist, most hits first; each can be turned into a
 * redirect (it leaves the log) or ignored (removed; logged again if it comes again).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, failedListQuery);
  const { rows, page } = await listFailedRequests(query);
  return { locale: requestLocale(request).locale, query, rows, page };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, failedActionSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  if (input.intent === "ignore") {
    const removed = await ignoreFailedRequests(staff, input.ids);
    return redirect(backToList(request), {
      headers: await setToast({ type: removed ? "success" : "warning", key: "adminCommunity.redirects.ignored", values: { n: removed } }),
    });
  }
  try {
    const id = await redirectFailedRequest(staff, input.failedId, input.toPath, input.status);
    return redirect(`/admin/redirects/${id}`, { headers: await setToast({ type: "success", key: "adminCommunity.redirects.saved" }) });
  } catch (error) {
    return answerDomainError(error, submission, []);
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminNotFoundLog() {
  const { locale, query, rows, page } = useLoaderData<typeof loader>();
  const answer = submissionOf(useActionData<typeof action>());
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const failedFor = answer?.initialValue?.failedId;
  const columns: Column<Row>[] = [
    {
      id: "path",
      header: t("adminCommunity.redirects.path"),
      sortable: true,
      cell: (r) => <span className="break-all font-mono text-xs">{r.path}</span>,
    },
    { id: "hits", header: t("adminCommunity.redirects.hits"), sortable: true, align: "end", cell: (r) => String(r.hits) },
    {
      id: "lastSeenAt",
      header: t("adminCommunity.redirects.lastSeen"),
      sortable: true,
      cell: (r) => formatDate(r.lastSeenAt, locale, { style: "numeric", time: "short" }),
    },
    {
      id: "redirect",
      header: t("adminCommunity.redirects.makeRedirect"),
      cell: (r) => (
        <SecureForm
          className="flex flex-wrap items-end gap-2"
          data-testid="failed-redirect"
          aria-label={t("adminCommunity.redirects.makeRedirectFor", { path: r.path })}
        >
          <input type="hidden" name="intent" value="redirect" />
          <input type="hidden" name="failedId" value={r.id} />
          <input type="hidden" name="status" value="301" />
          <label className="flex flex-col text-xs font-semibold">
            {t("adminCommunity.redirects.fields.toPath")}
            <input
              name="toPath"
              required
              maxLength={500}
              className="rounded border border-slate-300 px-2 py-1 font-normal"
              defaultValue={String(failedFor) === String(r.id) ? String(answer?.initialValue?.toPath ?? "") : ""}
            />
          </label>
          <Button size="sm">{t("adminCommunity.redirects.createRedirect")}</Button>
          {String(failedFor) === String(r.id) ? (
            <FormError errors={[...(answer?.error?.toPath ?? []), ...(answer?.error?.[""] ?? [])]} testId="failed-redirect-error" />
          ) : null}
        </SecureForm>
      ),
    },
  ];
  return (
    <AdminPage
      title={t("adminCommunity.redirects.notFoundLog")}
      testId="admin-not-found"
      actions={
        <Link to="/admin/redirects" className="text-sm underline">
          {t("adminCommunity.redirects.back")}
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{t("adminCommunity.redirects.notFoundHelp")}</p>
      <ListFilters
        searchLabel={t("adminCommunity.redirects.searchPath")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      />
      <BulkActions formId="failed-bulk" label={t("adminCommunity.bulk.label")}>
        <Button name="intent" value="ignore" size="sm" variant="secondary">
          {t("adminCommunity.redirects.ignore")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminCommunity.redirects.notFoundLog")}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "failed-bulk",
          label: (r) => t("adminCommunity.bulk.select", { name: r.path }),
          allLabel: t("adminCommunity.bulk.selectAll"),
        }}
        empty={t("adminCommunity.redirects.notFoundEmpty")}
        testId="failed-table"
        rowTestId="failed-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
