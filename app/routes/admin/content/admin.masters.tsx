import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { useTranslation } from "~/lib/i18n";
import { listMasters } from "~/modules/cms/masters.server";
import { requireStaff } from "~/routes/http/staff.server";

export const handle = { i18n: ["adminContent", "editing"] };

/** The master components (/admin/masters): each opens its one editing screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { masters: await listMasters() };
}

export default function AdminMasters() {
  const { masters } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("adminContent.masters.title")} testId="admin-masters">
      <p className="text-sm text-slate-700">{t("adminContent.masters.listIntro")}</p>
      {masters.length === 0 ? <p className="text-slate-600">{t("editing.master.none")}</p> : null}
      <ul className="space-y-1" data-testid="masters-list">
        {masters.map((master) => (
          <li key={master.id}>
            <Link to={`/admin/masters/${master.id}`} className="font-semibold text-brand-700 underline">
              {master.name}
            </Link>{" "}
            <span className="text-sm text-slate-600">({t(`editing.types.${master.type}`)})</span>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
