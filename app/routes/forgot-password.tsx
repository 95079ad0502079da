import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { readForm } from "~/.server/security.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { peekAccountToken } from "~/modules/account/account-tokens.server";
import { redirectWithToast, refuse, shopOrigin } from "~/modules/account/account-route.server";
import { FORM_NAMES, forgotPasswordSchema, parseForm, resetPasswordSchema } from "~/modules/account/account.schema";
import { ForgotPasswordForm, ResetPasswordForm } from "~/modules/account/password-forms";
import { requestPasswordReset, resetPassword } from "~/modules/account/password.server";
import { requestLocale } from "~/modules/site/locale.server";

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
  const base = { locale, title: `${t("routes.forgotPassword")} | Alu Krov` };
  if (token === null) return data({ ...base, reset: null });
  const valid = await peekAccountToken("resetPassword", token);
  return data({ ...base, reset: { token: valid ? token : null } }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { locale } = requestLocale(request);
  if (form.get("intent") === "reset") {
    const parsed = parseForm(resetPasswordSchema, form, FORM_NAMES.resetPassword);
    if (!parsed.ok) return refuse("reset", form, parsed.errors);
    const done = await resetPassword(form.get("token"), parsed.data.newPassword);
    if (!done) return redirectWithToast(href("forgotPassword", locale), "error", "account.notifications.invalidLink");
    return redirectWithToast(href("login", locale), "success", "account.notifications.passwordReset");
  }
  const parsed = parseForm(forgotPasswordSchema, form, FORM_NAMES.forgotPassword);
  if (!parsed.ok) return refuse("forgot", form, parsed.errors);
  await requestPasswordReset(parsed.data.email, locale, shopOrigin(request));
  return redirectWithToast(href("forgotPassword", locale), "info", "account.notifications.resetSent");
}

export default function ForgotPasswordPage() {
  const { locale, reset } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12" data-testid="forgot-password-page">
      <h1 className="text-3xl font-bold text-brand-900">{reset ? t("account.forgot.resetTitle") : t("routes.forgotPassword")}</h1>
      {reset === null ? (
        <>
          <p className="text-slate-700">{t("account.forgot.lead")}</p>
          <ForgotPasswordForm locale={locale} answer={answer} busy={busy} />
        </>
      ) : reset.token ? (
        <>
          <p className="text-slate-700">{t("account.forgot.resetLead")}</p>
          <ResetPasswordForm locale={locale} answer={answer} busy={busy} token={reset.token} />
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
