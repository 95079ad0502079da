import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { requireBackofficeUser } from "~/modules/account/user.server";
import { listSubmissions } from "~/modules/forms/forms.server";

/** Sent contact and database forms (issue 7 item 4), newest first; backoffice users only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackofficeUser(request);
  const rows = await listSubmissions();
  return { submissions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

export default function AdminForms() {
  const { submissions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("forms.admin.title")}</h1>
      {submissions.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("forms.admin.empty")}</p>
      ) : (
        <table className="mt-6 w-full border-collapse bg-white text-sm" data-testid="form-submissions">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="p-2">{t("forms.admin.sentAt")}</th>
              <th scope="col" className="p-2">{t("forms.admin.form")}</th>
              <th scope="col" className="p-2">{t("forms.admin.sender")}</th>
              <th scope="col" className="p-2">{t("forms.admin.data")}</th>
              <th scope="col" className="p-2">{t("forms.admin.mail")}</th>
            </tr>
          </thead>
          <tbody>
            {submissions.map((s) => (
              <tr key={s.id} className="border-b align-top">
                <td className="p-2 whitespace-nowrap">
                  <time dateTime={s.createdAt}>{formatDate(s.createdAt, "hr", { style: "numeric", time: "medium" })}</time>
                </td>
                <td className="p-2"><code>{s.formSlug}</code></td>
                <td className="p-2">{s.email}</td>
                <td className="p-2">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3">
                    {Object.entries(s.data).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="font-semibold">{name}</dt>
                        <dd className="whitespace-pre-wrap break-words">{String(value)}</dd>
                      </div>
                    ))}
                  </dl>
                </td>
                <td className="p-2">{s.mailStatus ?? "-"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
