import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { auditTrail } from "~/modules/kernel/audit.server";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { SITE_ID } from "~/modules/kernel/options";
import { SETTINGS_SCHEMAS, type SettingsSection } from "~/modules/settings/settings.schema";
import { saveSettings, settingsForm } from "~/modules/settings/settings-admin.server";
import { answerDomainError, toastDomainError } from "~/.server/http/domain-error.server";

/**
 * The loader and action every section route of /admin/settings shares (the routes are
 * thin: a section name and its form). Scope `admin` (decision 0045).
 */
export async function settingsLoader(request: Request, section: SettingsSection) {
  await requireStaff(request, "admin");
  const audit = (await auditTrail("settings", SITE_ID)).filter((entry) => entry.action === section).slice(0, 10);
  return {
    locale: requestLocale(request).locale,
    ...(await settingsForm(section)),
    constraint: formConstraint(SETTINGS_SCHEMAS[section]),
    audit,
  };
}

export async function settingsAction(request: Request, section: SettingsSection) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, SETTINGS_SCHEMAS[section]);
  if (submission.status !== "success") return refuse(submission);
  const path = `/admin/settings/${section}`;
  try {
    const changed = await saveSettings(staff, section, submission.value);
    return redirect(path, {
      headers: await setToast({ type: "success", key: changed.length > 0 ? "adminSettings.saved" : "adminSettings.unchanged" }),
    });
  } catch (error) {
    // A stale form: the page shows the current values and says why nothing was saved.
    if (isDomainError(error) && error.status === 409) return toastDomainError(error, path);
    return answerDomainError(error, submission, Object.keys(SETTINGS_SCHEMAS[section].shape));
  }
}
