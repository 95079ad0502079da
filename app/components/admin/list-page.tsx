import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import type { TableSort } from "~/components/ui/data-table";
import { useTranslation } from "~/lib/i18n";
import type { PageInfo } from "~/lib/pagination";
import { ADMIN_PAGE_SIZES } from "~/lib/admin-list";

/**
 * The frame of every backoffice list (DESIGN.md "One list pattern"), around a DataTable:
 * - `ListFilters`: the GET form with search, the list's own filters and the page size;
 *   the query lands in the URL, so it works without JavaScript and can be shared;
 * - `ListFooter`: how many rows, the pages, and the CSV of exactly the filtered list;
 * - `BulkActions`: a POST form the table's row checkboxes belong to (`form=` attribute);
 * - `useTableSort`: the DataTable's sort links, keeping the filters.
 * app/routes/admin/sales/admin.orders.tsx is the example the other lists copy.
 */

export function AdminPage({
  title,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="space-y-6" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* A title may be an e-mail address with no place to break: it wraps rather than widen a phone. */}
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

type FiltersProps = {
  /** The search field's label ("Broj, ime ili e-mail"). */
  searchLabel: string;
  q?: string;
  perPage: number;
  /** The list's current sort, kept when filtering. */
  sort: TableSort;
  /** The list's own filter controls (selects, date inputs), named as the query's fields. */
  children?: ReactNode;
};

export function ListFilters({ searchLabel, q, perPage, sort, children }: FiltersProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4"
      data-testid="list-filters"
    >
      <input type="hidden" name="sort" value={sort.column} />
      <input type="hidden" name="dir" value={sort.direction} />
      <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
        {searchLabel}
        <input
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={100}
          className="rounded border border-slate-300 px-3 py-2 font-normal"
        />
      </label>
      {children}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("admin.list.perPage")}
        <select name="perPage" defaultValue={perPage} className="rounded border border-slate-300 px-2 py-2 font-normal">
          {ADMIN_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <Button pending={searching}>{t("admin.list.filter")}</Button>
      <Link to={pathname} className={buttonClass({ variant: "secondary" })}>
        {t("admin.list.reset")}
      </Link>
    </Form>
  );
}

/** A filter select of ListFilters: "all" is the empty value, so an unset filter leaves the URL. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value?: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  // A select is as wide as its longest option (a category or tag an editor named at length):
  // capped at the row, so a phone's screen never widens for it.
  return (
    <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value ?? ""} className="max-w-full rounded border border-slate-300 px-2 py-2 font-normal">
        <option value="">{t("admin.list.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A date filter of ListFilters (from, to): the browser's date picker, ISO in the URL. */
export function FilterDate({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <input type="date" name={name} defaultValue={value ?? ""} className="rounded border border-slate-300 px-2 py-2 font-normal" />
    </label>
  );
}

/**
 * Rows shown, the pages and the CSV of the filtered list (the same query on the list's .csv
 * route, decision 0038). Every list has its CSV: a list's route comes with its `.csv` twin.
 */
export function ListFooter({ info }: { info: PageInfo }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("page");
  const from = info.totalRecords === 0 ? 0 : (info.page - 1) * info.perPage + 1;
  const to = Math.min(info.page * info.perPage, info.totalRecords);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-slate-600" data-testid="list-count">
        {t("admin.list.showing", { from, to, total: info.totalRecords })}
      </p>
      <Pagination info={info} />
      {/* A download, not a page: reloadDocument lets the browser save the file. */}
      <Link
        to={`${location.pathname}.csv?${query}`}
        reloadDocument
        className={buttonClass({ variant: "secondary", size: "sm" })}
        data-testid="csv-export"
      >
        {t("admin.list.csv")}
      </Link>
    </div>
  );
}

/**
 * The bulk action buttons: a POST form outside the table whose id the row checkboxes name
 * (DataTable `selection.formId`), so ticking rows and pressing a button posts their ids
 * without JavaScript. The action answers with how many rows it changed.
 */
export function BulkActions({ formId, label, children }: { formId: string; label: string; children: ReactNode }) {
  return (
    <SecureForm id={formId} className="flex flex-wrap items-center gap-2" aria-label={label} data-testid="bulk-actions">
      <span className="text-sm font-semibold">{label}</span>
      {children}
    </SecureForm>
  );
}

/** The DataTable `sort` prop: links to the same list sorted by a column, filters kept, back on page 1. */
export function useTableSort(sort: TableSort) {
  const { t } = useTranslation();
  const location = useLocation();
  return {
    ...sort,
    href: (next: TableSort) => {
      const query = new URLSearchParams(location.search);
      query.set("sort", next.column);
      query.set("dir", next.direction);
      query.delete("page");
      return `${location.pathname}?${query}`;
    },
    label: (header: string, direction: "asc" | "desc") => t(`admin.list.sort.${direction}`, { column: header }),
  };
}
