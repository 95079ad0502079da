import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { commentOptions } from "~/modules/comments/comment-options";
import { changeComments, commentBulkSchema, commentListQuery, listAdminComments } from "~/modules/comments/comments-admin.server";
import { COMMENT_STATUSES } from "~/modules/comments/comment-states";
import { moderateCommentSchema } from "~/modules/comments/comments.schema";
import { listPendingComments } from "~/modules/comments/comments.server";
import { StarsView } from "~/modules/comments/stars";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";

/**
 * Comments (/admin/comments): the queue waiting for approval (RequireAdminPublishing, spec
 * §1) with approve / reject per comment, and every comment below it (decision 0055) with
 * filters, search and bulk approve / reject / delete; a comment's page edits, answers and
 * deletes it. Every change is audited and clears the ratings the shop shows.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const query = await readListQuery(request, commentListQuery);
  const [pending, site, list] = await Promise.all([listPendingComments(), getSiteContext(locale), listAdminComments(query)]);
  return { locale, pending, stars: commentOptions(site.options).stars, query, ...list };
}

const postSchema = z.union([moderateCommentSchema, commentBulkSchema]);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, postSchema);
  // The buttons post a known id and decision: anything else is a forged post.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const value = submission.value;
  if ("commentId" in value) {
    const { changed } = await changeComments(staff, [value.commentId], value.intent);
    const key = changed === 0 ? "comments.notFound" : value.intent === "approve" ? "comments.admin.approved" : "comments.admin.rejected";
    return redirect(backToList(request), { headers: await setToast({ type: changed === 0 ? "error" : "success", key }) });
  }
  const { changed, skipped } = await changeComments(staff, value.ids, value.intent);
  const toast = {
    type: changed > 0 ? ("success" as const) : ("warning" as const),
    key: `adminCommunity.comments.bulk.${value.intent}Done`,
    values: { changed, skipped },
  };
  return redirect(backToList(request), { headers: await setToast(toast) });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Pending = Data["pending"][number];
type Row = Data["rows"][number];
const TONE = { pending: "waiting", approved: "good", rejected: "bad" } as const;

export default function AdminComments() {
  const { pending, locale, stars, query, rows, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const commentCell = (c: { rating: number | null; content: string }) => (
    <>
      {c.rating ? <StarsView rating={c.rating} stars={stars} /> : null}
      {c.content ? <p className="mt-1 whitespace-pre-line">{c.content}</p> : null}
    </>
  );
  const queue: Column<Pending>[] = [
    {
      id: "entity",
      header: t("comments.admin.entity"),
      cell: (c) => (
        <>
          {t(`comments.admin.${c.entityType}`)}:{" "}
          <a href={c.entityHref} className="font-semibold text-brand-700 underline">
            {c.entityName}
          </a>
        </>
      ),
    },
    { id: "author", header: t("comments.admin.author"), cell: (c) => `${c.author} (${c.email})` },
    {
      id: "date",
      header: t("comments.admin.date"),
      cell: (c) => <time dateTime={c.date}>{formatDate(c.date, locale, { time: "short" })}</time>,
    },
    { id: "comment", header: t("comments.admin.comment"), cell: commentCell },
    {
      id: "actions",
      header: <span className="sr-only">{t("comments.admin.actions")}</span>,
      cell: (c) => (
        <div className="flex gap-2">
          {(["approve", "reject"] as const).map((intent) => (
            <SecureForm key={intent}>
              <input type="hidden" name="commentId" value={c.id} />
              <Button name="intent" value={intent} size="sm" variant={intent === "approve" ? "primary" : "secondary"}>
                {t(`comments.admin.${intent}`)}
              </Button>
            </SecureForm>
          ))}
          <Link to={`/admin/comments/${c.id}`} className="self-center text-sm underline">
            {t("adminCommunity.comments.open")}
          </Link>
        </div>
      ),
    },
  ];
  const all: Column<Row>[] = [
    {
      id: "createdAt",
      header: t("comments.admin.date"),
      sortable: true,
      cell: (c) => (
        <Link to={`/admin/comments/${c.id}`} className="font-semibold text-brand-700 underline">
          {formatDate(c.createdAt, locale, { style: "numeric", time: "short" })}
        </Link>
      ),
    },
    { id: "entity", header: t("comments.admin.entity"), cell: (c) => `${t(`comments.admin.${c.entityType}`)}: ${c.entityName}` },
    { id: "author", header: t("comments.admin.author"), cell: (c) => c.author },
    { id: "rating", header: t("adminCommunity.comments.rating"), sortable: true, cell: commentCell },
    {
      id: "status",
      header: t("adminCommunity.comments.status"),
      cell: (c) => (
        <>
          <StatusBadge tone={TONE[c.status]} testId="comment-status">
            {t(`adminCommunity.comments.state.${c.status}`)}
          </StatusBadge>
          {c.reply ? <span className="block text-xs text-slate-600">{t("adminCommunity.comments.answered")}</span> : null}
        </>
      ),
    },
  ];
  return (
    <AdminPage title={t("comments.admin.title")} testId="admin-comments">
      <section className="space-y-2" aria-labelledby="pending-title">
        <h2 id="pending-title" className="text-lg font-semibold">
          {t("adminCommunity.comments.queue")}
        </h2>
        <DataTable
          caption={t("adminCommunity.comments.queue")}
          columns={queue}
          rows={pending}
          rowKey={(c) => c.id}
          empty={t("comments.admin.empty")}
          testId="pending-comments"
          rowTestId="pending-comment"
        />
      </section>
      <h2 className="text-lg font-semibold">{t("adminCommunity.comments.all")}</h2>
      <ListFilters
        searchLabel={t("adminCommunity.comments.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="status"
          label={t("adminCommunity.comments.status")}
          value={query.status}
          options={COMMENT_STATUSES.map((s) => ({ value: s, label: t(`adminCommunity.comments.state.${s}`) }))}
        />
        <FilterSelect
          name="entityType"
          label={t("comments.admin.entity")}
          value={query.entityType}
          options={(["product", "post"] as const).map((e) => ({ value: e, label: t(`comments.admin.${e}`) }))}
        />
        <FilterSelect
          name="rating"
          label={t("adminCommunity.comments.rating")}
          value={query.rating ? String(query.rating) : undefined}
          options={Array.from({ length: stars }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        />
      </ListFilters>
      <BulkActions formId="comments-bulk" label={t("adminCommunity.bulk.label")}>
        <Button name="intent" value="approve" size="sm" variant="secondary">
          {t("comments.admin.approve")}
        </Button>
        <Button name="intent" value="reject" size="sm" variant="secondary">
          {t("comments.admin.reject")}
        </Button>
        <Button name="intent" value="delete" size="sm" variant="secondary">
          {t("adminCommunity.comments.delete")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t("adminCommunity.comments.all")}
        columns={all}
        rows={rows}
        rowKey={(c) => c.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "comments-bulk",
          label: (c) => t("adminCommunity.bulk.select", { name: `${c.author}, ${c.entityName}` }),
          allLabel: t("adminCommunity.bulk.selectAll"),
        }}
        empty={t("adminCommunity.comments.empty")}
        testId="comments-table"
        rowTestId="comment-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
