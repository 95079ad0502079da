import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { safeRedirect } from "remix-utils/safe-redirect";
import { isDomainError } from "~/.server/domain-error";
import { readForm } from "~/.server/security.server";
import { getSession, rotateSession } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { authenticate } from "~/modules/account/auth.server";
import { getCurrentUser } from "~/modules/account/user.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["admin"] };

export const meta = () => [{ title: "Admin | Alu Krov" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (user?.isBackofficeUser) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin"));
  return null;
}

/** Backoffice sign-in: only backoffice users get in; the session id is rotated on success. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  try {
    const user = await authenticate(email, password);
    if (!user.isBackofficeUser) return data({ error: "admin.notBackoffice" }, { status: 403 });
    const headers = new Headers();
    headers.append("Set-Cookie", await rotateSession(await getSession(request), { userId: user.id }));
    await setToast({ type: "success", key: "core.login.success" }, headers);
    return redirect(safeRedirect(form.get("redirectTo"), "/admin"), { headers });
  } catch (error) {
    if (isDomainError(error)) return data({ error: error.key }, { status: error.status });
    throw error;
  }
}

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <SecureForm className="w-full max-w-sm space-y-4 rounded-lg bg-white p-8 shadow" data-testid="admin-login">
        <h1 className="text-xl font-bold">{t("admin.loginTitle")}</h1>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/admin"} />
        <label className="block">
          <span className="text-sm">{t("admin.email")}</span>
          <input name="email" type="email" required autoComplete="username" className="mt-1 w-full rounded border px-3 py-2" />
        </label>
        <label className="block">
          <span className="text-sm">{t("admin.password")}</span>
          <input name="password" type="password" required minLength={8} autoComplete="current-password" className="mt-1 w-full rounded border px-3 py-2" />
        </label>
        <p role="alert" className="min-h-5 text-sm text-red-700">{actionData?.error ? t(actionData.error) : null}</p>
        <button type="submit" disabled={navigation.state === "submitting"} className="w-full rounded bg-brand-600 py-2 font-semibold text-white disabled:opacity-60">
          {t("admin.signIn")}
        </button>
      </SecureForm>
    </main>
  );
}
