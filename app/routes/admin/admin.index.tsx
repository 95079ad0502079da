import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/components/admin/list-page";
import { SalesChart } from "~/components/admin/sales-chart";
import { formatNumber, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { loadDashboard, type PeriodOrders } from "~/modules/admin/dashboard.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { getSiteContext } from "~/modules/site/site.server";

/**
 * The dashboard (/admin, decision 0044): every backoffice user lands here and sees the
 * figures of the screens their scope opens, each a link to exactly the list it counts,
 * and the sales of the last 30 days as a chart drawn on the server.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "any");
  const { locale } = requestLocale(request);
  const site = await getSiteContext(locale);
  const dashboard = await loadDashboard(staff.scope, site.options);
  return { locale, currency: site.currency, ...dashboard };
}

function Figure({ label, value, href, hint, testId }: { label: string; value: ReactNode; href: string; hint?: string; testId: string }) {
  return (
    <Link to={href} className="block rounded border border-slate-200 bg-white p-4 hover:border-brand-500" data-testid={testId}>
      <span className="block text-sm font-semibold text-slate-700">{label}</span>
      <span className="mt-1 block text-2xl font-bold" data-testid="figure-value">
        {value}
      </span>
      {hint ? <span className="mt-1 block text-sm text-slate-600">{hint}</span> : null}
    </Link>
  );
}

function PeriodFigures({
  title,
  period,
  links,
  testId,
}: {
  title: string;
  period: PeriodOrders;
  links: { all: string; paid: string; pending: string };
  testId: string;
}) {
  const { locale, currency } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  return (
    <section aria-label={title} className="space-y-2" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <div className="grid gap-2 sm:grid-cols-3">
        <Figure
          label={t("adminDashboard.orders")}
          value={formatNumber(period.orders, locale)}
          hint={t("adminDashboard.ordersHint")}
          href={links.all}
          testId="figure-orders"
        />
        <Figure
          label={t("adminDashboard.revenue")}
          value={money(period.revenueCents)}
          hint={t("adminDashboard.paidCount", { count: period.paid })}
          href={links.paid}
          testId="figure-paid"
        />
        <Figure
          label={t("adminDashboard.pending")}
          value={money(period.owedCents)}
          hint={t("adminDashboard.orderCount", { count: period.pending })}
          href={links.pending}
          testId="figure-pending"
        />
      </div>
    </section>
  );
}

export default function AdminDashboard() {
  const { locale, currency, sales, enquiries, customers, lowStock, comments } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <AdminPage title={t("adminDashboard.title")} testId="admin-dashboard">
      {sales ? (
        <>
          <PeriodFigures title={t("adminDashboard.today")} period={sales.today} links={sales.links.today} testId="period-today" />
          <PeriodFigures title={t("adminDashboard.month")} period={sales.month} links={sales.links.month} testId="period-month" />
          <p className="text-sm text-slate-600" data-testid="revenue-definition">
            {t("adminDashboard.revenueDefinition")}
          </p>
        </>
      ) : null}
      <section aria-label={t("adminDashboard.waiting")} className="space-y-2">
        <h2 className="font-semibold">{t("adminDashboard.waiting")}</h2>
        <div className="grid gap-2 sm:grid-cols-3">
          {sales ? (
            <Figure
              label={t("adminDashboard.toShip")}
              value={number(sales.toShip)}
              hint={t("adminDashboard.toShipHint")}
              href={sales.links.toShip}
              testId="figure-to-ship"
            />
          ) : null}
          {enquiries ? (
            <Figure
              label={t("adminDashboard.enquiries")}
              value={number(enquiries.price + enquiries.forms)}
              hint={t("adminDashboard.enquiriesHint", { price: number(enquiries.price), forms: number(enquiries.forms) })}
              href={enquiries.href}
              testId="figure-enquiries"
            />
          ) : null}
          {comments ? (
            <Figure label={t("adminDashboard.comments")} value={number(comments.count)} href={comments.href} testId="figure-comments" />
          ) : null}
          {customers ? (
            <Figure
              label={t("adminDashboard.customers")}
              value={number(customers.count)}
              hint={t("adminDashboard.customersHint")}
              href={customers.href}
              testId="figure-customers"
            />
          ) : null}
          {lowStock ? (
            <Figure
              label={t("adminDashboard.lowStock")}
              value={number(lowStock.count)}
              hint={t("adminDashboard.lowStockHint", { threshold: lowStock.threshold })}
              href={lowStock.href}
              testId="figure-low-stock"
            />
          ) : null}
        </div>
      </section>
      {sales ? <SalesChart days={sales.days} locale={locale} currency={currency} /> : null}
    </AdminPage>
  );
}
