import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { isDomainError } from "~/.server/domain-error";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/modules/admin/staff.server";
import { maintenanceMode, setMaintenanceMode } from "~/modules/site/maintenance.server";
import { maintenanceSchema } from "~/modules/site/settings.schema";
import { SettingsNav } from "~/modules/settings/settings-page";

export const handle = { i18n: ["adminSettings"] };

/**
 * Settings (/admin/settings): the general page with the maintenance switch (spec §1) and
 * the nav to the other sections, each its own route and form (docs/decisions/0050).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { maintenance: await maintenanceMode() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, maintenanceSchema);
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { maintenanceMode: on, was } = submission.value;
  try {
    await setMaintenanceMode(staff, on, was === "on");
    return redirect("/admin/settings", {
      headers: await setToast({
        type: "success",
        key: on ? "adminSettings.maintenance.maintenanceOn" : "adminSettings.maintenance.maintenanceOff",
      }),
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirect("/admin/settings", { headers: await setToast({ type: "error", key: error.key }) });
  }
}

export default function AdminSettings() {
  const { maintenance } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
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
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </SecureForm>
      </section>
    </AdminPage>
  );
}
