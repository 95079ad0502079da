import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { hasErrorCode, isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { requestLocale } from "~/.server/shopper.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { priceChangeOf, priceChangeSchema } from "~/modules/catalog-admin/price-change.schema";
import { confirmPriceChange, previewPriceChange, recentPriceBatches, undoPriceBatch } from "~/modules/catalog-admin/price-change.server";
import { PriceBatches, PricePreview, useChangeLabel } from "~/modules/catalog-admin/price-change-views";
import { requireStaff } from "~/routes/http/staff.server";

export const handle = { i18n: ["adminProductList"] };

const PATH = "/admin/products/prices";

/**
 * Bulk price changes (/admin/products/prices, docs/decisions/0103): the product list's
 * "preview" posts here and gets the preview with its "confirm"; a confirmed change is a
 * batch in the list below, undone by its button.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { locale: requestLocale(request).locale, batches: await recentPriceBatches() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, priceChangeSchema);
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0];
    return data({ error: error?.startsWith("adminProductList.") ? error : "adminProductList.bulk.invalid" }, { status: 400 });
  }
  const posted = submission.value;
  try {
    if (posted.intent === "undo") {
      const { restored, skipped } = await undoPriceBatch(staff, posted.batch);
      const toast = skipped.length
        ? setToast({ type: "warning", key: "adminProductList.prices.undoneSkipped", values: { restored, skus: skipped.join(", ") } })
        : setToast({ type: "success", key: "adminProductList.prices.undone", values: { restored } });
      return redirect(PATH, { status: 303, headers: await toast });
    }
    if (posted.ids.length === 0) return data({ error: "adminProductList.bulk.invalid" }, { status: 400 });
    const input = { ids: posted.ids, change: priceChangeOf(posted)!, target: posted.target };
    let stale = false;
    if (posted.intent === "confirm") {
      try {
        const { changed, skipped } = await confirmPriceChange(staff, input, posted.fingerprint);
        const toast = {
          type: changed > 0 ? ("success" as const) : ("warning" as const),
          key: "adminProductList.bulk.done",
          values: { changed, skipped },
        };
        return redirect(PATH, { status: 303, headers: await setToast(toast) });
      } catch (error) {
        // Prices moved since the preview: nothing written, the new preview is shown with why.
        if (!hasErrorCode(error, "stalePricePreview")) throw error;
        stale = true;
      }
    }
    const plan = await previewPriceChange(input);
    const { ids, mode, value, target } = posted;
    return data(
      { preview: { ...plan, change: input.change, target, posted: { ids, mode, value, target } }, stale },
      { status: stale ? 409 : 200 },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.key }, { status: error.status });
  }
}

export default function AdminProductPrices() {
  const { locale, batches } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const label = useChangeLabel(locale);
  const preview = result && "preview" in result ? result : null;
  const error = result && "error" in result ? result.error : null;
  return (
    <AdminPage
      title={t("adminProductList.prices.title")}
      testId="admin-product-prices"
      actions={
        <Link to="/admin/products" className={buttonClass({ variant: "secondary" })}>
          {t("adminProductList.import.back")}
        </Link>
      }
    >
      {error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="price-error">
          {t(error)}
        </p>
      ) : null}
      {preview ? (
        <PricePreview
          rows={preview.preview.rows}
          posted={preview.preview.posted}
          fingerprint={preview.preview.fingerprint}
          summary={label({ ...preview.preview.change, target: preview.preview.target, ending: preview.preview.ending })}
          stale={preview.stale}
          locale={locale}
        />
      ) : (
        <p className="text-sm text-slate-700">{t("adminProductList.prices.help")}</p>
      )}
      <PriceBatches batches={batches} locale={locale} />
    </AdminPage>
  );
}
