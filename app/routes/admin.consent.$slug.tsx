import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { isDomainError } from "~/.server/domain-error";
import { readForm } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { requireBackofficeUser } from "~/modules/account/user.server";
import { getAssignmentEditor, saveAssignment } from "~/modules/consent/consent-admin.server";
import { AssignmentEditor } from "~/modules/consent/consent-assignment-editor";
import { isFormKind, readConsentIds, type FormKind } from "~/modules/consent/consent.schema";
import { requestLocale } from "~/modules/site/locale.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["consent"] };

/** /admin/consent/{form kind} (spec §2): which consents a form shows and requires. */
function formKind(slug: string | undefined): FormKind {
  if (!isFormKind(slug)) throw new Response("Not Found", { status: 404 });
  return slug;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackofficeUser(request);
  const kind = formKind(params.slug);
  const { locale } = requestLocale(request);
  return { kind, rows: await getAssignmentEditor(kind, locale) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireBackofficeUser(request);
  const kind = formKind(params.slug);
  const form = await readForm(request);
  try {
    await saveAssignment(kind, { consents: readConsentIds(form, "consents"), requiredConsents: readConsentIds(form, "requiredConsents") });
  } catch (error) {
    if (isDomainError(error)) return data({ error: error.key }, { status: error.status });
    throw error;
  }
  return redirect(`/admin/consent/${kind}`, { headers: await setToast({ type: "success", key: "consent.admin.saved" }) });
}

export default function AdminConsentAssignment() {
  const { kind, rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <Link to="/admin/consent" className="text-sm text-brand-700 underline">
        {t("consent.admin.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("consent.admin.editTitle", { form: t(`consent.formKind.${kind}`) })}</h1>
      <AssignmentEditor kind={kind} rows={rows} error={actionData?.error} />
    </section>
  );
}
