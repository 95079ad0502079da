import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { useTranslation } from "~/lib/i18n";
import { requireBackofficeUser } from "~/modules/account/user.server";
import { isRequestQuoteMode, setRequestQuoteMode } from "~/modules/quote/quote.server";
import { requestLocale } from "~/modules/site/locale.server";

/** Cart settings: the request-quote cart switch (spec §2 Cart variant; option CartRequestQuote). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackofficeUser(request);
  return { requestQuote: await isRequestQuoteMode(requestLocale(request).locale) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireBackofficeUser(request);
  const form = await readForm(request);
  await setRequestQuoteMode(form.get("requestQuote") === "on");
  return redirect("/admin/cart-settings", { headers: await setToast({ type: "success", key: "admin.cartSettingsSaved" }) });
}

export default function AdminCartSettings() {
  const { requestQuote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("admin.cartSettings")}</h1>
      <SecureForm className="mt-6 flex flex-col items-start gap-4 rounded border bg-white p-4" data-testid="cart-settings-form">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="requestQuote" defaultChecked={requestQuote} key={String(requestQuote)} />
          {t("admin.requestQuote")}
        </label>
        <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">{t("admin.save")}</button>
      </SecureForm>
    </section>
  );
}
