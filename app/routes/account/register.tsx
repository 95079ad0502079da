import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getDb } from "~/.server/db/client.server";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { registerSchema } from "~/modules/account/account.schema";
import { allowedCountries } from "~/modules/account/addresses.server";
import { registerAction } from "~/routes/account/register-action.server";
import { RegisterForm } from "~/modules/account/register-form";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { getFormConsents } from "~/modules/consent/consent.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "routes"] };

/** Register (/registracija, /register; spec §2, §3 Registration form, §5 Register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  if (await getCurrentUser(request)) throw redirect(href("profile", locale));
  const t = await getFixedT(locale);
  const consents = await getFormConsents("registerForm", locale).catch((error: unknown) => {
    if (isDomainError(error)) return null; // error.consentsNotFetched, shown instead of the form
    throw error;
  });
  return {
    locale,
    title: `${t("routes.register")} | Alu Krov`,
    description: metaDescription(t, "register"),
    consents,
    countries: await allowedCountries(await getDb()),
    constraint: formConstraint(registerSchema),
  };
}

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return registerAction(request, requestLocale(request).locale);
}

export default function RegisterPage() {
  const { locale, consents, countries, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12" data-testid="register-page">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t("routes.register")}</h1>
        <p className="mt-2 text-slate-700">{t("account.register.lead")}</p>
      </div>
      <RegisterForm locale={locale} consents={consents} countries={countries} lastResult={lastResult} constraint={constraint} />
      <p className="text-sm text-slate-700">
        {t("account.register.haveAccount")}{" "}
        <Link to={href("login", locale)} className="text-brand-700 underline">
          {t("account.register.loginLink")}
        </Link>
      </p>
    </section>
  );
}
