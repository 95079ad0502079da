import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFixedT } from "~/.server/i18n.server";
import { readForm } from "~/.server/security.server";
import { titleMeta } from "~/lib/meta";
import { checkoutAction } from "~/modules/checkout/checkout-action.server";
import type { CheckoutAnswer } from "~/modules/checkout/checkout-fields";
import { CheckoutPage } from "~/modules/checkout/checkout-page";
import { checkoutGate } from "~/modules/checkout/checkout.server";
import { checkoutView } from "./checkout-view.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "cart", "checkout", "routes"] };

/**
 * Checkout (/naplata, /checkout, /kasse; spec §2 Checkout, issue 6): the gate decides who
 * may check out (empty cart → cart, visitor → login unless guest checkout is on), the
 * page shows the three steps, the action saves a step or places the order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await checkoutGate(request);
  const t = await getFixedT(ctx.locale);
  const view = await checkoutView(request, ctx);
  // A shopper's own addresses and cart: never kept by a shared cache.
  return data({ ...view, title: `${t("routes.checkout")} | Alu Krov` }, { headers: { "Cache-Control": "private, no-store" } });
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
  return checkoutAction(request, form);
}

export default function Checkout() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CheckoutAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  return <CheckoutPage data={view} answer={answer} busy={busy} />;
}
