import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getDb } from "~/.server/db/client.server";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { useTranslation } from "~/lib/i18n";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { href } from "~/lib/routes-table";
import { addressBookSchema, changePasswordSchema, loginSchema, profileSchema, registerSchema } from "~/modules/account/account.schema";
import { AddressBook } from "~/modules/account/address-book";
import { allowedCountries, listAddresses } from "~/modules/account/addresses.server";
import { LoginForm } from "~/modules/account/login-form";
import { LogoutButton } from "~/modules/account/logout-button";
import { OrderHistory } from "~/modules/account/order-history";
import { ORDERS_PAGE_PARAM } from "~/modules/account/order-fields";
import { getOrderHistory } from "~/modules/account/orders.server";
import { profileAction } from "~/routes/account/profile-action.server";
import { ChangePasswordForm, ProfileForm } from "~/modules/account/profile-forms";
import { RegisterForm } from "~/modules/account/register-form";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { getFormConsents } from "~/modules/consent/consent.server";
import { getSiteContext } from "~/modules/site/site.server";
import { positiveInt } from "~/lib/pagination";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";
import { WISHLIST_PAGE_PARAM } from "~/lib/wishlist-fields";
import { WishlistList } from "~/modules/wishlist/wishlist-list";
import { wishlistPage } from "~/modules/wishlist/wishlist.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "catalog", "orders", "payment", "routes"] };

/**
 * Profile (/profil, /profile; spec §2 Profile): for a signed-in customer the profile
 * form, change password, addresses, order history with its count and the logout button;
 * for an anonymous visitor a login form and a register form on the same page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const title = `${t("routes.profile")} | Alu Krov`;
  const [user, countries] = await Promise.all([getCurrentUser(request), getDb().then(allowedCountries)]);
  if (!user) {
    const consents = await getFormConsents("registerForm", locale).catch((error: unknown) => {
      if (isDomainError(error)) return null;
      throw error;
    });
    const constraints = { login: formConstraint(loginSchema), register: formConstraint(registerSchema) };
    return data({ locale, title, account: null, consents, countries, constraints });
  }
  const query = new URL(request.url).searchParams;
  const page = positiveInt(query.get(WISHLIST_PAGE_PARAM), 1);
  const ordersPage = positiveInt(query.get(ORDERS_PAGE_PARAM), 1);
  const [addresses, orders, site] = await Promise.all([
    listAddresses(user.id),
    getOrderHistory(user.id, ordersPage),
    getSiteContext(locale),
  ]);
  // Back-office users have no wishlist (spec §4 Wishlist).
  const wishlist = user.isBackofficeUser ? null : await wishlistPage(user.id, page, locale, await shopperPriceGroup({ user }));
  const account = {
    wishlist,
    currency: site.currency,
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, memberCardBarcode: user.memberCardBarcode },
    addresses: addresses.map(({ defaultDelivery: _d, defaultBilling: _b, ...a }) => ({ ...a, id: String(a.id) })),
    defaultAddresses: {
      delivery: addresses.find((a) => a.defaultDelivery)?.id.toString() ?? null,
      billing: addresses.find((a) => a.defaultBilling)?.id.toString() ?? null,
    },
    orders,
  };
  const constraints = {
    profile: formConstraint(profileSchema),
    password: formConstraint(changePasswordSchema),
    address: formConstraint(addressBookSchema),
  };
  // A customer's own page: never kept by a shared cache.
  return data({ locale, title, account, consents: null, countries, constraints }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = loaderCacheControl;

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  const { locale } = requestLocale(request);
  const user = await getCurrentUser(request);
  // Authorisation here, not in the page: a post without a session goes to the login page.
  if (!user) throw redirect(`${href("login", locale)}?redirectTo=${encodeURIComponent(href("profile", locale))}`);
  return profileAction(request, user, locale, href("profile", locale));
}

export default function ProfilePage() {
  const loaded = useLoaderData<typeof loader>();
  const { locale, account, consents, countries, constraints } = loaded;
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  if (!account) {
    return (
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]" data-testid="profile-anonymous">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t("routes.profile")}</h1>
          <p className="mt-2 text-slate-700">{t("account.profile.anonymousLead")}</p>
          <h2 className="mt-6 mb-3 text-xl font-semibold">{t("routes.login")}</h2>
          <LoginForm locale={locale} redirectTo={href("profile", locale)} constraint={"login" in constraints ? constraints.login : {}} />
        </div>
        <div>
          <h2 className="mb-3 text-xl font-semibold">{t("routes.register")}</h2>
          <RegisterForm
            locale={locale}
            consents={consents}
            countries={countries}
            constraint={"register" in constraints ? constraints.register : {}}
          />
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12" data-testid="profile-page">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">
          {t("account.profile.greeting", { name: account.user.firstName || account.user.email })}
        </h1>
        <LogoutButton />
      </div>
      <Block title={t("account.profile.details")}>
        <ProfileForm user={account.user} lastResult={lastResult} constraint={"profile" in constraints ? constraints.profile : {}} />
      </Block>
      <Block title={t("account.profile.password")}>
        <ChangePasswordForm lastResult={lastResult} constraint={"password" in constraints ? constraints.password : {}} />
      </Block>
      <Block title={t("account.profile.addresses")}>
        <AddressBook
          addresses={account.addresses}
          defaults={account.defaultAddresses}
          countries={countries}
          lastResult={lastResult}
          constraint={"address" in constraints ? constraints.address : {}}
        />
      </Block>
      <Block title={t("account.profile.orders")}>
        <OrderHistory
          count={account.orders.count}
          orders={account.orders.orders}
          pagination={account.orders.pagination}
          locale={locale}
          pageParam={ORDERS_PAGE_PARAM}
        />
      </Block>
      {account.wishlist ? (
        <Block title={t("wishlist.title")}>
          <WishlistList data={account.wishlist.data} pagination={account.wishlist.pagination} currency={account.currency} locale={locale} />
        </Block>
      ) : null}
    </section>
  );
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 border-b border-slate-200 pb-2 text-xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}
