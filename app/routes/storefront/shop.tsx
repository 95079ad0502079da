import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { href } from "~/lib/routes-table";
import { answerPage } from "~/routes/http/page-outcome.server";
import { titleMeta } from "~/lib/meta";
import { loadShopPage } from "~/modules/catalog/shop-page.server";
import { ShopPage } from "~/modules/catalog/shop-view";
import { requestLocale, shopperOf } from "~/.server/shopper.server";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["catalog", "shop"] };

/** /shop/{slug?}: the shop root (no slug) or a category and its products (spec §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const group = await shopperPriceGroup(await shopperOf(request));
  return answerPage(await loadShopPage(new URL(request.url), params.slug, locale, group), locale, href("shop", locale));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

export default function Shop() {
  return <ShopPage data={useLoaderData<typeof loader>()} />;
}
