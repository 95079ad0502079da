import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { categoryMoveSchema } from "~/modules/catalog-admin/category-admin.schema";
import { categoryTree, moveCategory } from "~/modules/catalog-admin/category-admin.server";
import { toastDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminCatalog"] };

/**
 * Categories (/admin/categories, decision 0048): the tree as an indented list with each
 * category's slug, product count and position, and up/down buttons that swap it with its
 * neighbour among its siblings (plain POST forms, so they work without JavaScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { tree: await categoryTree() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, categoryMoveSchema);
  // The buttons post a known intent, id and version: anything else is forged.
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, id, version } = submission.value;
  try {
    await moveCategory(staff, id, intent, version);
    return redirect(`/admin/categories#category-${id}`, {
      headers: await setToast({ type: "success", key: "adminCatalog.categories.moved" }),
    });
  } catch (error) {
    return toastDomainError(error, "/admin/categories");
  }
}

export default function AdminCategories() {
  const { tree } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const siblings = (row: (typeof tree)[number]) => tree.filter((r) => r.parentId === row.parentId);
  return (
    <AdminPage
      title={t("adminCatalog.categories.title")}
      testId="admin-categories"
      actions={
        <Link to="/admin/categories/new" className="rounded bg-brand-700 px-3 py-2 text-sm font-semibold text-white">
          {t("adminCatalog.categories.new")}
        </Link>
      }
    >
      {tree.length === 0 ? <p className="text-sm text-slate-600">{t("adminCatalog.categories.empty")}</p> : null}
      <ol className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid="category-tree">
        {tree.map((row) => {
          const list = siblings(row);
          const index = list.findIndex((r) => r.id === row.id);
          return (
            <li
              key={row.id}
              id={`category-${row.id}`}
              className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
              data-testid="category-row"
              data-depth={row.depth}
            >
              <span style={{ paddingLeft: `${row.depth * 1.5}rem` }} className="min-w-48 flex-1">
                <Link to={`/admin/categories/${row.id}`} className="font-semibold text-brand-700 underline">
                  {row.name}
                </Link>
                <span className="ml-2 text-xs text-slate-600">/{row.slug}</span>
              </span>
              <span className="w-28 text-slate-600" data-testid="product-count">
                {t("adminCatalog.categories.products", { count: row.productCount })}
              </span>
              <span className="w-20 text-slate-600">{t("adminCatalog.categories.position", { position: index + 1 })}</span>
              <MoveButton row={row} intent="up" disabled={index === 0} label={t("adminCatalog.categories.up", { name: row.name })} />
              <MoveButton
                row={row}
                intent="down"
                disabled={index === list.length - 1}
                label={t("adminCatalog.categories.down", { name: row.name })}
              />
            </li>
          );
        })}
      </ol>
    </AdminPage>
  );
}

function MoveButton({
  row,
  intent,
  disabled,
  label,
}: {
  row: { id: number; version: number };
  intent: "up" | "down";
  disabled: boolean;
  label: string;
}) {
  return (
    <SecureForm>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="version" value={row.version} />
      <Button name="intent" value={intent} size="sm" variant="secondary" disabled={disabled} aria-label={label} title={label}>
        {intent === "up" ? "↑" : "↓"}
      </Button>
    </SecureForm>
  );
}
