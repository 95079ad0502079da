import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { env } from "~/.server/env.server";
import { readSubmission, refuse, refuseWith } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { CAPTCHA_FIELD } from "~/lib/captcha";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { href } from "~/lib/routes-table";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { getProductBySlug } from "~/modules/catalog/product-detail.server";
import { EnquiryForm } from "~/modules/enquiry/enquiry-form";
import { VIA_FETCHER, type EnquiryAnswer } from "~/modules/enquiry/enquiry-fields";
import { enquiryFormData } from "~/modules/enquiry/enquiry-data.server";
import { enquiryFormSchema } from "~/modules/enquiry/enquiry.schema";
import { sendPriceEnquiry } from "~/modules/enquiry/enquiry.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["captcha", "consent", "enquiry"] };

/**
 * The price enquiry of a product ('Upit o cijeni', spec §2), /upit-o-cijeni/{slug}
 * (/en/price-enquiry, /de/preisanfrage). With JavaScript the product page's dialog posts
 * here through a fetcher and gets the answer as data; without it this page shows the same
 * form, posts as a plain form and, on success, goes back to the product with a toast
 * (POST → redirect → GET). A refusal is an answer with field messages (400), never a 500.
 */
async function findProduct(request: Request, slug: string | undefined) {
  const { locale } = requestLocale(request);
  const found = slug ? await getProductBySlug(slug, locale) : null;
  if (!found) {
    const t = await getFixedT(locale);
    throw new Response(t("error.pageNotFound"), { status: 404 });
  }
  // Another language's slug or a hidden variant's: the enquiry is about the product's own page.
  if (found.redirectTo) throw redirect(href("priceEnquiry", locale, { slug: found.product.slug }), 301);
  return { locale, product: found.product };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, product } = await findProduct(request, params.slug);
  const t = await getFixedT(locale);
  return {
    locale,
    title: t("enquiry.pageTitle", { product: product.name }),
    product: { name: product.name, sku: product.sku, path: href("product", locale, { slug: product.slug }) },
    enquiry: await enquiryFormData(locale, product.slug),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, enquiryFormSchema);
  const { locale, product } = await findProduct(request, params.slug);
  if (submission.status !== "success") return refuse(submission);
  const { acceptedConsents, via, [CAPTCHA_FIELD]: captchaToken, ...enquiry } = submission.value;
  const productPath = href("product", locale, { slug: product.slug });
  const user = await getCurrentUser(request);
  const result = await sendPriceEnquiry({
    enquiry,
    acceptedIds: acceptedConsents,
    captchaToken,
    product: { id: product.id, name: product.name, sku: product.sku },
    productUrl: new URL(productPath, env.PUBLIC_URL).href,
    locale,
    userType: user ? "registered" : "anonymous",
  });
  if (!result.ok) return refuseWith(submission, result.error, ["consents"]);
  const key = "enquiry.sent";
  if (via === VIA_FETCHER) return data<EnquiryAnswer>({ ok: true, key });
  return redirect(productPath, { headers: await setToast({ type: "success", key }) });
}

export default function PriceEnquiryPage() {
  const { product, enquiry } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-[800px] flex-col gap-6 px-4 py-10" data-testid="price-enquiry-page">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t("enquiry.title")}</h1>
        <p className="mt-2 text-slate-700">{t("enquiry.lead", { product: product.name })}</p>
        <Link to={product.path} className="mt-2 inline-block text-brand-700 underline">
          {t("enquiry.backToProduct")}
        </Link>
      </div>
      <EnquiryForm enquiry={enquiry} lastResult={submissionOf(answer)} busy={navigation.state === "submitting"} id="enquiry-page" />
    </div>
  );
}
