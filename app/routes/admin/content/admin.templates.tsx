import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { AdminPage, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { formatDate } from "~/lib/format";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { productTemplateForm, saveProductTemplate } from "~/modules/templates/product-template.server";
import { listTemplates, templateListQuery } from "~/modules/templates/template-list.server";
import { productTemplateSchema, TEMPLATE_STATES } from "~/modules/templates/templates.schema";
import { savedToast } from "./template-saved.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminTemplates", "adminMail"] };

/**
 * E-mail templates (/admin/templates, docs/decisions/0053): every mail the
 * shop sends with the languages that have their own template and the last change (each
 * opens its editor), and the product description template (DefaultProductTemplate).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const locale = requestLocale(request).locale;
  const query = await readListQuery(request, templateListQuery);
  const [{ rows, page }, product] = await Promise.all([listTemplates(query, locale, staff.scope), productTemplateForm()]);
  return { locale, query, rows, page, product, constraint: formConstraint(productTemplateSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, productTemplateSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const { changed, removed } = await saveProductTemplate(staff, submission.value);
    const toast = changed
      ? await savedToast(request, "adminTemplates.done.product", removed)
      : { type: "info" as const, key: "adminTemplates.done.productUnchanged" };
    return redirect(backToList(request), { headers: await setToast(toast) });
  } catch (error) {
    return answerDomainError(error, submission);
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminTemplates() {
  const { locale, query, rows, page, product, constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const columns: Column<Row>[] = [
    {
      id: "name",
      header: t("adminTemplates.columns.kind"),
      sortable: true,
      cell: (row) => (
        <>
          <Link to={`/admin/templates/${row.kind}`} className="font-semibold text-brand-700 underline">
            {row.name}
          </Link>
          {row.optionKey ? (
            <span className="block text-xs text-slate-600">{t("adminTemplates.optionKey", { key: row.optionKey })}</span>
          ) : null}
        </>
      ),
    },
    {
      id: "languages",
      header: t("adminTemplates.columns.languages"),
      cell: (row) =>
        row.customised.length === 0 ? (
          <StatusBadge tone="quiet" testId="template-state">
            {t("adminTemplates.state.builtIn")}
          </StatusBadge>
        ) : (
          <span className="flex flex-wrap gap-1" data-testid="template-state">
            {row.customised.map((language) => (
              <Link key={language} to={`/admin/templates/${row.kind}?lang=${language}`}>
                <StatusBadge tone="active">{t(`admin.languages.${language}`)}</StatusBadge>
              </Link>
            ))}
          </span>
        ),
    },
    {
      id: "updatedAt",
      header: t("adminTemplates.columns.updatedAt"),
      sortable: true,
      cell: (row) =>
        row.updatedAt ? (
          <span className="whitespace-nowrap">
            {formatDate(row.updatedAt, locale, { style: "numeric", time: "short" })}
            <span className="block text-xs text-slate-600">{row.updatedByEmail}</span>
          </span>
        ) : (
          t("adminTemplates.none")
        ),
    },
  ];
  return (
    <AdminPage title={t("adminTemplates.title")} testId="admin-templates">
      <p className="text-sm text-slate-600">{t("adminTemplates.intro")}</p>
      <ListFilters
        searchLabel={t("adminTemplates.search")}
        q={query.q}
        perPage={query.perPage}
        sort={{ column: query.sort, direction: query.dir }}
      >
        <FilterSelect
          name="state"
          label={t("adminTemplates.state.label")}
          value={query.state}
          options={TEMPLATE_STATES.map((s) => ({ value: s, label: t(`adminTemplates.state.${s}`) }))}
        />
        <FilterSelect
          name="language"
          label={t("adminTemplates.language")}
          value={query.language}
          options={LOCALES.map((l) => ({ value: l, label: t(`admin.languages.${l}`) }))}
        />
      </ListFilters>
      <DataTable
        caption={t("adminTemplates.title")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.kind}
        sort={sort}
        empty={t("adminTemplates.empty")}
        testId="templates-table"
        rowTestId="template-row"
      />
      <ListFooter info={page} />
      <ProductTemplateForm values={product.value} fingerprint={product.fingerprint} constraint={constraint} />
    </AdminPage>
  );
}

/** DefaultProductTemplate: the description (HTML per language) a new product starts with. */
function ProductTemplateForm({
  values,
  fingerprint,
  constraint,
}: {
  values: Record<string, string>;
  fingerprint: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const [form, fields] = useShopForm<Record<string, string>>({
    id: `product-template-${fingerprint.slice(0, 8)}`,
    lastResult: resultFor(answer, "productTemplate"),
    constraint,
    defaultValue: values,
  });
  return (
    <section
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      aria-labelledby="product-template-title"
      data-testid="product-template"
    >
      <h2 id="product-template-title" className="text-lg font-semibold">
        {t("adminTemplates.product.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminTemplates.product.help")}</p>
      <SecureForm {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="productTemplate" />
        <input type="hidden" name="fingerprint" value={fingerprint} />
        <LanguageTabs idPrefix="product-template" errors={(l) => Boolean(fields[l]?.errors?.length)}>
          {(l) => (
            <TextareaField
              meta={fields[l]!}
              label={`${t("adminTemplates.product.description")} (${t(`admin.languages.${l}`)})`}
              rows={6}
              optional
            />
          )}
        </LanguageTabs>
        <FormError id={form.errorId} errors={form.errors} testId="product-template-error" />
        <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "productTemplate"}>
          {t("adminTemplates.product.save")}
        </Button>
      </SecureForm>
    </section>
  );
}
