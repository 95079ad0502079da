import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { localeFromPath } from "~/lib/locales";
import { formatPrice } from "~/lib/format";
import { DECISIONS, decide, testProviderDown, verifiedRequest } from "~/modules/payment/test-provider/test-provider.server";
import { requireTestProvider } from "~/routes/http/test-provider.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["payment"] };

/**
 * The test card provider's payment page (docs/decisions/0072): "Pay", "Decline" and
 * "Cancel". It stands for another site, so its forms carry the shop's signed request
 * instead of the shop's CSRF token, and it leaves with a full page load.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireTestProvider();
  if (testProviderDown()) throw new Response("Service Unavailable", { status: 503 });
  const params = new URL(request.url).searchParams;
  const payment = verifiedRequest(params);
  const locale = localeFromPath(payment ? new URL(payment.returnUrl).pathname : "/");
  const t = await getFixedT(locale);
  const title = `${t("payment.testProvider.title")}`;
  if (!payment) return data({ title, locale, payment: null, signature: null }, { status: 400 });
  return { title, locale, payment, signature: params.get("signature") };
}

export const meta = ({ data }: { data?: { title: string } }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function action({ request }: ActionFunctionArgs) {
  requireTestProvider();
  const form = await request.formData().catch(() => null);
  const fields = form ? Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  const payment = verifiedRequest(fields);
  const decision = fields.decision;
  if (!payment || !(decision in DECISIONS)) throw new Response("Bad Request", { status: 400 });
  // The return URL is the one the shop signed, so this is no open redirect.
  return redirect(await decide(payment, decision as keyof typeof DECISIONS));
}

export default function TestPaymentProvider() {
  const { payment, signature, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md p-8" data-testid="test-provider">
      <p className="text-xs uppercase tracking-wide text-slate-500">{t("payment.testProvider.notice")}</p>
      <h1 className="mt-2 text-2xl font-bold">{t("payment.testProvider.title")}</h1>
      {payment && signature ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-1 text-sm">
            <dt>{t("payment.testProvider.order")}</dt>
            <dd data-testid="provider-order">{payment.orderRef}</dd>
            <dt>{t("payment.testProvider.amount")}</dt>
            <dd data-testid="provider-amount">{formatPrice(Number(payment.amount), { label: payment.currency, symbol: "€" }, locale)}</dd>
          </dl>
          <Form method="post" reloadDocument className="mt-6 flex gap-3">
            {Object.entries(payment).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="signature" value={signature} />
            <Button name="decision" value="pay">
              {t("payment.testProvider.pay")}
            </Button>
            <Button name="decision" value="decline" variant="danger">
              {t("payment.testProvider.decline")}
            </Button>
            <Button name="decision" value="cancel" variant="secondary">
              {t("payment.testProvider.cancel")}
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-red-700" data-testid="provider-invalid">
          {t("payment.testProvider.invalid")}
        </p>
      )}
    </main>
  );
}
