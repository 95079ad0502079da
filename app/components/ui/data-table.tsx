import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";

export type Column<Row> = {
  /** Column id; also the `sort` value in the URL when `sortable`. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers and money are right-aligned. */
  align?: "start" | "end";
};

export type TableSort = { column: string; direction: "asc" | "desc" };

type Props<Row> = {
  caption: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown in place of the rows when there are none (with the filters that emptied it). */
  empty: ReactNode;
  /** The current sort and the link to sort by a column (the list's URL with sort and dir); `label` names the link by the column's header. */
  sort?: TableSort & { href: (sort: TableSort) => string; label: (header: string, direction: "asc" | "desc") => string };
  /**
   * Checkboxes for bulk actions: each ticked row posts `name=rowKey` with the form `formId`
   * (a form outside the table holds the bulk action buttons, so it works without JS).
   */
  selection?: { name: string; formId: string; label: (row: Row) => string; allLabel: string };
  testId?: string;
  /** The `data-testid` of every row (tests count and pick rows by it). */
  rowTestId?: string;
  /**
   * The rows hold nothing to tab to (no link or button): the scroll box then takes the focus
   * itself, so that a keyboard can scroll a table wider than a phone.
   */
  keyboardScroll?: boolean;
};

/**
 * The backoffice's list table (DESIGN.md "One list pattern"): server-rendered, sortable
 * by links (the sort is in the URL, so it works without JavaScript and can be shared),
 * with checkboxes for bulk actions. Search, filters, paging and CSV live around it in
 * the list's GET form.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, sort, selection, testId, rowTestId, keyboardScroll }: Props<Row>) {
  const captionId = useId();
  // An empty list's one row holds nothing to tab to either.
  const focus = keyboardScroll || rows.length === 0 ? { tabIndex: 0, role: "region", "aria-labelledby": captionId } : {};
  return (
    // `relative`: a visually hidden header label (position: absolute) would otherwise escape the
    // scroll box and widen the page on a phone.
    <div className="relative overflow-x-auto rounded border border-slate-200 bg-white" {...focus}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {selection ? (
              <th scope="col" className="w-8 px-3 py-2">
                <span className="sr-only">{selection.allLabel}</span>
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`px-3 py-2 ${column.align === "end" ? "text-right" : ""}`}
                aria-sort={ariaSort(column, sort)}
              >
                {column.sortable && sort ? <SortLink column={column} sort={sort} /> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50" data-testid={rowTestId}>
                {selection ? (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      name={selection.name}
                      value={rowKey(row)}
                      form={selection.formId}
                      aria-label={selection.label(row)}
                      className="size-4 accent-brand-600"
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={`px-3 py-2 ${column.align === "end" ? "text-right tabular-nums" : ""}`}
                    data-column={column.id}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ariaSort<Row>(column: Column<Row>, sort?: TableSort) {
  if (!sort || sort.column !== column.id) return undefined;
  return sort.direction === "asc" ? "ascending" : "descending";
}

function SortLink<Row>({ column, sort }: { column: Column<Row>; sort: NonNullable<Props<Row>["sort"]> }) {
  const active = sort.column === column.id;
  // A click on the sorted column turns its direction; another column starts ascending.
  const direction = active && sort.direction === "asc" ? "desc" : "asc";
  return (
    <Link
      to={sort.href({ column: column.id, direction })}
      className="inline-flex items-center gap-1 hover:text-brand-700"
      aria-label={sort.label(typeof column.header === "string" ? column.header : column.id, direction)}
    >
      {column.header}
      {active ? <span aria-hidden="true">{sort.direction === "asc" ? "▲" : "▼"}</span> : null}
    </Link>
  );
}
