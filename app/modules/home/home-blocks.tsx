import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { Carousel } from "~/components/carousel";
import type { FormConstraint } from "~/lib/forms/use-shop-form";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { ProductCardView } from "~/modules/catalog/product-card";
import type { ProductCard } from "~/modules/catalog/product-cards.server";
import type { FormConsent } from "~/modules/consent/consent-fields";
import { serverFirst } from "~/lib/server-first";
import { NewsletterForm as NewsletterFormNow } from "~/modules/newsletter/newsletter-form";
import type { HomeBlocks as Blocks } from "./home.server";

// Below the fold and on conform: server first, so the home page's first-load JavaScript stays in budget.
// Pure: the route imports this module only for the server render (serverFirst), so the browser bundle may drop it.
const NewsletterForm = /* @__PURE__ */ serverFirst(import.meta.env.SSR ? NewsletterFormNow : null, () =>
  import("~/modules/newsletter/newsletter-form").then((m) => m.NewsletterForm),
);

type Props = {
  blocks: Blocks;
  currency: Pick<Currency, "label" | "symbol">;
  locale: Locale;
  editMode: boolean;
  newsletterConsents: readonly FormConsent[] | null;
  /** HTML constraints of the newsletter's schema (`formConstraint`). */
  newsletterConstraint: FormConstraint;
};

/**
 * The shop blocks under the home page's hero and text (spec §2 Home): the two hero
 * products, the top products slider, a slider per category and the newsletter. Only the
 * hero images load eagerly; the sliders sit below the fold and load as they come near.
 */
export function HomeBlocks({ blocks, currency, locale, editMode, newsletterConsents, newsletterConstraint }: Props) {
  const { t } = useTranslation();
  const card = (product: ProductCard, eager = false) => (
    <ProductCardView key={product.id} product={product} currency={currency} locale={locale} eager={eager} />
  );
  return (
    <>
      {blocks.hero.length > 0 ? (
        <section aria-labelledby="home-hero-products-title" className="mx-auto max-w-7xl px-4 py-12" data-testid="home-hero-products">
          <h2 id="home-hero-products-title" className="mb-6 text-2xl font-bold text-brand-900">
            {t("home.heroProducts")}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">{blocks.hero.map((p) => card(p, true))}</div>
        </section>
      ) : null}
      {blocks.top.length > 0 ? (
        <section aria-labelledby="home-top-products-title" className="mx-auto max-w-7xl px-4 py-8" data-testid="home-top-products">
          <h2 id="home-top-products-title" className="mb-6 text-2xl font-bold text-brand-900">
            {t("home.topProducts")}
          </h2>
          <Carousel
            slides={blocks.top.map((p) => card(p))}
            autoplay={false}
            editMode={editMode}
            label={t("home.topProducts")}
            testId="top-slider"
          />
        </section>
      ) : null}
      {blocks.categories.map((category) => (
        <section
          key={category.id}
          aria-labelledby={`home-category-${category.id}`}
          className="mx-auto max-w-7xl px-4 py-8"
          data-testid="home-category"
        >
          <div className="mb-6 flex items-baseline justify-between gap-4">
            <h2 id={`home-category-${category.id}`} className="text-2xl font-bold text-brand-900">
              <Link to={category.href} prefetch="intent" className="hover:text-brand-600" data-testid="home-category-link">
                {category.name}
              </Link>
            </h2>
            <Link to={category.href} prefetch="intent" className="shrink-0 text-sm font-semibold text-brand-700 underline">
              {t("home.viewAll")}
              <span className="sr-only">: {category.name}</span>
            </Link>
          </div>
          <Carousel
            slides={category.products.map((p) => card(p))}
            autoplay={false}
            editMode={editMode}
            label={category.name}
            testId="category-slider"
          />
        </section>
      ))}
      <NewsletterForm consents={newsletterConsents} constraint={newsletterConstraint} />
    </>
  );
}
