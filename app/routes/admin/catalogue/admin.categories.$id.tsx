import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { categoryEditView } from "~/modules/catalog-admin/category-admin-view.server";
import { categoryFormSchema, categoryPostSchema } from "~/modules/catalog-admin/category-admin.schema";
import { deleteCategory, saveCategory, saveCategoryFilters } from "~/modules/catalog-admin/category-admin.server";
import { CategoryDeleteForm } from "~/modules/catalog-admin/category-delete-form";
import { CategoryFiltersForm } from "~/modules/catalog-admin/category-filters-form";
import { CategoryForm } from "~/modules/catalog-admin/category-form";
import { serpContext } from "~/modules/site/serp-context.server";
import { storeUploads } from "~/modules/media/media-upload.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCatalog", "catalog"] };

/**
 * One category (/admin/categories/:id, or /admin/categories/new): its texts per language,
 * parent, image and sort options; its filters; delete when it is empty
 * (docs/decisions/0048). Each form posts the version it showed.
 */
const notFound = (request: Request) => rowNotFound(request, "adminCatalog.categories.errors.notFound");

const categoryIdOf = (request: Request, raw: string | undefined) => rowIdOrNew(request, raw, "adminCatalog.categories.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await categoryIdOf(request, params.id);
  const { locale } = requestLocale(request);
  const view = await categoryEditView(id, locale);
  if (!view) throw await notFound(request);
  return { locale, view, constraint: formConstraint(categoryFormSchema), serp: await serpContext() };
}

const FORM_FIELDS = [
  "parentId",
  "mediaId",
  "sortDefaultType",
  "sortTypes",
  "filters",
  ...["hr", "en", "de"].map((l) => `translations.${l}.slug`),
];

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await categoryIdOf(request, params.id);
  const { form, submission } = await readSubmission(request, categoryPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "save") {
      const files = form.getAll("mediaUpload").filter((f): f is File => typeof f !== "string");
      const [uploaded] = await storeUploads(files, { kind: "image", staff });
      const saved = await saveCategory(staff, id, input, uploaded?.id ?? null);
      return redirect(`/admin/categories/${saved}`, {
        headers: await setToast({ type: "success", key: id ? "adminCatalog.categories.saved" : "adminCatalog.categories.created" }),
      });
    }
    if (id === null) throw await notFound(request);
    if (input.intent === "filters") {
      await saveCategoryFilters(staff, id, input);
      return redirect(`/admin/categories/${id}`, { headers: await setToast({ type: "success", key: "adminCatalog.filters.saved" }) });
    }
    await deleteCategory(staff, id, input.version);
    return redirect("/admin/categories", { headers: await setToast({ type: "success", key: "adminCatalog.categories.deleted" }) });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, FORM_FIELDS);
  }
}

export default function AdminCategory() {
  const { locale, view, constraint, serp } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const name = view.values.translations.hr?.name;
  const filtersResult = resultFor(lastResult, "filters");
  const filterErrors = [...(filtersResult?.error?.filters ?? []), ...(filtersResult?.error?.[""] ?? [])];
  return (
    <AdminPage
      title={name ? t("adminCatalog.categories.editTitle", { name }) : t("adminCatalog.categories.new")}
      testId="admin-category"
      actions={
        <Link to="/admin/categories" className="text-sm underline">
          {t("adminCatalog.categories.back")}
        </Link>
      }
    >
      <CategoryForm
        key={view.values.version}
        values={view.values}
        parents={view.parents}
        sorts={view.sorts}
        media={view.media}
        lastResult={resultFor(lastResult, "save")}
        constraint={constraint}
        serp={serp}
      />
      {view.id !== null ? (
        <>
          <CategoryFiltersForm key={`f${view.values.version}`} version={view.values.version} rows={view.filters} errors={filterErrors} />
          <CategoryDeleteForm
            version={view.values.version}
            products={view.productCount}
            subcategories={view.childCount}
            result={resultFor(lastResult, "delete")}
          />
          <AuditTrail
            entries={view.audit}
            locale={locale}
            actionLabel={(action) => t(`adminCatalog.audit.${action}`, { defaultValue: action })}
          />
        </>
      ) : null}
    </AdminPage>
  );
}
