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
import { peekAccountToken } from "~/modules/account/account-tokens.server";
import { resetPasswordSchema, type ResetPasswordInput } from "~/modules/account/account.schema";
import { acceptInvitation } from "~/modules/staff/staff-invite.server";

// Message namespaces this page needs beside the root's: docs/decisions/0015.
export const handle = { i18n: ["admin", "account", "adminUsers"] };

export const meta = () => [{ title: "Admin | Alu Krov" }, { name: "robots", content: "noindex" }];

/**
 * A backoffice invitation's link (/adminLogin/invite?token=..., decision 0043): the
 * invitee chooses a password (the shop's rules: min 8, twice) and is signed in to /admin.
 * A link that is unknown, used or expired says so, never a 500. Private: the token is a secret.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };
export const headers = () => PRIVATE;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await peekAccountToken("invite", token);
  return data({ token: valid ? token : null, constraint: formConstraint(resetPasswordSchema) }, { headers: PRIVATE });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, resetPasswordSchema);
  if (submission.status !== "success") return refuse(submission);
  const { token, newPassword } = submission.value;
  const userId = await acceptInvitation(token, newPassword);
  if (userId === null) return refuse(submission, { status: 410, formErrors: ["adminUsers.accept.expired"] });
  const headers = new Headers();
  headers.append("Set-Cookie", await rotateSession(await getSession(request), { userId }));
  await setToast({ type: "success", key: "adminUsers.accept.done" }, headers);
  return redirect("/admin", { headers });
}

export default function AdminInvite() {
  const { token, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<ResetPasswordInput>({ id: "invite-accept", lastResult, constraint });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm space-y-4 rounded-lg bg-white p-8 shadow" data-testid="admin-invite">
        <h1 className="text-xl font-bold">{t("adminUsers.accept.title")}</h1>
        {token ? (
          <SecureForm {...getFormProps(form)} action={`/adminLogin/invite?token=${encodeURIComponent(token)}`} className="space-y-1">
            <p className="mb-3 text-sm text-slate-600">{t("adminUsers.accept.help")}</p>
            <input type="hidden" name={fields.token.name} value={token} />
            <Field meta={fields.newPassword} type="password" label={t("account.fields.newPassword")} autoComplete="new-password" />
            <Field
              meta={fields.newPasswordAgain}
              type="password"
              label={t("account.fields.newPasswordAgain")}
              autoComplete="new-password"
            />
            <FormError id={form.errorId} errors={form.errors} />
            <Button className="w-full" pending={navigation.state === "submitting"}>
              {t("adminUsers.accept.submit")}
            </Button>
          </SecureForm>
        ) : (
          <>
            <p role="alert" className="text-sm text-red-700" data-testid="invite-expired">
              {t("adminUsers.accept.expired")}
            </p>
            <Link to="/adminLogin" className="text-sm underline">
              {t("admin.signIn")}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
