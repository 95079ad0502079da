import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { customerSearchSchema, startNewCustomerSchema, startSchema } from "~/modules/phone-order/phone-order.schema";
import { searchCustomers, startForCustomer, startForNewCustomer } from "~/modules/phone-order/phone-order.server";

export const handle = { i18n: ["adminOrders", "account", "checkout"] };

/**
 * "Nova narudžba" (/admin/orders/new, decision 0109): the customer of a phone order, found by
 * name, e-mail or phone (a GET form: the search is in the URL) or typed in as one without an
 * account. Choosing starts a cart held by the staff member and opens the phone order page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sales");
  const { q } = await readListQuery(request, customerSearchSchema);
  return { q: q ?? "", customers: await searchCustomers(q), constraint: formConstraint(startNewCustomerSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "sales");
  const { submission } = await readSubmission(request, startSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    const cartId =
      input.intent === "customer"
        ? await startForCustomer(staff, input.customerId)
        : await startForNewCustomer(staff, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
          });
    return redirect(`/admin/orders/new/${cartId}`, { headers: await setToast({ type: "success", key: "adminOrders.phone.started" }) });
  } catch (error) {
    return answerDomainError(error, submission, ["email"]);
  }
}

export default function NewPhoneOrder() {
  const { q, customers, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const chosen = resultFor(answer, "customer");
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "phone-new-customer",
    lastResult: resultFor(answer, "newCustomer"),
    constraint,
  });
  return (
    <AdminPage
      title={t("adminOrders.phone.title")}
      testId="admin-phone-order-start"
      actions={
        <Link to="/admin/orders" className="text-sm underline">
          {t("adminOrders.phone.back")}
        </Link>
      }
    >
      <section className="space-y-3 rounded border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("adminOrders.phone.existing")}</h2>
        <Form method="get" className="flex items-end gap-2" role="search">
          <label className="text-sm">
            <span className="block">{t("adminOrders.phone.search")}</span>
            <input type="search" name="q" defaultValue={q} maxLength={100} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <Button variant="secondary">{t("adminOrders.phone.find")}</Button>
        </Form>
        {chosen ? <FormError errors={chosen.error?.[""] ?? chosen.error?.customerId} testId="phone-order-customer-error" /> : null}
        {q && customers.length === 0 ? <p className="text-slate-600">{t("adminOrders.phone.noCustomers")}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="phone-order-customers">
          {customers.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="block font-semibold">{`${c.firstName} ${c.lastName}`.trim() || c.email}</span>
                <span className="block text-sm text-slate-600">{[c.email, c.company, c.phone].filter(Boolean).join(" · ")}</span>
              </span>
              <SecureForm method="post">
                <input type="hidden" name="intent" value="customer" />
                <input type="hidden" name="customerId" value={c.id} />
                <Button size="sm" aria-label={t("adminOrders.phone.chooseOf", { email: c.email })}>
                  {t("adminOrders.phone.choose")}
                </Button>
              </SecureForm>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-3 rounded border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("adminOrders.phone.newCustomer")}</h2>
        <SecureForm {...getFormProps(form)} className="grid max-w-2xl gap-2 sm:grid-cols-2" data-testid="phone-order-new-customer">
          <input type="hidden" name="intent" value="newCustomer" />
          <Field meta={fields.firstName} label={t("adminOrders.phone.firstName")} autoComplete="off" />
          <Field meta={fields.lastName} label={t("adminOrders.phone.lastName")} autoComplete="off" />
          <Field meta={fields.email} label={t("adminOrders.phone.email")} type="email" autoComplete="off" />
          <Field meta={fields.phone} label={t("adminOrders.phone.phone")} type="tel" autoComplete="off" />
          <FormError id={form.errorId} errors={form.errors} />
          <div className="sm:col-span-2">
            <Button>{t("adminOrders.phone.startNew")}</Button>
          </div>
        </SecureForm>
      </section>
    </AdminPage>
  );
}
