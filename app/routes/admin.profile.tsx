import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { getSession } from "~/.server/session.server";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";
import { requestLocale } from "~/modules/site/locale.server";
import { listStaffSessions } from "~/modules/staff/staff-sessions.server";
import { StaffSessionsPanel } from "~/modules/staff/staff-sessions-panel";

export const handle = { i18n: ["admin", "adminUsers"] };

/** A backoffice user's own profile (/admin/profile): their sessions (decision 0085). */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "any");
  const session = await getSession(request);
  return { email: staff.email, locale: requestLocale(request).locale, sessions: await listStaffSessions(staff, session.id) };
}

export default function AdminProfile() {
  const { email, locale, sessions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.profile.title")} testId="admin-profile">
      <p className="text-sm text-slate-600">{email}</p>
      <StaffSessionsPanel sessions={sessions} locale={locale} />
    </AdminPage>
  );
}
