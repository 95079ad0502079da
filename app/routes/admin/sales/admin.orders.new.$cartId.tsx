import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { hasErrorCode } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { getFixedT } from "~/.server/i18n.server";
import { requestLocale } from "~/.server/shopper.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { FormError } from "~/components/ui/message";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { StepErrors } from "~/modules/checkout/checkout-steps.server";
import { PhoneOrderLines } from "~/modules/phone-order/phone-order-lines";
import { DiscardForm, PhoneOrderCheckout } from "~/modules/phone-order/phone-order-checkout";
import { phoneOrderPage } from "~/modules/phone-order/phone-order-page.server";
import {
  addLineSchema,
  addressSchemaOfPhoneOrder,
  couponSchema,
  phoneOrderSchema,
  placeSchema,
  shippingSchema,
} from "~/modules/phone-order/phone-order.schema";
import { discardPhoneOrder, heldCart } from "~/modules/phone-order/phone-order.server";
import {
  addLineBySku,
  applyPhoneCoupon,
  placePhoneOrder,
  removeLine,
  removePhoneCoupon,
  savePhoneAddresses,
  savePhoneShipping,
  setLineQuantity,
} from "~/modules/phone-order/phone-order-cart.server";

export const handle = { i18n: ["adminOrders", "account", "cart", "checkout", "product"] };

/** The fields a refusal of a service can name on this page's forms (the rest is the form-wide line). */
const ERROR_FIELDS = ["sku", "quantity", "lengthMm", "couponCode", "methodId", "note", "delivery.country", "billing.country"];

/**
 * A phone order (/admin/orders/new/:cartId, decision 0109): the cart a staff member builds
 * for a customer, priced as the shop prices every cart, its addresses, delivery and payment
 * as checkout takes them, then placed through checkout's path. Every form is a plain post
 * that comes back here (POST → redirect → GET); a refusal shows at its field, nothing changed.
 */
async function heldOr404(request: Request, param: string | undefined) {
  const cartId = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  try {
    if (cartId === null) throw new Error("not a cart id");
    return await heldCart(cartId);
  } catch (error) {
    if (cartId !== null && !hasErrorCode(error, "phoneOrderNotFound")) throw error;
    const t = await getFixedT(requestLocale(request).locale, ["adminOrders"]);
    throw data({ detail: t("adminOrders.phone.notFound") }, { status: 404 });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const held = await heldOr404(request, params.cartId);
  const address = new URL(request.url).searchParams.get("address");
  const chosen = address && /^\d{1,9}$/.test(address) ? Number(address) : null;
  return {
    page: await phoneOrderPage(held, chosen),
    constraints: {
      add: formConstraint(addLineSchema),
      coupon: formConstraint(couponSchema),
      address: formConstraint(addressSchemaOfPhoneOrder),
      shipping: formConstraint(shippingSchema),
      place: formConstraint(placeSchema),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const held = await heldOr404(request, params.cartId);
  const { submission } = await readSubmission(request, phoneOrderSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const self = `/admin/orders/new/${held.cart.id}`;
  const back = async (key: string) => redirect(self, { headers: await setToast({ type: "success", key }) });
  try {
    switch (input.intent) {
      case "add":
        await addLineBySku(held, input);
        return back("adminOrders.phone.lineAdded");
      case "quantity":
        await setLineQuantity(held, input.itemId, input.quantity);
        return back("adminOrders.phone.quantitySaved");
      case "remove":
        await removeLine(held, input.itemId);
        return back("adminOrders.phone.lineRemoved");
      case "coupon":
        await applyPhoneCoupon(held, input.couponCode);
        return back("adminOrders.phone.couponApplied");
      case "removeCoupon":
        await removePhoneCoupon(held);
        return back("adminOrders.phone.couponRemoved");
      case "address":
        await savePhoneAddresses(held, input);
        return back("adminOrders.phone.addressesSaved");
      case "shipping":
        await savePhoneShipping(held, input);
        return back("adminOrders.phone.shippingSaved");
      case "place": {
        const order = await placePhoneOrder(staff, held, input);
        return redirect(`/admin/orders/${order.slug}`, {
          headers: await setToast({ type: "success", key: "adminOrders.phone.placed", values: { slug: order.slug } }),
        });
      }
      case "discard":
        await discardPhoneOrder(staff, held);
        return redirect("/admin/orders", { headers: await setToast({ type: "success", key: "adminOrders.phone.discarded" }) });
    }
  } catch (error) {
    if (error instanceof StepErrors) {
      const { form, ...fieldErrors } = error.errors;
      return refuse(submission, {
        formErrors: form ? [form] : undefined,
        fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, key]) => [name, [key]])),
      });
    }
    return answerDomainError(error, submission, ERROR_FIELDS);
  }
}

export default function PhoneOrder() {
  const { page, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { customer } = page;
  const discard = resultFor(answer, "discard") ?? resultFor(answer, "removeCoupon");
  return (
    <AdminPage
      title={t("adminOrders.phone.titleFor", { name: `${customer.firstName} ${customer.lastName}`.trim() || customer.email })}
      testId="admin-phone-order"
      actions={<DiscardForm />}
    >
      <p className="text-sm text-slate-700" data-testid="phone-order-customer">
        {[customer.email, customer.phone].filter(Boolean).join(" · ")}
        {customer.guest ? ` (${t("adminOrders.phone.withoutAccount")})` : ""}
      </p>
      {discard ? <FormError errors={discard.error?.[""]} /> : null}
      <PhoneOrderLines page={page} answer={answer} constraints={constraints} />
      <PhoneOrderCheckout page={page} answer={answer} constraints={constraints} />
    </AdminPage>
  );
}
