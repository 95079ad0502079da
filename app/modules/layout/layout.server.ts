import { getCartBadge } from "~/modules/cart/cart-badge.server";
import type { Shopper } from "~/.server/shopper.server";
import { SELLER_OPTION } from "~/modules/kernel/options";
import { getSiteContext } from "~/modules/site/site.server";

type Img = { src: string; alt: string };
type FooterOptions = {
  company?: { name: string; street: string; city: string; country: string; phone: string; email: string; oib: string };
  textBlocks?: { title: string; text: string }[];
  euNotice?: { text: string; logos: Img[] };
  logos?: Img[];
  certificates?: Img[];
};

type Company = NonNullable<FooterOptions["company"]>;

/**
 * The footer's company block: the seller's details from /admin/settings (SellerDetails, the
 * same as on invoices and payment slips), over the footer element's own block, which keeps
 * the country name in the page's language (docs/decisions/0050).
 */
function footerCompany(element: FooterOptions["company"], seller: unknown): Company | null {
  const details = (seller && typeof seller === "object" ? seller : {}) as Partial<Record<keyof Company, unknown>>;
  const pick = (key: keyof Company) => (typeof details[key] === "string" && details[key] ? (details[key] as string) : element?.[key]);
  if (!element && !details.name) return null;
  return {
    name: pick("name") ?? "",
    street: pick("street") ?? "",
    city: pick("city") ?? "",
    country: element?.country ?? pick("country") ?? "",
    phone: pick("phone") ?? "",
    email: pick("email") ?? "",
    oib: pick("oib") ?? "",
  };
}

/** The small, serialisable slice of the site context that header and footer render. */
export async function layoutData(shopper: Shopper, host: string) {
  const { locale } = shopper;
  const [ctx, cart] = await Promise.all([getSiteContext(locale), getCartBadge(shopper)]);
  const header = (ctx.elements.header?.options ?? {}) as { phone?: string; email?: string; tagline?: string };
  const footer = (ctx.elements.footer?.options ?? {}) as FooterOptions;
  const text = (value: unknown) =>
    value && typeof value === "object" ? ((value as Record<string, string>)[locale] ?? (value as Record<string, string>).hr) : null;
  const company = footerCompany(footer.company, ctx.options[SELLER_OPTION]);
  return {
    locale,
    siteName: ctx.site.name,
    logo: (ctx.options.Logo as Img | null) ?? { src: "/brand/logo.svg", alt: ctx.site.name },
    // The header's phone and e-mail are the company's from /admin/settings, like the footer's;
    // the header element's own are only for a shop that has not filled those in.
    header: {
      phone: company?.phone || header.phone || null,
      email: company?.email || header.email || null,
      tagline: header.tagline ?? null,
    },
    mainNav: ctx.navigations.main ?? [],
    footerNavs: (["footer1", "footer2", "footer3", "footer4"] as const).map((handle) => ({
      handle,
      links: ctx.navigations[handle] ?? [],
    })),
    footer: {
      company,
      textBlocks: footer.textBlocks ?? [],
      euNotice: footer.euNotice ?? null,
      logos: footer.logos ?? [],
      certificates: footer.certificates ?? [],
    },
    copyright: (text(ctx.options.CopyrightText) ?? "").replace("{year}", String(new Date().getFullYear())),
    cookieText: text(ctx.options.CookieNotice) ?? (ctx.elements.cookie?.options as { text?: string })?.text ?? "",
    cartCount: cart.count,
    // A dead cart session to clear (see getCartBadge); not rendered.
    cartSession: cart.cartSession,
    // The splash intro plays only on the configured forced domain (spec §2 Other behaviour).
    showSplash: Boolean(ctx.site.forcedDomain) && host === ctx.site.forcedDomain,
  };
}

export type LayoutData = Omit<Awaited<ReturnType<typeof layoutData>>, "cartSession">;
