import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, BulkActions, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import type { PageListRow } from "~/modules/content-admin/page-list.server";
import { contentPath, PAGE_STATES, type PageState } from "~/modules/content-admin/page-states";
import type { pageListLoader } from "~/routes/admin/content/page-routes.server";

export const PAGE_STATE_TONE: Record<PageState, BadgeTone> = { published: "good", scheduled: "active", draft: "quiet" };

/**
 * The list of pages or of blog posts (decision 0054): search in every language's title
 * and slug, state and missing-language filters, sort, pages, CSV, and bulk publish /
 * unpublish / delete of the ticked rows (delete needs the confirmation tick, without
 * JavaScript too); the home page is marked and never unpublished or deleted.
 */
export function PageListScreen() {
  const { postType, locale, query, rows, page } = useLoaderData<typeof pageListLoader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const base = contentPath(postType);
  const kind = postType === "post" ? "posts" : "pages";
  const day = (value: string | null) => (value ? formatDate(value, locale, { style: "numeric", time: "short" }) : "–");
  const columns: Column<PageListRow>[] = [
    {
      id: "title",
      header: t("adminContent.columns.title"),
      sortable: true,
      cell: (p) => (
        <>
          <Link to={`${base}/${p.id}`} className="font-semibold text-brand-700 underline">
            {p.title || `#${p.id}`}
          </Link>
          {p.isHome ? (
            <span className="ml-2 text-xs text-slate-600" data-testid="home-mark">
              {t("adminContent.home")}
            </span>
          ) : null}
          <span className="block text-xs text-slate-600">/{p.slug}</span>
        </>
      ),
    },
    {
      id: "languages",
      header: t("adminContent.columns.languages"),
      // What it lacks stands out: shoppers of that language get the Croatian text, and search engines no page of theirs.
      cell: (p) => (
        <span className="flex flex-wrap items-center gap-1">
          <span>{p.languages.map((l) => l.toUpperCase()).join(" · ")}</span>
          {LOCALES.filter((l) => !p.languages.includes(l)).map((l) => (
            <StatusBadge key={l} tone="waiting" testId="page-missing-language">
              {t("adminContent.lacks", { language: l.toUpperCase() })}
            </StatusBadge>
          ))}
        </span>
      ),
    },
    {
      id: "state",
      header: t("adminContent.columns.state"),
      cell: (p) => (
        <StatusBadge tone={PAGE_STATE_TONE[p.state]} testId="page-state">
          {t(`adminContent.state.${p.state}`)}
        </StatusBadge>
      ),
    },
    {
      id: "publishedAt",
      header: t("adminContent.columns.publishedAt"),
      sortable: true,
      cell: (p) => <span className="whitespace-nowrap">{day(p.publishedAt)}</span>,
    },
    {
      id: "updatedAt",
      header: t("adminContent.columns.updatedAt"),
      sortable: true,
      cell: (p) => <span className="whitespace-nowrap">{day(p.updatedAt)}</span>,
    },
    ...(postType === "post" ? [{ id: "author", header: t("adminContent.columns.author"), cell: (p: PageListRow) => p.author ?? "–" }] : []),
  ];
  return (
    <AdminPage
      title={t(`adminContent.${kind}.title`)}
      testId={`admin-${kind}`}
      actions={
        <Link to={`${base}/new`} className={buttonClass({ size: "sm" })}>
          {t(`adminContent.${kind}.new`)}
        </Link>
      }
    >
      <ListFilters
        searchLabel={t("adminContent.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="state"
          label={t("adminContent.columns.state")}
          value={query.state}
          options={PAGE_STATES.map((s) => ({ value: s, label: t(`adminContent.state.${s}`) }))}
        />
        <FilterSelect
          name="missing"
          label={t("adminContent.missing")}
          value={query.missing}
          options={(["en", "de"] as const).map((l) => ({ value: l, label: t(`admin.languages.${l}`) }))}
        />
      </ListFilters>
      <BulkActions formId="pages-bulk" label={t("adminContent.bulk.label")}>
        <Button name="intent" value="publish" size="sm" variant="secondary">
          {t("adminContent.bulk.publish")}
        </Button>
        <Button name="intent" value="unpublish" size="sm" variant="secondary">
          {t("adminContent.bulk.unpublish")}
        </Button>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="confirm" value="on" />
          {t("adminContent.bulk.confirm")}
        </label>
        <Button name="intent" value="delete" size="sm" variant="secondary">
          {t("adminContent.bulk.delete")}
        </Button>
      </BulkActions>
      <DataTable
        caption={t(`adminContent.${kind}.title`)}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        sort={sort}
        selection={{
          name: "ids",
          formId: "pages-bulk",
          label: (p) => t("adminContent.bulk.select", { title: p.title }),
          allLabel: t("adminContent.bulk.selectAll"),
        }}
        empty={t("adminContent.empty")}
        testId="pages-table"
        rowTestId="page-row"
      />
      <ListFooter info={page} />
    </AdminPage>
  );
}
