import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Bare cards" }];

/**
 * The same-size floor (decision 0070): `?cards=n` product cards with the shop's card markup
 * (app/modules/catalog/product-card.tsx as it renders: wishlist button, picture with srcset,
 * discount badge, name, short description, prices) and `?links=m` navigation links standing
 * for the header, filters and footer a shop page carries around its cards. The loader's
 * payload has the shop's card fields, so Remix serialises data of the same shape and size.
 * Nothing behind it: no database, no i18n, no session. The bench sets n and m so the HTML is
 * as large as the shop page it compares with.
 */
type Card = {
  id: number;
  slug: string;
  name: string;
  sku: string;
  shortDescription: string;
  image: { id: number; uuid: string; alt: string; width: number; height: number; focalX: number; focalY: number; slug: string };
  retailPriceCents: number;
  finalPriceCents: number;
  discountPercent: number;
  membershipPriceCents: number | null;
  catalogueCents: number | null;
  fromPrice: boolean;
  madeToOrder: boolean;
  inStock: boolean;
};

const MAX = 500;
const count = (value: string | null, fallback: number) => {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isNaN(parsed) ? fallback : Math.min(MAX, Math.max(0, parsed));
};

function card(i: number): Card {
  const name = `Krovni sendvič panel ${40 + (i % 8) * 10} mm PIR, RAL ${7016 + (i % 5)} antracit ${i + 1}`;
  const slug = `krovni-sendvic-panel-${i + 1}`;
  const retail = 18990 + i * 125;
  const discount = i % 3 === 0 ? 11 : 0;
  return {
    id: i + 1,
    slug,
    name,
    sku: `AK-${1000 + i}`,
    shortDescription: "Drveni krovni prozor s dvostrukim staklom i opšavom za profilirane pokrove do 120 mm vala.",
    image: {
      id: i + 1,
      uuid: `16edb796-805b-5209-b14c-6e30855879${String(i % 100).padStart(2, "0")}`,
      alt: name,
      width: 480,
      height: 360,
      focalX: 50,
      focalY: 50,
      slug,
    },
    retailPriceCents: retail,
    finalPriceCents: discount ? Math.round((retail * (100 - discount)) / 100) : retail,
    discountPercent: discount,
    membershipPriceCents: i % 2 === 0 ? retail - 1000 : null,
    catalogueCents: null,
    fromPrice: i % 7 === 0,
    madeToOrder: false,
    inStock: i % 11 !== 0,
  };
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cards = count(url.searchParams.get("cards"), 24);
  const links = count(url.searchParams.get("links"), 0);
  return {
    cards: Array.from({ length: cards }, (_, i) => card(i)),
    links: Array.from({ length: links }, (_, i) => ({
      href: `/kategorija/krovni-paneli-${i + 1}`,
      label: `Krovni paneli i opšavi ${i + 1}`,
    })),
  };
}

const price = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} EUR`;

function ProductCard({ product }: { product: Card }) {
  const link = `/product/${product.slug}`;
  const media = `/media/${product.image.id}/${product.image.uuid}`;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      data-testid="product-card"
    >
      <button
        type="submit"
        form="wishlist-form"
        name="productId"
        value={product.id}
        aria-pressed="false"
        aria-label={`Dodaj ${product.name} na listu želja`}
        title={`Dodaj ${product.name} na listu želja`}
        data-testid="wishlist-toggle"
        className="rounded-full bg-white/90 p-2 shadow hover:bg-white absolute top-2 right-2 z-10"
      >
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-slate-600" strokeWidth="2" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.5-9.3C1 8.2 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 6 3.7 4.5 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      <Link to={link} prefetch="intent" className="relative block aspect-square bg-slate-50">
        <img
          src={`${media}/medium/${product.image.slug}.webp`}
          srcSet={`${media}/medium/${product.image.slug}.webp 480w, ${media}/large/${product.image.slug}.webp 800w`}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          width={product.image.width}
          height={product.image.height}
          alt={product.image.alt}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain p-4"
        />
        {product.discountPercent > 0 ? (
          <span
            className="absolute top-2 left-2 rounded bg-accent-700 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="discount-badge"
          >
            −{product.discountPercent}%
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-brand-900">
          <Link to={link} prefetch="intent" className="hover:text-brand-600">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-5 text-sm text-slate-600">{product.shortDescription}</p>
        <div className="mt-auto pt-2" data-testid="card-price">
          {product.discountPercent > 0 ? (
            <span className="mr-2 text-sm text-slate-500 line-through">{price(product.retailPriceCents)}</span>
          ) : null}
          <span className="text-lg font-bold text-brand-900">
            {product.fromPrice ? `od ${price(product.finalPriceCents)}` : price(product.finalPriceCents)}
          </span>
          {product.membershipPriceCents !== null ? (
            <p className="text-xs text-brand-700">Cijena za članove: {price(product.membershipPriceCents)}</p>
          ) : null}
          {!product.inStock ? <p className="text-xs text-red-700">Nema na zalihi</p> : null}
        </div>
      </div>
    </article>
  );
}

export default function Cards() {
  const { cards, links } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Krovni paneli</h1>
      <nav aria-label="Kategorije">
        <ul className="grid gap-2 sm:grid-cols-4">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="text-sm text-slate-700 hover:text-brand-600">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </main>
  );
}
