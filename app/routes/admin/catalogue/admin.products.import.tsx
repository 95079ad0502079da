import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { getDb } from "~/.server/db/client.server";
import { requireStaff } from "~/routes/http/staff.server";
import {
  applyImport,
  forgetImportFile,
  keepImportFile,
  keepSeenStock,
  readImportFile,
  readSeenStock,
} from "~/modules/catalog-admin/product-import-apply.server";
import { productImportSchema } from "~/modules/catalog-admin/product-import.schema";
import { decodeCsv } from "~/modules/catalog-admin/csv-parse";
import { IMPORT_LIMITS, planImport } from "~/modules/catalog-admin/product-import.server";
import { ImportReport, type Report } from "~/modules/catalog-admin/product-import-report";

export const handle = { i18n: ["adminProductList"] };

/** Rows the dry run's table shows at most (the counts cover the whole file). */
const SHOWN_ROWS = 2_000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { maxRows: IMPORT_LIMITS.rows };
}

/**
 * /admin/products/import (docs/decisions/0047): the dry run keeps the
 * uploaded file under its hash and answers the per-line report; "apply" imports that same
 * file, planned again on the server, in one transaction.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { form, submission } = await readSubmission(request, productImportSchema);
  if (submission.status !== "success") return data({ error: "adminProductList.import.noFile" }, { status: 400 });
  try {
    if (submission.value.intent === "apply") {
      const { token } = submission.value;
      const result = await applyImport(staff, await readImportFile(token), await readSeenStock(token));
      await forgetImportFile(submission.value.token);
      return redirect("/admin/products", {
        status: 303,
        headers: await setToast({ type: "success", key: "adminProductList.import.done", values: result }),
      });
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return data({ error: "adminProductList.import.noFile" }, { status: 400 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const token = await keepImportFile(bytes);
    const { text, encoding } = decodeCsv(bytes);
    const plan = await planImport(await getDb(), text);
    await keepSeenStock(token, plan);
    const report: Report = {
      token,
      fileName: file.name,
      encoding,
      fileErrors: plan.fileErrors,
      counts: plan.counts,
      total: plan.rows.length,
      rows: plan.rows.slice(0, SHOWN_ROWS).map(({ line, sku, status, changes, errors }) => ({ line, sku, status, changes, errors })),
    };
    return { report };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ error: error.key, values: error.values }, { status: error.status >= 400 && error.status < 500 ? error.status : 400 });
  }
}

export default function AdminProductImport() {
  const { maxRows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const report = result && "report" in result ? result.report : null;
  const error = result && "error" in result ? result : null;
  return (
    <AdminPage
      title={t("adminProductList.import.title")}
      testId="admin-product-import"
      actions={
        <Link to="/admin/products" className={buttonClass({ variant: "secondary" })}>
          {t("adminProductList.import.back")}
        </Link>
      }
    >
      <p className="text-sm text-slate-700">{t("adminProductList.import.help", { rows: maxRows })}</p>
      {error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="import-error">
          {t(error.error, (error as { values?: Record<string, string | number> }).values)}
        </p>
      ) : null}
      <SecureForm
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4"
        data-testid="import-upload"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminProductList.import.file")}
          <input type="file" name="file" accept=".csv,text/csv" required className="font-normal" />
        </label>
        <Button name="intent" value="dryRun" pending={busy}>
          {t("adminProductList.import.dryRun")}
        </Button>
      </SecureForm>
      {report ? <ImportReport report={report} busy={busy} /> : null}
    </AdminPage>
  );
}
