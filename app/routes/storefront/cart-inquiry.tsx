import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readSubmission, refuse, refuseWith } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { CAPTCHA_FIELD } from "~/lib/captcha";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { getCurrentUser, requestLocale, shopperOf } from "~/.server/shopper.server";
import { EnquiryForm } from "~/modules/enquiry/enquiry-form";
import { VIA_FETCHER, type EnquiryAnswer } from "~/modules/enquiry/enquiry-fields";
import { enquiryFormSchema } from "~/modules/enquiry/enquiry.schema";
import { QuoteLinesSummary } from "~/modules/quote/quote-lines-summary";
import { cartLinesOf, EMPTY_CART, isRequestQuoteMode, quoteData, sendQuoteRequest } from "~/modules/quote/quote.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["captcha", "cart", "consent", "enquiry"] };

/**
 * The request-quote cart's inquiry (spec §2: "a 'send inquiry' button opening a request
 * modal"), /kosarica/upit (/en/cart/inquiry, /de/einkaufswagen/anfrage). With JavaScript
 * the cart's dialog posts here through a fetcher and gets data; without it this page shows
 * the cart's lines and the form, posts as a plain form and, on success, returns to the
 * (now empty) cart with a toast. Only in request-quote mode; a refusal is 400, never 500.
 */
async function requireQuoteMode(locale: Locale) {
  if (await isRequestQuoteMode(locale)) return;
  const t = await getFixedT(locale);
  throw new Response(t("error.pageNotFound"), { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  await requireQuoteMode(locale);
  const cart = await cartLinesOf(await shopperOf(request));
  // Nothing to ask about: the cart page says the cart is empty.
  if (!cart || cart.lines.length === 0) throw redirect(href("cart", locale));
  const t = await getFixedT(locale);
  const quote = (await quoteData(locale))!;
  return {
    title: t("cart.quote.title"),
    lines: cart.lines.map(({ itemId, name, sku, quantity, options }) => ({ itemId, name, sku, quantity, options })),
    cartPath: href("cart", locale),
    inquiry: quote.inquiry,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, enquiryFormSchema);
  const { locale } = requestLocale(request);
  await requireQuoteMode(locale);
  if (submission.status !== "success") return refuse(submission);
  const { acceptedConsents, via, [CAPTCHA_FIELD]: captchaToken, ...enquiry } = submission.value;
  const viaFetcher = via === VIA_FETCHER;
  const user = await getCurrentUser(request);
  const result = await sendQuoteRequest({
    shopper: await shopperOf(request),
    enquiry,
    acceptedIds: acceptedConsents,
    captchaToken,
    locale,
    userType: user ? "registered" : "anonymous",
  });
  if (result.ok) {
    const key = "cart.quote.sent";
    if (viaFetcher) return data<EnquiryAnswer>({ ok: true, key });
    return redirect(href("cart", locale), { headers: await setToast({ type: "success", key }) });
  }
  // An empty cart has no inquiry page to re-render (its loader goes to the cart): the message goes along as a toast.
  if (!viaFetcher && result.error.code === EMPTY_CART) {
    return redirect(href("cart", locale), { headers: await setToast({ type: "error", key: result.error.key }) });
  }
  return refuseWith(submission, result.error, ["consents"]);
}

export default function CartInquiryPage() {
  const { lines, cartPath, inquiry } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-[800px] flex-col gap-6 px-4 py-10" data-testid="cart-inquiry-page">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t("cart.quote.title")}</h1>
        <p className="mt-2 text-slate-700">{t("cart.quote.lead")}</p>
        <Link to={cartPath} className="mt-2 inline-block text-brand-700 underline">
          {t("cart.quote.backToCart")}
        </Link>
      </div>
      <QuoteLinesSummary lines={lines} />
      <EnquiryForm enquiry={inquiry} lastResult={submissionOf(answer)} busy={navigation.state === "submitting"} id="cart-inquiry-page" />
    </div>
  );
}
