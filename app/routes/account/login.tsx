import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { env } from "~/.server/env.server";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { localPath } from "~/lib/local-path";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { homeOf, redirectWithToast, rememberedRedirect } from "~/routes/http/account-route.server";
import { loginSchema } from "~/modules/account/account.schema";
import { LoginForm } from "~/modules/account/login-form";
import { logIn } from "~/modules/account/login.server";
import { sessionHeaders } from "~/.server/shopper-cookies.server";
import { verifyEmailAddress } from "~/modules/account/register.server";
import { getCurrentUser, requestLocale, shopperOf } from "~/.server/shopper.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "routes"] };

/**
 * Login (/prijava, /login; spec §2, §4 Auth, §5 Login). GET with ?verificationToken=…
 * confirms a registration's e-mail (spec §2 "The login page triggers e-mail verification")
 * and comes back here without the token. A signed-in customer is sent to the profile.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("verificationToken");
  if (token !== null) {
    const confirmed = await verifyEmailAddress(token);
    return confirmed
      ? redirectWithToast(href("login", locale), "success", "core.notifications.emailConfirmed")
      : redirectWithToast(href("login", locale), "error", "account.notifications.invalidLink");
  }
  if (await getCurrentUser(request)) throw redirect(href("profile", locale));
  const t = await getFixedT(locale);
  // The remembered redirect is in the URL, so the page stays the same for every visitor of it (page cache).
  return {
    locale,
    title: `${t("routes.login")} | Alu Krov`,
    description: metaDescription(t, "login"),
    redirectTo: rememberedRedirect(url.searchParams.get("redirectTo")),
    constraint: formConstraint(loginSchema),
  };
}

export const meta = titleMeta;

/**
 * Spec §4 Auth Login: "fetch user, abandoned cart session and wishlist, success toast,
 * reset form, go home if on login page" — or to the remembered local redirect.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, loginSchema);
  if (submission.status !== "success") return refuse(submission);
  const shopper = await shopperOf(request);
  try {
    const signedIn = await logIn({
      shopper,
      username: submission.value.username,
      password: submission.value.password,
      origin: env.PUBLIC_URL,
    });
    const headers = await sessionHeaders(signedIn, { type: "success", key: "core.login.success" });
    return redirect(localPath(submission.value.redirectTo, homeOf(shopper.locale)), { headers });
  } catch (error) {
    return answerDomainError(error, submission);
  }
}

export default function LoginPage() {
  const { locale, redirectTo, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12" data-testid="login-page">
      <h1 className="text-3xl font-bold text-brand-900">{t("routes.login")}</h1>
      <LoginForm locale={locale} redirectTo={redirectTo} lastResult={lastResult} constraint={constraint} />
      <p className="text-sm text-slate-700">
        {t("account.login.noAccount")}{" "}
        <Link to={href("register", locale)} className="text-brand-700 underline">
          {t("account.login.registerLink")}
        </Link>
      </p>
    </section>
  );
}
