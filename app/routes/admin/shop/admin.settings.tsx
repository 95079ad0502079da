import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { AuditTrail } from "~/components/admin/audit-trail";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { requestLocale } from "~/.server/shopper.server";
import { setToast } from "~/.server/toast.server";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { auditTrail } from "~/modules/kernel/audit.server";
import { SITE_ID } from "~/modules/kernel/options";
import { maintenanceMode, setMaintenanceMode } from "~/modules/site/maintenance.server";
import { maintenanceSchema } from "~/modules/site/settings.schema";
import { saveSettings, settingsForm } from "~/modules/settings/settings-admin.server";
import { MaintenanceMessageForm } from "~/modules/settings/maintenance-message-form";
import { maintenanceMessageSchema } from "~/modules/settings/settings.schema";
import { SettingsNav } from "~/modules/settings/settings-page";
import { adminTwoFactorRequired, setAdminTwoFactorRequired } from "~/modules/staff/two-factor-policy.server";
import { adminTwoFactorSchema } from "~/modules/staff/two-factor.schema";
import { z } from "zod/v4";
import { toastDomainError } from "~/.server/http/domain-error.server";

const messageSchema = maintenanceMessageSchema.extend({ intent: z.literal("maintenanceMessage") });
const generalSchema = z.discriminatedUnion("intent", [maintenanceSchema, messageSchema, adminTwoFactorSchema]);

export const handle = { i18n: ["adminSettings"] };

/**
 * Settings (/admin/settings): the general page with the maintenance switch (spec §1) and
 * the maintenance view's message (decision 0101), the admins' second factor, and the nav to
 * the other sections, each its own route and form (docs/decisions/0050).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const audit = (await auditTrail("settings", SITE_ID)).filter((entry) => entry.action === "maintenance").slice(0, 10);
  return {
    locale: requestLocale(request).locale,
    maintenance: await maintenanceMode(),
    message: { ...(await settingsForm("maintenance")), constraint: formConstraint(messageSchema) },
    twoFactor: await adminTwoFactorRequired(),
    audit,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, generalSchema);
  if (submission.status !== "success") {
    // The message is typed: its form shows why (too long, a control character); the switches are not.
    if (submission.payload.intent === "maintenanceMessage") return refuse(submission);
    throw new Response("Bad Request", { status: 400 });
  }
  const posted = submission.value;
  try {
    if (posted.intent === "maintenanceMessage") {
      const { intent: _intent, ...section } = posted;
      const changed = await saveSettings(staff, "maintenance", section);
      return redirect("/admin/settings", {
        headers: await setToast({ type: "success", key: changed.length > 0 ? "adminSettings.saved" : "adminSettings.unchanged" }),
      });
    }
    if (posted.intent === "adminTwoFactor") {
      await setAdminTwoFactorRequired(staff, posted.required, posted.was === "on");
      return redirect("/admin/settings", {
        headers: await setToast({ type: "success", key: posted.required ? "adminSettings.twoFactor.on" : "adminSettings.twoFactor.off" }),
      });
    }
    const { maintenanceMode: on, was } = posted;
    await setMaintenanceMode(staff, on, was === "on");
    return redirect("/admin/settings", {
      headers: await setToast({
        type: "success",
        key: on ? "adminSettings.maintenance.maintenanceOn" : "adminSettings.maintenance.maintenanceOff",
      }),
    });
  } catch (error) {
    return toastDomainError(error, "/admin/settings");
  }
}

export default function AdminSettings() {
  const { locale, maintenance, message, twoFactor, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <AdminPage title={t("adminSettings.title")} testId="admin-settings">
      <SettingsNav />
      <section className="space-y-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="maintenance-title">
        <h2 id="maintenance-title" className="text-lg font-semibold">
          {t("adminSettings.maintenance.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("adminSettings.maintenance.maintenanceHelp")}</p>
        <SecureForm className="flex flex-col items-start gap-3" data-testid="maintenance-form">
          <input type="hidden" name="intent" value="maintenance" />
          <input type="hidden" name="was" value={maintenance ? "on" : "off"} />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="maintenanceMode"
              defaultChecked={maintenance}
              key={String(maintenance)}
              className="size-4 accent-brand-600"
            />
            {t("adminSettings.maintenance.maintenanceSwitch")}
          </label>
          <p className="text-sm font-semibold" data-testid="maintenance-state">
            {maintenance ? t("adminSettings.maintenance.stateOn") : t("adminSettings.maintenance.stateOff")}
          </p>
          <Button pending={busy("maintenance")}>{t("adminSettings.save")}</Button>
        </SecureForm>
        <MaintenanceMessageForm {...message} lastResult={lastResult} pending={busy("maintenanceMessage")} />
      </section>
      <section className="space-y-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t("adminSettings.twoFactor.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("adminSettings.twoFactor.help")}</p>
        <SecureForm className="flex flex-col items-start gap-3" data-testid="admin-two-factor-form">
          <input type="hidden" name="intent" value="adminTwoFactor" />
          <input type="hidden" name="was" value={twoFactor ? "on" : "off"} />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="required" defaultChecked={twoFactor} key={String(twoFactor)} className="size-4 accent-brand-600" />
            {t("adminSettings.twoFactor.switch")}
          </label>
          <p className="text-sm font-semibold" data-testid="admin-two-factor-state">
            {twoFactor ? t("adminSettings.twoFactor.stateOn") : t("adminSettings.twoFactor.stateOff")}
          </p>
          <Button pending={busy("adminTwoFactor")}>{t("adminSettings.save")}</Button>
        </SecureForm>
      </section>
      <AuditTrail
        entries={audit}
        locale={locale}
        actionLabel={(action) => t(`adminSettings.sections.${action}`, { defaultValue: action })}
      />
    </AdminPage>
  );
}
