import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError, useMessageText } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { newProductSchema, PRODUCT_FORMATS } from "~/modules/catalog-admin/product-editor.schema";
import { createProduct } from "~/modules/catalog-admin/product-editor.server";
import { defaultProductDescriptions } from "~/modules/templates/product-template.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminProducts"] };

/**
 * A new product (/admin/products/new, decision 0046): the format first (spec §3: simple,
 * e-product, configurable, bundle), with its Croatian name and SKU; the product is created
 * hidden and the editor opens on it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  // The description starts as the shop's DefaultProductTemplate (edited on /admin/templates).
  return { constraint: formConstraint(newProductSchema), description: (await defaultProductDescriptions()).hr };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, newProductSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const id = await createProduct(staff, submission.value);
    return redirect(`/admin/products/${id}`, { headers: await setToast({ type: "success", key: "adminProducts.created" }) });
  } catch (error) {
    return answerDomainError(error, submission, ["sku", "name"]);
  }
}

export default function NewProduct() {
  const { constraint, description } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const text = useMessageText();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Record<string, string>>({ id: "new-product", lastResult, constraint, defaultValue: { description } });
  const chosen = (lastResult?.initialValue?.format as string | undefined) ?? "simple";
  return (
    <AdminPage
      title={t("adminProducts.new.title")}
      testId="admin-product-new"
      actions={
        <Link to="/admin/products" className="text-sm underline">
          {t("adminProducts.back")}
        </Link>
      }
    >
      <SecureForm
        {...getFormProps(form)}
        className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-4"
        data-testid="new-product-form"
      >
        <fieldset className="space-y-2" aria-describedby={fields.format.errorId}>
          <legend className="text-sm font-semibold">{t("adminProducts.fields.format")}</legend>
          {PRODUCT_FORMATS.map((format) => (
            <div
              key={format}
              className="flex items-start gap-2 rounded border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600"
            >
              <input
                type="radio"
                id={`format-${format}`}
                name={fields.format.name}
                value={format}
                defaultChecked={format === chosen}
                aria-describedby={`format-${format}-help`}
                className="mt-1"
              />
              <div>
                <label htmlFor={`format-${format}`} className="block font-semibold">
                  {t(`adminProducts.format.${format}`)}
                </label>
                <p id={`format-${format}-help`} className="text-slate-600">
                  {t(`adminProducts.formatHelp.${format}`)}
                </p>
              </div>
            </div>
          ))}
          <p id={fields.format.errorId} className="min-h-5 text-sm text-red-700">
            {text(fields.format.errors?.[0])}
          </p>
        </fieldset>
        <Field meta={fields.name} label={t("adminProducts.fields.name")} />
        <Field meta={fields.sku} label={t("adminProducts.fields.sku")} autoComplete="off" />
        <TextareaField
          meta={fields.description}
          label={t("adminProducts.fields.description")}
          description={t("adminProducts.help.description")}
          rows={6}
          optional
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Button pending={navigation.state === "submitting"}>{t("adminProducts.new.create")}</Button>
      </SecureForm>
    </AdminPage>
  );
}
