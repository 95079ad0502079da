import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { localPath } from "~/lib/local-path";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse, refuseWith } from "~/.server/forms.server";
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
import { getCurrentUser } from "~/modules/account/user.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["admin", "account"] };

export const meta = () => [{ title: "Admin | Alu Krov" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  const redirectTo = localPath(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  if (user?.isBackofficeUser) throw redirect(redirectTo);
  return { constraint: formConstraint(adminLoginSchema), redirectTo };
}

/** Backoffice sign-in: only backoffice users get in; the session id is rotated on success. */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, adminLoginSchema);
  if (submission.status !== "success") return refuse(submission);
  const { email, password, redirectTo } = submission.value;
  try {
    // The backoffice's own, stricter lock (login-throttle.server.ts, decision 0033).
    const user = await throttled(email, "backoffice", () => authenticate(email, password));
    if (!user.isBackofficeUser) return refuse(submission, { status: 403, formErrors: ["admin.notBackoffice"] });
    const headers = new Headers();
    headers.append("Set-Cookie", await rotateSession(await getSession(request), { userId: user.id }));
    await setToast({ type: "success", key: "core.login.success" }, headers);
    return redirect(localPath(redirectTo, "/admin"), { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuseWith(submission, error);
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
