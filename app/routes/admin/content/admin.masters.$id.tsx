import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { requestLocale } from "~/.server/shopper.server";
import { setToast } from "~/.server/toast.server";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { masterCopies, linkMasterCopies } from "~/modules/cms/master-copies.server";
import { discardMasterDraft, publishMasterDraft, restoreMasterVersion, saveMasterDraft } from "~/modules/cms/master-drafts.server";
import {
  chosenMediaIds,
  linkAddress,
  MASTER_FIELDS,
  MASTER_FORM_FIELDS,
  masterActionSchema,
  masterFieldsOf,
  masterFormSchema,
} from "~/modules/cms/master-form.server";
import { MasterCopies, MasterDraftBar, MasterForm, MasterHistory, MasterUsedBy } from "~/modules/cms/master-screen";
import { masterDetail, masterVersions } from "~/modules/cms/masters.server";
import { mediaChoices } from "~/modules/media/media-upload.server";
import { getSiteContext } from "~/modules/site/site.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";

export const handle = { i18n: ["adminContent", "editing", "admin"] };

/**
 * One master component (/admin/masters/:id, decision 0133): edited here, in one place, as a
 * draft ("Spremi skicu") that pages do not show until "Objavi"; then every page that
 * references it shows the change at once. Its history restores a published state, and pages
 * holding an old copy of it can be linked to it.
 */
const NOT_FOUND = "editing.errors.noMaster";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const detail = await masterDetail(id);
  if (!detail) throw await rowNotFound(request, NOT_FOUND);
  const shown = (detail.draft?.component ?? detail.component) as Record<string, unknown>;
  const fields = MASTER_FIELDS[detail.component.type] ?? [];
  const chosen = await chosenMediaIds(shown);
  const { homeSlug } = await getSiteContext("hr");
  const linkKey = detail.component.type === "hero" ? "cta" : "link";
  return {
    detail,
    fields,
    chosen,
    link: linkAddress(shown[linkKey] as Parameters<typeof linkAddress>[0], homeSlug),
    linkLabel: String((shown[linkKey] as { label?: string } | null | undefined)?.label ?? ""),
    media: fields.includes("image") || fields.includes("images") ? await mediaChoices({ include: chosen }) : [],
    versions: await masterVersions(id),
    copies: await masterCopies(id),
    constraint: formConstraint(masterFormSchema),
    locale: requestLocale(request).locale,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdParam(request, params.id, NOT_FOUND);
  const { submission } = await readSubmission(request, masterActionSchema);
  if (submission.status !== "success") return refuse(submission);
  const post = submission.value;
  const back = `/admin/masters/${id}`;
  const done = async (key: string, values?: Record<string, number>) =>
    redirect(back, { headers: await setToast({ type: "success", key, values }) });
  try {
    switch (post.intent) {
      case "draft":
      case "publish": {
        const detail = await masterDetail(id);
        if (!detail) throw await rowNotFound(request, NOT_FOUND);
        const current = (detail.draft?.component ?? detail.component) as Record<string, unknown>;
        const { homeSlug } = await getSiteContext("hr");
        const fields = await masterFieldsOf(post, current, homeSlug);
        const { revision } = await saveMasterDraft(staff, id, { revision: post.revision, version: post.version, name: post.name, fields });
        if (post.intent === "draft") return await done("adminContent.masters.draftSaved");
        await publishMasterDraft(staff, id, revision);
        return await done("adminContent.masters.published");
      }
      case "discard":
        await discardMasterDraft(id, post.revision);
        return await done("adminContent.masters.discarded");
      case "restore":
        await restoreMasterVersion(staff, id, { versionId: post.versionId, version: post.version });
        return await done("adminContent.masters.restored");
      case "linkCopies":
      case "linkCopy": {
        const only = post.intent === "linkCopy" ? { pageId: post.pageId, languageCode: post.languageCode } : undefined;
        return await done("adminContent.masters.linked", { count: await linkMasterCopies(staff, id, only) });
      }
    }
  } catch (error) {
    if (isDomainError(error) && error.code === "noMaster") throw await rowNotFound(request, NOT_FOUND);
    return answerDomainError(error, submission, MASTER_FORM_FIELDS);
  }
}

export default function AdminMaster() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { detail } = data;
  // A refusal of the draft/publish form shows in the form; the other buttons' refusals above it.
  const formAnswer = resultFor(answer, "draft") ?? resultFor(answer, "publish");
  const otherError = !formAnswer && answer && "error" in answer ? answer.error : null;
  return (
    <AdminPage
      title={t("adminContent.masters.titleOf", { name: detail.name })}
      testId="admin-master"
      actions={
        <Link to="/admin/masters" className="text-sm underline">
          {t("adminContent.masters.back")}
        </Link>
      }
    >
      <p className="text-sm text-slate-700">{t("adminContent.masters.intro", { type: t(`editing.types.${detail.component.type}`) })}</p>
      <MasterDraftBar detail={detail} errors={otherError ? Object.values(otherError).flatMap((e) => e ?? []) : []} />
      {/* A new draft revision or version is a new form: its hook starts from what the server holds now. */}
      <MasterForm key={`${detail.version}-${detail.draft?.info.revision ?? 0}`} data={data} lastResult={formAnswer} />
      <MasterUsedBy usedBy={detail.usedBy} />
      <MasterCopies copies={data.copies} />
      <MasterHistory versions={data.versions} liveVersion={detail.version} locale={data.locale} />
    </AdminPage>
  );
}
