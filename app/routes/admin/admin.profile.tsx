import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { readSubmission, refuse } from "~/.server/forms.server";
import { getSession, sessionStorage } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { requestLocale } from "~/.server/shopper.server";
import { listStaffSessions } from "~/modules/staff/staff-sessions.server";
import { StaffSessionsPanel } from "~/modules/staff/staff-sessions-panel";
import { confirmPassword } from "~/modules/staff/step-up.server";
import { adminTwoFactorRequired } from "~/modules/staff/two-factor-policy.server";
import { qrSvg } from "~/modules/staff/two-factor-qr.server";
import { twoFactorProfileSchema } from "~/modules/staff/two-factor.schema";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  pendingEnrolment,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorState,
} from "~/modules/staff/two-factor.server";
import { TwoFactorSetup } from "~/modules/staff/two-factor-setup";
import { DomainError } from "~/.server/domain-error";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["admin", "adminUsers"] };

/**
 * A backoffice user's own profile (/admin/profile): their sessions, each of which they can
 * end (decision 0085, the action is /admin/profile/sessions), and the second factor (decision 0086). Set
 * it up (secret, QR code, confirmed by a first code), see how many recovery codes are left,
 * make new ones (password), turn it off (password). New recovery codes are shown in the
 * answer to the post that made them and nowhere else.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers = () => PRIVATE;

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "any");
  const state = await twoFactorState(staff.id);
  const enrolment = state.pending ? await pendingEnrolment(staff.id) : null;
  const session = await getSession(request);
  return data(
    {
      email: staff.email,
      state,
      enrolment: enrolment ? { ...enrolment, qr: qrSvg(enrolment.uri) } : null,
      required: staff.scope.includes("admin") && (await adminTwoFactorRequired()),
      locale: requestLocale(request).locale,
      sessions: await listStaffSessions(staff, session.id),
    },
    { headers: PRIVATE },
  );
}

const done = async (key: string) => redirect("/admin/profile", { headers: await setToast({ type: "success", key }) });

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "any");
  const { submission } = await readSubmission(request, twoFactorProfileSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "start") {
      await startEnrolment(staff.id);
      return redirect("/admin/profile");
    }
    if (input.intent === "cancel") {
      await cancelEnrolment(staff.id);
      return redirect("/admin/profile");
    }
    if (input.intent === "confirm") {
      await confirmEnrolment(staff, input.code);
      const recoveryCodes = await regenerateRecoveryCodes(staff);
      // This session has given the factor it now owes: it is not sent to sign in again.
      const session = await getSession(request);
      session.set("backofficeSignIn", true);
      const headers = new Headers(PRIVATE);
      headers.append("Set-Cookie", await sessionStorage.commitSession(session));
      await setToast({ type: "success", key: "admin.twoFactor.enabled" }, headers);
      return data({ intent: input.intent, recoveryCodes }, { headers });
    }
    await confirmPassword(staff, input.password, "password");
    if (input.intent === "recovery")
      return data({ intent: input.intent, recoveryCodes: await regenerateRecoveryCodes(staff) }, { headers: PRIVATE });
    if (staff.scope.includes("admin") && (await adminTwoFactorRequired()))
      throw new DomainError("twoFactorRequired", { message: "Required", key: "admin.twoFactor.requiredByShop", status: 409 });
    await disableTwoFactor(staff);
    return done("admin.twoFactor.disabled");
  } catch (error) {
    return answerDomainError(error, submission, ["code", "password"]);
  }
}

export default function AdminProfile() {
  const { email, state, enrolment, required, locale, sessions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  const refused = answer && "initialValue" in answer ? answer : null;
  const errorsFor = (intent: string) =>
    (refused?.initialValue as Record<string, unknown> | undefined)?.intent === intent
      ? Object.values(refused?.error ?? {}).flatMap((list) => list ?? [])
      : [];
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const box = "space-y-3 rounded border border-slate-200 bg-white p-4";
  const input = "rounded border border-slate-300 px-3 py-2 font-normal";
  const passwordForm = (intent: "recovery" | "disable", label: string, variant?: "secondary") => (
    <SecureForm className="flex flex-wrap items-end gap-3" data-testid={`two-factor-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("admin.password")}
        <input type="password" name="password" required maxLength={200} autoComplete="current-password" className={input} />
      </label>
      <Button variant={variant} pending={busy(intent)}>
        {label}
      </Button>
      <FormError errors={errorsFor(intent)} />
    </SecureForm>
  );
  return (
    <AdminPage title={t("admin.profile.title")} testId="admin-profile">
      <p className="text-sm text-slate-600">{email}</p>
      <section className={box} aria-labelledby="two-factor-title" data-testid="two-factor">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t("admin.twoFactor.title")}
        </h2>
        <p className="text-sm font-semibold" data-testid="two-factor-state">
          {t(state.enabled ? "admin.twoFactor.stateOn" : "admin.twoFactor.stateOff")}
        </p>
        {required && !state.enabled ? <p className="text-sm text-amber-800">{t("admin.twoFactor.requiredNotice")}</p> : null}
        {codes ? (
          <div className="rounded border border-amber-300 bg-amber-50 p-4 text-sm" role="status" data-testid="recovery-codes">
            <p className="font-semibold">{t("admin.twoFactor.codesTitle")}</p>
            <p className="mt-1">{t("admin.twoFactor.codesOnce")}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {state.enabled ? (
          <>
            <p className="text-sm" data-testid="recovery-left">
              {t("admin.twoFactor.recoveryLeft", { count: state.recoveryLeft })}
            </p>
            {passwordForm("recovery", t("admin.twoFactor.regenerate"))}
            {passwordForm("disable", t("admin.twoFactor.disable"), "secondary")}
          </>
        ) : enrolment ? (
          <>
            <TwoFactorSetup {...enrolment} />
            <SecureForm className="flex flex-wrap items-end gap-3" data-testid="two-factor-confirm">
              <input type="hidden" name="intent" value="confirm" />
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {t("admin.twoFactor.firstCode")}
                <input
                  name="code"
                  required
                  maxLength={40}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  className={input}
                />
              </label>
              <Button pending={busy("confirm")}>{t("admin.twoFactor.confirm")}</Button>
              <FormError errors={errorsFor("confirm")} />
            </SecureForm>
            <SecureForm>
              <input type="hidden" name="intent" value="cancel" />
              <Button variant="secondary" size="sm" pending={busy("cancel")}>
                {t("admin.twoFactor.cancel")}
              </Button>
            </SecureForm>
          </>
        ) : (
          <SecureForm data-testid="two-factor-start">
            <p className="mb-3 text-sm text-slate-600">{t("admin.twoFactor.intro")}</p>
            <input type="hidden" name="intent" value="start" />
            <Button pending={busy("start")}>{t("admin.twoFactor.start")}</Button>
          </SecureForm>
        )}
      </section>
      <StaffSessionsPanel sessions={sessions} locale={locale} />
    </AdminPage>
  );
}
