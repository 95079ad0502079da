import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { localPath } from "~/lib/local-path";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getSession, rotateSession } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { adminLoginSchema, type AdminLoginInput } from "~/modules/account/account.schema";
import { authenticate } from "~/modules/account/auth.server";
import { throttled } from "~/modules/account/login-throttle.server";
import { secondFactorGiven } from "~/modules/account/second-factor.server";
import { secondFactorOwed } from "~/modules/account/second-factor.server";
import { getCurrentUser } from "~/.server/shopper.server";
import { startEnrolment } from "~/modules/staff/two-factor.server";
import { PENDING_SIGN_IN_MS } from "~/modules/staff/two-factor-sign-in.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["admin", "account"] };

export const meta = () => [{ title: "Admin | Alu Krov" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  const redirectTo = localPath(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  // A session that still owes its second factor signs in again rather than loop back here.
  if (user?.isBackofficeUser && (await secondFactorGiven(await getSession(request), user))) throw redirect(redirectTo);
  return { constraint: formConstraint(adminLoginSchema), redirectTo };
}

/** Backoffice sign-in: only backoffice users get in; the session id is rotated on success. */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, adminLoginSchema);
  if (submission.status !== "success") return refuse(submission);
  const { email, password, redirectTo } = submission.value;
  try {
    // The backoffice's own, stricter lock (login-throttle.server.ts, decision 0033); a second
    // factor still owed keeps the count, so its wrong codes add up with wrong passwords (0086).
    let owed: Awaited<ReturnType<typeof secondFactorOwed>> = null;
    const user = await throttled(
      email,
      "backoffice",
      () => authenticate(email, password),
      async (found) => {
        owed = found.isBackofficeUser ? await secondFactorOwed(found.id, found.scope) : null;
        return owed === null;
      },
    );
    if (!user.isBackofficeUser) return refuse(submission, { status: 403, formErrors: ["admin.notBackoffice"] });
    const headers = new Headers();
    const target = localPath(redirectTo, "/admin");
    if (owed) {
      // Not signed in yet: a new session that only knows who gave the password (decision 0086).
      if (owed === "enrol") await startEnrolment(user.id);
      const pendingSignIn = { userId: user.id, redirectTo: target, enrol: owed === "enrol", until: Date.now() + PENDING_SIGN_IN_MS };
      headers.append("Set-Cookie", await rotateSession(await getSession(request), { pendingSignIn }));
      return redirect("/adminLogin/two-factor", { headers });
    }
    headers.append(
      "Set-Cookie",
      await rotateSession(await getSession(request), { userId: user.id, authAt: Date.now(), backofficeSignIn: true }),
    );
    await setToast({ type: "success", key: "core.login.success" }, headers);
    return redirect(target, { headers });
  } catch (error) {
    return answerDomainError(error, submission);
  }
}

export default function AdminLogin() {
  const { constraint, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<AdminLoginInput>({ id: "admin-login", lastResult, constraint });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <SecureForm {...getFormProps(form)} className="w-full max-w-sm space-y-1 rounded-lg bg-white p-8 shadow" data-testid="admin-login">
        <h1 className="mb-4 text-xl font-bold">{t("admin.loginTitle")}</h1>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} type="email" label={t("admin.email")} autoComplete="username" />
        <Field meta={fields.password} type="password" label={t("admin.password")} autoComplete="current-password" />
        <FormError id={form.errorId} errors={form.errors} />
        <Button className="w-full" pending={navigation.state === "submitting"}>
          {t("admin.signIn")}
        </Button>
      </SecureForm>
    </main>
  );
}
