import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getSession, rotateSession } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { livePendingSignIn, completeSecondStep } from "~/modules/staff/two-factor-sign-in.server";
import { pendingEnrolment } from "~/modules/staff/two-factor.server";
import { qrSvg } from "~/modules/staff/two-factor-qr.server";
import { twoFactorSignInSchema, type TwoFactorSignInInput } from "~/modules/staff/two-factor.schema";
import { TwoFactorSetup } from "~/modules/staff/two-factor-setup";
import { answerDomainError } from "~/.server/http/domain-error.server";

// Message namespaces this page needs beside the root's: docs/decisions/0015.
export const handle = { i18n: ["admin", "account"] };

export const meta = () => [{ title: "Admin | Alu Krov" }, { name: "robots", content: "noindex" }];

/**
 * The backoffice sign-in's second step (/adminLogin/two-factor, decision 0086): the code
 * of the user's authenticator app or a recovery code; or, when the shop requires a second
 * factor of admins and this one has none, the enrolment (secret, QR code, first code).
 * A plain form: works without JavaScript. Without a live password step: back to /adminLogin.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers = () => PRIVATE;

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = livePendingSignIn((await getSession(request)).get("pendingSignIn"));
  if (!pending) throw redirect("/adminLogin");
  const enrolment = pending.enrol ? await pendingEnrolment(pending.userId) : null;
  if (pending.enrol && !enrolment) throw redirect("/adminLogin");
  return data(
    {
      enrolment: enrolment ? { ...enrolment, qr: qrSvg(enrolment.uri) } : null,
      constraint: formConstraint(twoFactorSignInSchema),
    },
    { headers: PRIVATE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, twoFactorSignInSchema);
  if (submission.status !== "success") return refuse(submission);
  const session = await getSession(request);
  const pending = livePendingSignIn(session.get("pendingSignIn"));
  if (!pending) throw redirect("/adminLogin");
  try {
    const result = await completeSecondStep(pending, submission.value.code);
    if (!result) throw redirect("/adminLogin");
    const headers = new Headers();
    headers.append("Set-Cookie", await rotateSession(session, { userId: pending.userId, authAt: Date.now(), backofficeSignIn: true }));
    if (result.method === "enrolled") {
      // Straight on to the profile, where the recovery codes are made and shown once.
      await setToast({ type: "success", key: "admin.twoFactor.enrolledAtSignIn" }, headers);
      return redirect("/admin/profile", { headers });
    }
    if (result.method === "recovery")
      await setToast({ type: "info", key: "admin.twoFactor.recoveryUsed", values: { count: result.recoveryLeft } }, headers);
    else await setToast({ type: "success", key: "core.login.success" }, headers);
    return redirect(pending.redirectTo, { headers });
  } catch (error) {
    return answerDomainError(error, submission, ["code"]);
  }
}

export default function AdminLoginTwoFactor() {
  const { enrolment, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<TwoFactorSignInInput>({ id: "admin-two-factor", lastResult, constraint });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-8">
      <div className="w-full max-w-md space-y-4 rounded-lg bg-white p-8 shadow" data-testid="admin-two-factor">
        <h1 className="text-xl font-bold">{t(enrolment ? "admin.twoFactor.enrolTitle" : "admin.twoFactor.signInTitle")}</h1>
        {enrolment ? (
          <>
            <p className="text-sm text-slate-600">{t("admin.twoFactor.requiredHelp")}</p>
            <TwoFactorSetup {...enrolment} />
          </>
        ) : (
          <p className="text-sm text-slate-600">{t("admin.twoFactor.signInHelp")}</p>
        )}
        <SecureForm {...getFormProps(form)} className="space-y-1" data-testid="two-factor-code-form">
          <Field
            meta={fields.code}
            label={t(enrolment ? "admin.twoFactor.firstCode" : "admin.twoFactor.code")}
            description={enrolment ? undefined : t("admin.twoFactor.codeHelp")}
            autoComplete="one-time-code"
            spellCheck={false}
          />
          <FormError id={form.errorId} errors={form.errors} />
          <Button className="w-full" pending={navigation.state === "submitting"}>
            {t(enrolment ? "admin.twoFactor.confirm" : "admin.twoFactor.verify")}
          </Button>
        </SecureForm>
        <Link to="/adminLogin" className="block text-sm underline">
          {t("admin.twoFactor.back")}
        </Link>
      </div>
    </main>
  );
}
