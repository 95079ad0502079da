import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getDb } from "~/.server/db/client.server";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { allowedCountries } from "~/modules/account/addresses.server";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { addressLines } from "~/modules/checkout/checkout.server";
import { StepErrors } from "~/modules/checkout/checkout-steps.server";
import { OfferForm } from "~/modules/checkout/offer-form";
import { OrderSummary } from "~/modules/order/order-summary";
import { rememberOrder } from "~/.server/shopper-cookies.server";
import { acceptOffer, findOffer, offerAddressValues, offerMethods } from "~/modules/checkout/order-offer.server";
import { acceptOfferSchema } from "~/modules/checkout/order-offer.schema";
import { getSiteContext } from "~/modules/site/site.server";

export const handle = { i18n: ["account", "cart", "checkout", "payment"] };

/** The fields a refusal of the service can name (the rest is the form-wide line). */
const OFFER_ERROR_FIELDS = ["methodId", "delivery.country", "billing.country"];

/**
 * An order draft's offer (docs/decisions/0076): the lines the shop priced
 * for a request-quote cart, shown to the order's customer (signed in) or to whoever opens the
 * mailed link (its signed token); giving the delivery and billing addresses (checkout's
 * fields and rules) and choosing bank transfer or card turns the draft into a received
 * order awaiting payment: the success page with the payment slip, or the card provider.
 * Anyone else gets a 404, never someone's offer.
 */
async function offerOf(request: Request, slug: string | undefined, token: string | null) {
  const { locale } = requestLocale(request);
  const user = await getCurrentUser(request);
  const found = slug ? await findOffer(slug, { user, token }) : null;
  if (!found) {
    const t = await getFixedT(locale);
    throw data({ detail: t("checkout.offer.notFound") }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  }
  return { locale, user, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const { locale, user, order, items } = await offerOf(request, params.slug, token);
  const draft = order.status === "draft";
  const [site, methods, t, countries, values] = await Promise.all([
    getSiteContext(locale),
    offerMethods(locale),
    getFixedT(locale),
    getDb().then(allowedCountries),
    draft ? offerAddressValues(order, user) : Promise.resolve({}),
  ]);
  return data(
    {
      locale,
      token: token?.slice(0, 64) ?? "",
      slug: order.slug,
      draft,
      methods: methods.map((m) => ({ id: m.id, name: m.name, description: m.description })),
      countries: draft ? countries : [],
      values,
      constraint: formConstraint(acceptOfferSchema),
      summary: {
        items: items.map((i) => ({ id: i.id, name: i.name, sku: i.sku, quantity: i.quantity, lengthMm: i.lengthMm, rowCents: i.rowCents })),
        totals: {
          itemsTotal: order.itemsTotalCents,
          coupon: order.couponCents,
          delivery: order.deliveryCents,
          tax: order.taxCents,
          orderTotal: order.orderTotalCents,
        },
        delivery: order.deliveryMethodName,
        payment: order.paymentMethodName || "-",
        // The draft's are the enquiry's name and contact; an accepted offer's the addresses given.
        deliveryAddress: addressLines(order.deliveryAddress)?.lines ?? [],
        billingAddress: addressLines(order.billingAddress)?.lines ?? [],
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
  // A refused post changes nothing: the form again with its messages and what was typed.
  if (submission.status !== "success") return refuse(submission);
  try {
    const accepted = await acceptOffer(order, submission.value);
    const headers = new Headers({ "Set-Cookie": await rememberOrder(accepted.order.id) });
    const success = `${href("checkoutSuccess", accepted.order.locale as Locale)}?orderSlug=${encodeURIComponent(accepted.order.slug)}`;
    return redirect(accepted.start.kind === "redirect" ? accepted.start.url : success, { headers });
  } catch (error) {
    if (error instanceof StepErrors) {
      const { form, ...fieldErrors } = error.errors;
      return refuse(submission, {
        formErrors: form ? [form] : undefined,
        fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, key]) => [name, [key]])),
      });
    }
    return answerDomainError(error, submission, OFFER_ERROR_FIELDS);
  }
}

export default function OrderOffer() {
  const { locale, token, slug, draft, methods, countries, values, constraint, summary, currency } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="order-offer">
      <h1 className="text-3xl font-bold text-brand-900">{t("checkout.offer.title", { slug })}</h1>
      <p className="mt-4 text-slate-600">{t(draft ? "checkout.offer.lead" : "checkout.offer.accepted")}</p>
      <OrderSummary summary={summary} currency={currency} locale={locale} />
      {draft ? (
        <OfferForm token={token} methods={methods} countries={countries} values={values} constraint={constraint} lastResult={lastResult} />
      ) : null}
    </section>
  );
}
