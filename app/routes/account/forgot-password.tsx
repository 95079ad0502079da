import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/.server/env.server";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { useTranslation } from "~/lib/i18n";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { peekAccountToken } from "~/modules/account/account-tokens.server";
import { redirectWithToast } from "~/routes/http/account-route.server";
import { forgotPasswordSchema, passwordPageSchema, resetPasswordSchema } from "~/modules/account/account.schema";
import { ForgotPasswordForm, ResetPasswordForm } from "~/modules/account/password-forms";
import { requestPasswordReset, resetPassword } from "~/modules/account/password.server";
import { requestLocale } from "~/.server/shopper.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "routes"] };

/**
 * Forgot password (/zaboravljena-lozinka, /forgot-password). Without a token: the e-mail
 * form, answered the same whether or not the address has an account. With ?token= from
 * the mail: the form for the new password. A page with a token is private (never in the
 * shared page cache: the token is a secret).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const token = new URL(request.url).searchParams.get("token");
  const base = { locale, title: `${t("routes.forgotPassword")} | Alu Krov`, description: metaDescription(t, "forgotPassword") };
  if (token === null) return data({ ...base, reset: null, constraint: formConstraint(forgotPasswordSchema) });
  const valid = await peekAccountToken("resetPassword", token);
  return data(
    { ...base, reset: { token: valid ? token : null }, constraint: formConstraint(resetPasswordSchema) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = loaderCacheControl;

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, passwordPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const { locale } = requestLocale(request);
  const input = submission.value;
  if (input.intent === "reset") {
    const done = await resetPassword(input.token, input.newPassword);
    if (!done) return redirectWithToast(href("forgotPassword", locale), "error", "account.notifications.invalidLink");
    return redirectWithToast(href("login", locale), "success", "account.notifications.passwordReset");
  }
  await requestPasswordReset(input.email, locale, env.PUBLIC_URL);
  return redirectWithToast(href("forgotPassword", locale), "info", "account.notifications.resetSent");
}

export default function ForgotPasswordPage() {
  const { locale, reset, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12" data-testid="forgot-password-page">
      <h1 className="text-3xl font-bold text-brand-900">{reset ? t("account.forgot.resetTitle") : t("routes.forgotPassword")}</h1>
      {reset === null ? (
        <>
          <p className="text-slate-700">{t("account.forgot.lead")}</p>
          <ForgotPasswordForm locale={locale} lastResult={lastResult} constraint={constraint} />
        </>
      ) : reset.token ? (
        <>
          <p className="text-slate-700">{t("account.forgot.resetLead")}</p>
          <ResetPasswordForm locale={locale} lastResult={lastResult} constraint={constraint} token={reset.token} />
        </>
      ) : (
        <p role="alert" className="text-red-700" data-testid="reset-invalid">
          {t("account.notifications.invalidLink")}{" "}
          <Link to={href("forgotPassword", locale)} className="text-brand-700 underline">
            {t("account.forgot.requestNew")}
          </Link>
        </p>
      )}
    </section>
  );
}
