import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Carousel } from "~/components/carousel";
import { buttonClass } from "~/components/ui/button-class";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { Currency } from "~/lib/prices";
import { ProductCardView } from "~/modules/catalog/product-card";
import { serverFirst } from "~/lib/server-first";
import { FormBlock as FormBlockNow } from "~/modules/forms/form-block";
import { ResponsiveImage } from "~/modules/media/responsive-image";
import { PROSE } from "./page-article";
import type { ComponentView, LinkView } from "./page-component-views";

type Props = { components: readonly ComponentView[]; currency: Pick<Currency, "label" | "symbol">; locale: Locale };

const SECTION = "mx-auto w-full max-w-7xl px-4 py-8";
const H2 = "mb-6 text-2xl font-bold text-brand-900";

/** A resolved CMS link: a new tab (with no handle on this window) for external addresses (spec §2 Links). */
function CmsLink({ link, className, children }: { link: LinkView; className?: string; children: ReactNode }) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel={`noopener noreferrer${link.rel ? ` ${link.rel}` : ""}`} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={link.href} prefetch="intent" className={className}>
      {children}
    </Link>
  );
}

const BUTTON = buttonClass({ size: "lg" });
// A form is on conform: server first, so pages without one (the home page) do not load it.
// Pure: the route imports this module only for the server render (serverFirst), so the browser bundle may drop it.
const FormBlock = /* @__PURE__ */ serverFirst(import.meta.env.SSR ? FormBlockNow : null, () =>
  import("~/modules/forms/form-block").then((m) => m.FormBlock),
);

/**
 * The components of a CMS page in their stored order (decision 0014). Each section's root
 * carries its place in `components`: the in-page editor's outlines find a section by it, so
 * a section that renders nothing (a product slider without products) shifts no other. Everything here
 * renders on the server; only the product slider and the forms do anything once hydrated.
 * The text component's HTML was sanitised on save and again when the page was read.
 */
export function PageComponents({ components, currency, locale }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-components">
      {components.map((component, index) => {
        const key = `${component.type}-${index}`;
        const heading = (title: string, id: string) =>
          title ? (
            <h2 id={id} className={H2}>
              {title}
            </h2>
          ) : null;
        const labelled = (title: string, id: string) => (title ? { "aria-labelledby": id } : {});
        const id = `page-component-${index}`;
        switch (component.type) {
          case "hero":
            return (
              <section key={key} className="bg-brand-900 text-white" data-component="hero" data-component-index={index}>
                <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 md:grid-cols-2">
                  <div>
                    <h2 className="text-3xl font-bold md:text-4xl">{component.title}</h2>
                    {component.text ? <p className="mt-4 text-lg text-brand-50">{component.text}</p> : null}
                    {component.cta ? (
                      <CmsLink link={component.cta} className={`${BUTTON} mt-6 bg-white !text-brand-900 hover:bg-brand-50`}>
                        {component.cta.label}
                      </CmsLink>
                    ) : null}
                  </div>
                  {component.image ? (
                    <ResponsiveImage media={component.image} size="large" eager className="h-auto w-full rounded" />
                  ) : null}
                </div>
              </section>
            );
          case "text":
            return (
              <section key={key} className="mx-auto max-w-3xl px-4 py-6" data-component="text" data-component-index={index}>
                {/* Sanitised by app/modules/kernel/sanitize.server.ts on save and again on read. */}
                <div className={PROSE} dangerouslySetInnerHTML={{ __html: component.html }} />
              </section>
            );
          case "image":
            return (
              <figure key={key} className="mx-auto max-w-4xl px-4 py-6" data-component="image" data-component-index={index}>
                <ResponsiveImage media={component.image} size="large" className="h-auto w-full rounded" />
                {component.caption ? <figcaption className="mt-2 text-sm text-slate-500">{component.caption}</figcaption> : null}
              </figure>
            );
          case "gallery":
            return (
              <section
                key={key}
                className={SECTION}
                data-component="gallery"
                data-component-index={index}
                {...labelled(component.title, id)}
              >
                {heading(component.title, id)}
                <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
                  {component.images.map((image) => (
                    <li key={image.driveId}>
                      <ResponsiveImage media={image} className="aspect-square h-auto w-full rounded object-cover" />
                    </li>
                  ))}
                </ul>
              </section>
            );
          case "productSlider":
            return component.products.length > 0 ? (
              <section
                key={key}
                className={SECTION}
                data-component="productSlider"
                data-component-index={index}
                {...labelled(component.title, id)}
              >
                {heading(component.title, id)}
                <Carousel
                  slides={component.products.map((p) => (
                    <ProductCardView key={p.id} product={p} currency={currency} locale={locale} />
                  ))}
                  autoplay={false}
                  label={component.title || t("pages.products")}
                  testId="page-product-slider"
                />
                {component.more ? (
                  <Link
                    to={component.more.href}
                    prefetch="intent"
                    className="mt-4 inline-block text-sm font-semibold text-brand-700 underline"
                  >
                    {t("pages.viewAll")}
                  </Link>
                ) : null}
              </section>
            ) : null;
          case "postList":
            return (
              <section
                key={key}
                className={SECTION}
                data-component="postList"
                data-component-index={index}
                {...labelled(component.title, id)}
              >
                {heading(component.title, id)}
                {component.posts.length === 0 ? (
                  <p className="text-slate-600">{t("pages.noPosts")}</p>
                ) : (
                  <ul className="grid gap-4 md:grid-cols-3">
                    {component.posts.map((post) => (
                      <li key={post.id} className="rounded border border-slate-200 p-4">
                        <Link to={post.href} prefetch="intent" className="font-semibold text-brand-800 hover:underline">
                          {post.title}
                        </Link>
                        {post.publishedAt ? (
                          <p className="mt-1 text-sm text-slate-500">
                            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale, { style: "numeric" })}</time>
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          case "form":
            return <FormBlock key={key} form={component.form} inPage sectionIndex={index} />;
          case "cta":
            return (
              <section key={key} className="bg-brand-50" data-component="cta" data-component-index={index}>
                <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10 md:flex-row md:items-center md:justify-between">
                  <div>
                    <h2 className="text-2xl font-bold text-brand-900">{component.title}</h2>
                    {component.text ? <p className="mt-2 text-slate-700">{component.text}</p> : null}
                  </div>
                  <CmsLink link={component.link} className={BUTTON}>
                    {component.link.label}
                  </CmsLink>
                </div>
              </section>
            );
          case "map":
            return (
              <section key={key} className={SECTION} data-component="map" data-component-index={index} {...labelled(component.title, id)}>
                {heading(component.title, id)}
                <address className="not-italic text-slate-700">{component.address}</address>
                <a
                  href={component.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-block font-semibold text-brand-700 underline"
                >
                  {t("pages.openMap")}
                </a>
              </section>
            );
          case "logoList":
            return (
              <section
                key={key}
                className={SECTION}
                data-component="logoList"
                data-component-index={index}
                {...labelled(component.title, id)}
              >
                {heading(component.title, id)}
                <ul className="flex flex-wrap items-center gap-8">
                  {component.logos.map(({ image, link }) => (
                    <li key={image.driveId}>
                      {link ? (
                        <CmsLink link={link}>
                          <ResponsiveImage media={image} size="thumbnail" className="h-12 w-auto" />
                        </CmsLink>
                      ) : (
                        <ResponsiveImage media={image} size="thumbnail" className="h-12 w-auto" />
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          case "certificates":
            return (
              <section
                key={key}
                className={SECTION}
                data-component="certificates"
                data-component-index={index}
                {...labelled(component.title, id)}
              >
                {heading(component.title, id)}
                <ul className="grid gap-4 md:grid-cols-3">
                  {component.items.map((item) => (
                    <li key={item.title} className="flex gap-4 rounded border border-slate-200 p-4">
                      {item.image ? <ResponsiveImage media={item.image} size="thumbnail" className="h-12 w-12" /> : null}
                      <div>
                        <h3 className="font-semibold text-slate-900">{item.title}</h3>
                        {item.text ? <p className="mt-1 text-sm text-slate-600">{item.text}</p> : null}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
