import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { pageNumbers, type PageInfo } from "~/lib/pagination";

/**
 * First, previous, up to 9 numbers, next, last (spec §2, §9) as plain links that keep the
 * rest of the query, so it works without JavaScript and a copied URL shows the same page.
 * Previous is blocked on the first page and next on the last (spec §4 Other).
 */
export function Pagination({ info, param = "page" }: { info: PageInfo; param?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (info.totalPages <= 1) return null;
  const to = (page: number) => {
    const query = new URLSearchParams(location.search);
    if (page === 1) query.delete(param);
    else query.set(param, String(page));
    const search = query.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const step = (page: number, label: string, rel: string, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className="rounded px-3 py-2 text-slate-400">
        {label}
      </span>
    ) : (
      <Link to={to(page)} rel={rel} preventScrollReset={false} className="rounded px-3 py-2 hover:bg-brand-50">
        {label}
      </Link>
    );
  const first = info.page === 1;
  const last = info.page === info.totalPages;
  return (
    <nav
      aria-label={t("site.pagination.label")}
      className="flex flex-wrap items-center justify-center gap-1 text-sm"
      data-testid="pagination"
    >
      {step(1, t("site.pagination.first"), "first", first)}
      {step(info.page - 1, t("site.pagination.previous"), "prev", first)}
      {pageNumbers(info.page, info.totalPages).map((n) =>
        n === info.page ? (
          <span key={n} aria-current="page" className="rounded bg-brand-600 px-3 py-2 font-semibold text-white">
            {n}
          </span>
        ) : (
          <Link key={n} to={to(n)} className="rounded px-3 py-2 hover:bg-brand-50">
            {n}
          </Link>
        ),
      )}
      {step(info.page + 1, t("site.pagination.next"), "next", last)}
      {step(info.totalPages, t("site.pagination.last"), "last", last)}
    </nav>
  );
}
