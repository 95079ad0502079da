import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { API_KEY_KIND_OPTIONS, API_KEY_STATES, apiKeyListQuery, apiKeyPostSchema } from "~/modules/api/api-keys-admin.schema";
import { createApiKeyAsStaff, listApiKeysForAdmin, revokeApiKeyAsStaff } from "~/modules/api/api-keys.server";
import { requestLocale } from "~/.server/shopper.server";
import { requireStepUp, stepUpNeeded } from "~/routes/http/step-up.server";
import { StepUpField } from "~/modules/staff/step-up-field";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminApi"] };

/**
 * API keys (/admin/api-keys, decision 0057): the keys with their kind,
 * prefix, maker, last use, budget and state; a new key's token is shown once, right after
 * it is made (only its hash is kept); revoking asks for a confirmation tick. Admins only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const query = await readListQuery(request, apiKeyListQuery);
  return {
    locale: requestLocale(request).locale,
    query,
    rows: await listApiKeysForAdmin(query),
    stepUp: await stepUpNeeded(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { form, submission } = await readSubmission(request, apiKeyPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    if (input.intent === "create") {
      // A new key opens the shop to another program: the password again (decision 0086).
      const renewed = await requireStepUp(request, staff, form);
      const { key, token } = await createApiKeyAsStaff(staff, { name: input.name, kind: input.kind, rateLimit: input.rateLimit });
      // No redirect: the token is in this one answer and nowhere else.
      return data({ created: { id: key.id, name: key.name, token } }, renewed ? { headers: { "Set-Cookie": renewed } } : undefined);
    }
    const key = await revokeApiKeyAsStaff(staff, input.id);
    return redirect("/admin/api-keys", {
      headers: await setToast({ type: "success", key: "adminApi.revoked", values: { name: key.name } }),
    });
  } catch (error) {
    return answerDomainError(error, submission, ["confirm"]);
  }
}

const field = "rounded border border-slate-300 px-3 py-2 font-normal";

export default function AdminApiKeys() {
  const { locale, query, rows, stepUp } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const created = answer && "created" in answer ? answer.created : null;
  const refused = answer && "initialValue" in answer ? answer : null;
  const posted = refused?.initialValue as Record<string, unknown> | undefined;
  const errorsFor = (intent: string, id?: number) =>
    posted?.intent === intent && (id === undefined || posted?.id === String(id))
      ? Object.values(refused?.error ?? {}).flatMap((list) => list ?? [])
      : [];
  const date = (value: string | Date | null) =>
    value ? formatDate(value, locale, { style: "numeric", time: "short" }) : t("adminApi.never");
  const csvQuery = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  ).toString();
  return (
    <AdminPage
      title={t("adminApi.title")}
      testId="admin-api-keys"
      actions={
        <a
          href={`/admin/api-keys.csv${csvQuery ? `?${csvQuery}` : ""}`}
          className={buttonClass({ size: "sm", variant: "secondary" })}
          data-testid="api-keys-csv"
        >
          {t("adminApi.csv")}
        </a>
      }
    >
      {created ? (
        <div className="rounded border border-amber-300 bg-amber-50 p-4 text-sm" role="status" data-testid="api-key-created">
          <p className="font-semibold">{t("adminApi.createdTitle", { name: created.name })}</p>
          <p className="mt-1">{t("adminApi.createdOnce")}</p>
          <code className="mt-2 block break-all rounded bg-white p-2 font-mono" data-testid="api-key-token">
            {created.token}
          </code>
        </div>
      ) : null}
      <SecureForm className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4" data-testid="api-key-create">
        <input type="hidden" name="intent" value="create" />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminApi.fields.name")}
          <input name="name" required maxLength={100} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminApi.fields.kind")}
          <select name="kind" defaultValue="integration" className={field}>
            {API_KEY_KIND_OPTIONS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`adminApi.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminApi.fields.rateLimit")}
          <input name="rateLimit" type="number" required min={10} max={10000} defaultValue={120} className={field} />
        </label>
        <StepUpField needed={stepUp} />
        <Button>{t("adminApi.create")}</Button>
        <FormError errors={errorsFor("create")} testId="api-key-create-error" />
      </SecureForm>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4"
        data-testid="list-filters"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminApi.search")}
          <input type="search" name="q" defaultValue={query.q ?? ""} maxLength={100} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminApi.fields.state")}
          <select name="state" defaultValue={query.state ?? ""} className={field}>
            <option value="">{t("adminApi.state.all")}</option>
            {API_KEY_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`adminApi.state.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary">{t("adminApi.filter")}</Button>
        <Link to="/admin/api-keys" className="text-sm text-brand-700 underline">
          {t("adminApi.reset")}
        </Link>
      </Form>
      {rows.length === 0 ? <p className="text-sm text-slate-600">{t("adminApi.empty")}</p> : null}
      {/* Without keys nothing inside takes the focus: the box then does, so a keyboard can scroll it on a phone. */}
      <div
        className="relative overflow-x-auto rounded border border-slate-200 bg-white"
        {...(rows.length === 0 ? { tabIndex: 0, role: "region", "aria-label": t("adminApi.title") } : {})}
      >
        <table className="w-full text-left text-sm" data-testid="api-keys-table">
          <caption className="sr-only">{t("adminApi.title")}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.kind")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.prefix")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.created")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.lastUsed")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.rateLimit")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("adminApi.fields.state")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((key) => (
              <tr key={key.id} data-testid="api-key-row">
                <td className="px-3 py-2 font-semibold">{key.name}</td>
                <td className="px-3 py-2">{t(`adminApi.kind.${key.kind}`)}</td>
                <td className="px-3 py-2 font-mono">{key.prefix}…</td>
                <td className="px-3 py-2">
                  {date(key.createdAt)}
                  <span className="block text-xs text-slate-600">{key.createdByEmail ?? t("adminApi.system")}</span>
                </td>
                <td className="px-3 py-2">{date(key.lastUsedAt)}</td>
                <td className="px-3 py-2">{key.rateLimit}</td>
                <td className="px-3 py-2">
                  {key.revokedAt ? (
                    <span data-testid="api-key-state">{t("adminApi.revokedAt", { date: date(key.revokedAt) })}</span>
                  ) : (
                    <SecureForm className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={key.id} />
                      <span data-testid="api-key-state">{t("adminApi.state.live")}</span>
                      <label className="flex items-center gap-1 text-xs">
                        <input type="checkbox" name="confirm" required className="size-4 accent-brand-600" />
                        {t("adminApi.revokeConfirm")}
                      </label>
                      <Button size="sm" variant="secondary">
                        {t("adminApi.revoke")}
                      </Button>
                      <FormError errors={errorsFor("revoke", key.id)} testId="api-key-error" />
                    </SecureForm>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
