import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";
import { listSubmissions } from "~/modules/forms/forms.server";

/** Sent contact and database forms (issue 7 item 4), newest first; backoffice users only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const rows = await listSubmissions();
  return { submissions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

type Sent = ReturnType<typeof useLoaderData<typeof loader>>["submissions"][number];

export default function AdminForms() {
  const { submissions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: Column<Sent>[] = [
    {
      id: "sentAt",
      header: t("forms.admin.sentAt"),
      cell: (s) => (
        <time dateTime={s.createdAt} className="whitespace-nowrap">
          {formatDate(s.createdAt, "hr", { style: "numeric", time: "medium" })}
        </time>
      ),
    },
    { id: "form", header: t("forms.admin.form"), cell: (s) => <code>{s.formSlug}</code> },
    { id: "sender", header: t("forms.admin.sender"), cell: (s) => s.email },
    {
      id: "data",
      header: t("forms.admin.data"),
      cell: (s) => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3">
          {Object.entries(s.data).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-semibold">{name}</dt>
              <dd className="whitespace-pre-wrap break-words">{String(value)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
    { id: "mail", header: t("forms.admin.mail"), cell: (s) => s.mailStatus ?? "-" },
  ];
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t("forms.admin.title")}</h1>
      <DataTable caption={t("forms.admin.title")} columns={columns} rows={submissions} rowKey={(s) => s.id} empty={t("forms.admin.empty")} testId="form-submissions" />
    </section>
  );
}
