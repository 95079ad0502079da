import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { requireStaff } from "~/routes/http/staff.server";
import { getAssignmentEditor, saveAssignment } from "~/modules/consent/consent-admin.server";
import { AssignmentEditor } from "~/modules/consent/consent-assignment-editor";
import { assignmentSchema } from "~/modules/consent/consent-admin.schema";
import { isFormKind, type FormKind } from "~/modules/consent/consent.schema";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["consent"] };

/** /admin/consent/{form kind} (spec §2): which consents a form shows and requires. */
function formKind(slug: string | undefined): FormKind {
  if (!isFormKind(slug)) throw new Response("Not Found", { status: 404 });
  return slug;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  const kind = formKind(params.slug);
  const { locale } = requestLocale(request);
  return { kind, rows: await getAssignmentEditor(kind, locale) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const kind = formKind(params.slug);
  const { submission } = await readSubmission(request, assignmentSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await saveAssignment(staff, kind, submission.value);
  } catch (error) {
    return answerDomainError(error, submission);
  }
  return redirect(`/admin/consent/${kind}`, { headers: await setToast({ type: "success", key: "consent.admin.saved" }) });
}

export default function AdminConsentAssignment() {
  const { kind, rows } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <Link to="/admin/consent" className="text-sm text-brand-700 underline">
        {t("consent.admin.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("consent.admin.editTitle", { form: t(`consent.formKind.${kind}`) })}</h1>
      <AssignmentEditor kind={kind} rows={rows} errors={lastResult?.error?.[""]} />
    </section>
  );
}
