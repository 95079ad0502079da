import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { getCurrentUser } from "~/modules/account/user.server";
import { OrderSummary } from "~/modules/order/order-summary";
import { rememberOrder } from "~/modules/order/order-access.server";
import { acceptOffer, findOffer, offerMethods } from "~/modules/order/order-offer.server";
import { acceptOfferSchema } from "~/modules/order/order-offer.schema";
import { requestLocale } from "~/modules/site/locale.server";
import { getSiteContext } from "~/modules/site/site.server";

export const handle = { i18n: ["cart", "checkout", "payment"] };

/**
 * An order draft's offer (issue 14 item 4, docs/decisions/0041): the lines the shop priced
 * for a request-quote cart, shown to the order's customer (signed in) or to whoever opens the
 * mailed link (its signed token); choosing bank transfer or card turns the draft into a
 * received order awaiting payment: the success page with the payment slip, or the card
 * provider. Anyone else gets a 404, never someone's offer.
 */
async function offerOf(request: Request, slug: string | undefined, token: string | null) {
  const { locale } = requestLocale(request);
  const user = await getCurrentUser(request);
  const found = slug ? await findOffer(slug, { user, token }) : null;
  if (!found) {
    const t = await getFixedT(locale);
    throw data({ detail: t("checkout.offer.notFound") }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  }
  return { locale, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const { locale, order, items } = await offerOf(request, params.slug, token);
  const [site, methods, t] = await Promise.all([getSiteContext(locale), offerMethods(locale), getFixedT(locale)]);
  return data(
    {
      locale,
      token: token?.slice(0, 64) ?? "",
      slug: order.slug,
      draft: order.status === "draft",
      methods: methods.map((m) => ({ id: m.id, name: m.name, description: m.description })),
      summary: {
        items: items.map((i) => ({ id: i.id, name: i.name, sku: i.sku, quantity: i.quantity, lengthMm: i.lengthMm, rowCents: i.rowCents })),
        totals: { itemsTotal: order.itemsTotalCents, coupon: order.couponCents, delivery: order.deliveryCents, tax: order.taxCents, orderTotal: order.orderTotalCents },
        delivery: order.deliveryMethodName,
        payment: order.paymentMethodName || "-",
        deliveryAddress: [`${order.deliveryAddress.firstName} ${order.deliveryAddress.lastName}`.trim(), order.email],
        billingAddress: [`${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim(), order.email],
      },
      currency: { label: site.currency.label, symbol: site.currency.symbol },
      title: `${t("checkout.offer.title", { slug: order.slug })} | Alu Krov`,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = loaderCacheControl;

export const meta = titleMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, acceptOfferSchema);
  const token = submission.payload.token;
  const { order } = await offerOf(request, params.slug, typeof token === "string" ? token : null);
  if (submission.status !== "success") return data({ error: "checkout.paymentMethodUndefined" }, { status: 400 });
  try {
    const accepted = await acceptOffer(order, submission.value.methodId);
    const headers = new Headers({ "Set-Cookie": await rememberOrder(accepted.order.id) });
    const success = `${href("checkoutSuccess", accepted.order.locale as Locale)}?orderSlug=${encodeURIComponent(accepted.order.slug)}`;
    return redirect(accepted.start.kind === "redirect" ? accepted.start.url : success, { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.key }, { status: error.status });
  }
}

export default function OrderOffer() {
  const { locale, token, slug, draft, methods, summary, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-12" data-testid="order-offer">
      <h1 className="text-3xl font-bold text-brand-900">{t("checkout.offer.title", { slug })}</h1>
      <p className="mt-4 text-slate-600">{t(draft ? "checkout.offer.lead" : "checkout.offer.accepted")}</p>
      <OrderSummary summary={summary} currency={currency} locale={locale} />
      {draft ? (
        <SecureForm className="mt-6 space-y-3" data-testid="offer-form">
          <input type="hidden" name="token" value={token} />
          <fieldset className="space-y-2">
            <legend className="font-semibold">{t("checkout.offer.payWith")}</legend>
            {methods.map((m, i) => (
              <label key={m.id} className="flex items-start gap-2">
                <input type="radio" name="methodId" value={m.id} defaultChecked={i === 0} required className="mt-1" />
                <span>
                  <span className="block font-semibold">{m.name}</span>
                  {m.description ? <span className="block text-sm text-slate-600">{m.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          {answer && "error" in answer ? <p role="alert" className="text-red-700">{t(answer.error)}</p> : null}
          <Button>{t("checkout.offer.pay")}</Button>
        </SecureForm>
      ) : null}
    </section>
  );
}
