import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { safeRedirect } from "remix-utils/safe-redirect";
import { isDomainError } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import { readForm } from "~/.server/security.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { INTENTS } from "~/modules/account/account-fields";
import { clientIp, homeOf, redirectWithToast, refuse, rememberedRedirect, shopOrigin } from "~/modules/account/account-route.server";
import { FORM_NAMES, loginSchema, parseForm } from "~/modules/account/account.schema";
import { LoginForm } from "~/modules/account/login-form";
import { logIn } from "~/modules/account/login.server";
import { verifyEmailAddress } from "~/modules/account/register.server";
import { getCurrentUser } from "~/modules/account/user.server";
import { requestLocale } from "~/modules/site/locale.server";

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
  return { locale, title: `${t("routes.login")} | Alu Krov`, redirectTo: rememberedRedirect(url.searchParams.get("redirectTo")) };
}

export const meta = titleMeta;

/**
 * Spec §4 Auth Login: "fetch user, abandoned cart session and wishlist, success toast,
 * reset form, go home if on login page" — or to the remembered local redirect.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { locale } = requestLocale(request);
  const parsed = parseForm(loginSchema, form, FORM_NAMES.login);
  if (!parsed.ok) return refuse(INTENTS.login, form, parsed.errors);
  try {
    const headers = await logIn({
      request,
      username: parsed.data.username,
      password: parsed.data.password,
      clientIp: clientIp(context),
      locale,
      origin: shopOrigin(request),
    });
    return redirect(safeRedirect(form.get("redirectTo"), homeOf(locale)), { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse(INTENTS.login, form, { form: error.key }, error.status);
  }
}

export default function LoginPage() {
  const { locale, redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12" data-testid="login-page">
      <h1 className="text-3xl font-bold text-brand-900">{t("routes.login")}</h1>
      <LoginForm locale={locale} redirectTo={redirectTo} answer={answer} busy={navigation.state === "submitting"} />
      <p className="text-sm text-slate-700">
        {t("account.login.noAccount")}{" "}
        <Link to={href("register", locale)} className="text-brand-700 underline">
          {t("account.login.registerLink")}
        </Link>
      </p>
    </section>
  );
}
