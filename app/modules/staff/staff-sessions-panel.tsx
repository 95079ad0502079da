import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Device } from "~/lib/user-agent";

/** What the panel shows of a session (staff-sessions.server.ts `StaffSession`, as JSON). */
export type SessionRow = { handle: string; device: Device; ip: string | null; createdAt: string; lastSeenAt: string; current: boolean };

/**
 * Where the panel's forms post (routes/admin/admin.profile.sessions.ts, an action without a
 * screen); each answers with a redirect back to the profile. The forms post as documents
 * (`reloadDocument`): the client router does not take a post to a route without a
 * component as a navigation of the page, and the toast of the redirect was lost.
 */
export const SESSIONS_ACTION = "/admin/profile/sessions";

/**
 * The profile page's list of the user's own sessions (decision 0085): device, address,
 * sign-in and last use, with a plain form per session and one for all the others, so it
 * works without JavaScript. Namespace: adminUsers.
 */
export function StaffSessionsPanel({ sessions, locale }: { sessions: SessionRow[]; locale: Locale }) {
  const { t } = useTranslation();
  const date = (value: string) => formatDate(value, locale, { style: "numeric", time: "short" });
  const device = ({ browser, system }: Device) =>
    browser && system
      ? t("adminUsers.sessions.deviceOn", { browser, system })
      : browser || system || t("adminUsers.sessions.unknownDevice");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section
      aria-labelledby="sessions-title"
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      data-testid="staff-sessions"
    >
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t("adminUsers.sessions.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminUsers.sessions.help")}</p>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th className="p-2">{t("adminUsers.sessions.device")}</th>
              <th className="p-2">{t("adminUsers.sessions.ip")}</th>
              <th className="p-2">{t("adminUsers.sessions.createdAt")}</th>
              <th className="p-2">{t("adminUsers.sessions.lastSeenAt")}</th>
              <th className="p-2">
                <span className="sr-only">{t("adminUsers.sessions.end")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {sessions.map((s) => (
              <tr key={s.handle} data-testid="staff-session" data-current={s.current ? "true" : undefined}>
                <td className="p-2">
                  {device(s.device)}
                  {s.current ? (
                    <span className="ml-2 rounded bg-brand-600 px-2 py-0.5 text-xs text-white">{t("adminUsers.sessions.current")}</span>
                  ) : null}
                </td>
                <td className="p-2 font-mono">{s.ip ?? "–"}</td>
                <td className="p-2">{date(s.createdAt)}</td>
                <td className="p-2">{date(s.lastSeenAt)}</td>
                <td className="p-2 text-right">
                  <SecureForm action={SESSIONS_ACTION} reloadDocument>
                    <input type="hidden" name="session" value={s.handle} />
                    <Button
                      name="intent"
                      value="end"
                      variant="secondary"
                      size="sm"
                      aria-label={t("adminUsers.sessions.endLabel", { device: device(s.device), createdAt: date(s.createdAt) })}
                    >
                      {t("adminUsers.sessions.end")}
                    </Button>
                  </SecureForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <SecureForm action={SESSIONS_ACTION} reloadDocument>
          <Button name="intent" value="endOthers" variant="secondary">
            {t("adminUsers.sessions.endOthers")}
          </Button>
        </SecureForm>
      ) : (
        <p className="text-sm text-slate-600">{t("adminUsers.sessions.none")}</p>
      )}
    </section>
  );
}
