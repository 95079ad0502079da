import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";
import { cartSettingsSchema } from "~/modules/quote/cart-settings.schema";
import { isRequestQuoteMode, setRequestQuoteMode } from "~/modules/quote/quote.server";
import { requestLocale } from "~/modules/site/locale.server";

/** Cart settings: the request-quote cart switch (spec §2 Cart variant; option CartRequestQuote). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { requestQuote: await isRequestQuoteMode(requestLocale(request).locale) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, cartSettingsSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  await setRequestQuoteMode(submission.value.requestQuote === true);
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
        <Button>{t("admin.save")}</Button>
      </SecureForm>
    </section>
  );
}
