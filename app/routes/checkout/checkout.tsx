import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { loaderCacheControl, titleMeta } from "~/lib/meta";
import { checkoutAction } from "~/routes/checkout/checkout-action.server";
import { CheckoutPage } from "~/modules/checkout/checkout-page";
import { STEP_PARAM } from "~/modules/checkout/checkout-fields";
import { openCheckout } from "~/routes/checkout/checkout-gate.server";
import { addressStepSchema, guestStepSchema, paymentStepSchema, shippingStepSchema } from "~/modules/checkout/checkout.schema";
import { checkoutView } from "~/routes/checkout/checkout-view.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "cart", "checkout", "routes"] };

/**
 * Checkout (/naplata, /checkout, /kasse; spec §2 Checkout, decision 0011): the gate decides who
 * may check out (empty cart → cart, visitor → login unless guest checkout is on), the
 * page shows the three steps, the action saves a step or places the order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { checkout: ctx } = await openCheckout(request);
  const t = await getFixedT(ctx.locale);
  const view = await checkoutView(new URL(request.url).searchParams.get(STEP_PARAM), ctx);
  const constraints = {
    guest: formConstraint(guestStepSchema),
    address: formConstraint(addressStepSchema),
    shipping: formConstraint(shippingStepSchema),
    payment: formConstraint(paymentStepSchema),
  };
  // A shopper's own addresses and cart: never kept by a shared cache.
  return data(
    { ...view, constraints, title: `${t("routes.checkout")} | Alu Krov`, description: metaDescription(t, "checkout") },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = loaderCacheControl;

export const meta = titleMeta;

export async function action({ request }: ActionFunctionArgs) {
  return checkoutAction(request);
}

export default function Checkout() {
  const { constraints, ...view } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <CheckoutPage data={view} lastResult={lastResult} constraints={constraints} />;
}
