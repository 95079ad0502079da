import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { AuditTrail } from "~/components/admin/audit-trail";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { useTranslation } from "~/lib/i18n";
import { rowIdParam } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { productEditSchema, type ProductEdit } from "~/modules/catalog-admin/product-editor.schema";
import { saveProduct } from "~/modules/catalog-admin/product-editor.server";
import { productEditorView } from "~/modules/catalog-admin/product-editor-view.server";
import { serpContext } from "~/modules/site/serp-context.server";
import { ProductMainForm } from "~/modules/catalog-admin/product-main-form";
import { ProductActions, ProductOptionsForm, ProductPartsForm, ProductVariants } from "~/modules/catalog-admin/product-editor-sections";
import { archiveProduct, deleteProduct, duplicateProduct } from "~/modules/catalog-admin/product-lifecycle.server";
import { saveOptions, saveParts } from "~/modules/catalog-admin/product-parts.server";
import { editVariant, generateVariants, removeVariant, setConfiguringAttributes } from "~/modules/catalog-admin/product-variants.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

// adminMedia: the image chooser's one-per-request uploads show the library's per-file messages.
export const handle = { i18n: ["adminProducts", "adminMedia"] };

/**
 * The product editor (/admin/products/:id, docs/decisions/0046): sections
 * of one page, each its own form told apart by `intent`, each posting the product's
 * version. Every post: POST → action → redirect + toast; a refused one answers the page
 * with its status (400, 404, 409) and the reason at its field.
 */
const productIdOf = (request: Request, raw: string | undefined) => rowIdParam(request, raw, "adminProducts.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await productIdOf(request, params.id);
  const { locale } = requestLocale(request);
  const view = await productEditorView(id, locale);
  if (!view) {
    const t = await getFixedT(locale);
    throw data({ detail: t("adminProducts.errors.notFound") }, { status: 404 });
  }
  return { locale, view, constraint: formConstraint(productEditSchema), serp: await serpContext() };
}

const files = (form: FormData, name: string) => form.getAll(name).filter((value): value is File => typeof value !== "string");

async function apply(
  staff: Awaited<ReturnType<typeof requireStaff>>,
  id: number,
  edit: ProductEdit,
  form: FormData,
): Promise<{ to: string; key: string }> {
  const self = `/admin/products/${id}`;
  switch (edit.intent) {
    case "save":
      await saveProduct(staff, id, edit, { images: files(form, "imageUploads"), eProductFile: files(form, "eProductFile") });
      return { to: self, key: "adminProducts.done.save" };
    case "options":
      await saveOptions(staff, id, edit);
      return { to: `${self}#options`, key: "adminProducts.done.options" };
    case "configAttributes":
      await setConfiguringAttributes(staff, id, edit.version, edit.attributes);
      return { to: `${self}#variants`, key: "adminProducts.done.configAttributes" };
    case "generate": {
      const created = await generateVariants(staff, id, edit.version, edit.values);
      return { to: `${self}#variants`, key: created ? "adminProducts.done.generated" : "adminProducts.done.generatedNone" };
    }
    case "variant":
      await editVariant(staff, id, edit);
      return { to: `${self}#variants`, key: "adminProducts.done.variant" };
    case "removeVariant": {
      const outcome = await removeVariant(staff, id, edit.version, edit.variantId);
      return {
        to: `${self}#variants`,
        key: outcome === "deleted" ? "adminProducts.done.variantRemoved" : "adminProducts.done.variantArchived",
      };
    }
    case "parts":
      await saveParts(staff, id, edit);
      return { to: `${self}#parts`, key: "adminProducts.done.parts" };
    case "duplicate": {
      const copy = await duplicateProduct(staff, id, edit.version);
      return { to: `/admin/products/${copy}`, key: "adminProducts.done.duplicate" };
    }
    case "archive":
    case "unarchive":
      await archiveProduct(staff, id, edit.version, edit.intent === "archive");
      return { to: self, key: `adminProducts.done.${edit.intent}` };
    case "delete":
      await deleteProduct(staff, id, edit.version);
      return { to: "/admin/products", key: "adminProducts.done.delete" };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await productIdOf(request, params.id);
  const { form, submission } = await readSubmission(request, productEditSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const { to, key } = await apply(staff, id, submission.value, form);
    return redirect(to, { headers: await setToast({ type: "success", key }) });
  } catch (error) {
    return answerDomainError(error, submission);
  }
}

/**
 * A section is drawn afresh (its typed values replaced by the saved ones) only when its own
 * saved data changed: saving one section bumps the product's version, which every form posts
 * from a live hidden input, but leaves what is typed in the others.
 */
const sectionKey = (name: string, data: unknown) => `${name}-${JSON.stringify(data)}`;

export default function AdminProduct() {
  const { locale, view, constraint, serp } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const sections = useUnsavedChanges<HTMLDivElement>();
  const { product } = view;
  const name = view.translations.hr.name || product.sku;
  const { version: _version, updatedAt: _updatedAt, ...saved } = product;
  const { variants, configuring, options, parts, audit: _audit, ...main } = view;
  return (
    <AdminPage
      title={t("adminProducts.editor.title", { name })}
      testId="admin-product"
      actions={
        <Link to="/admin/products" className="text-sm underline">
          {t("adminProducts.back")}
        </Link>
      }
    >
      {/* Without a script the page cannot keep one section's typed work across another's save
          (each is its own form and page load) nor warn on leaving: it says so up front. */}
      <noscript>
        <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="editor-no-script">
          {t("adminProducts.editor.noScriptSections")}
        </p>
      </noscript>
      <div ref={sections} className="contents">
        <ProductActions view={view} lastResult={lastResult} />
        <ProductMainForm
          key={sectionKey("main", { ...main, product: saved })}
          view={view}
          constraint={constraint}
          lastResult={lastResult}
          serp={serp}
        />
        <ProductOptionsForm key={sectionKey("options", options)} view={view} lastResult={lastResult} />
        {product.format === "configurable" ? (
          <ProductVariants
            key={sectionKey("variants", { configuring, ids: variants.map((v) => v.id) })}
            view={view}
            lastResult={lastResult}
          />
        ) : null}
        {product.format === "bundle" ? <ProductPartsForm key={sectionKey("parts", parts)} view={view} lastResult={lastResult} /> : null}
      </div>
      <AuditTrail
        entries={view.audit}
        locale={locale}
        actionLabel={(action) => t(`adminProducts.audit.${action}`, { defaultValue: action })}
      />
    </AdminPage>
  );
}
