import { redirect } from "@remix-run/node";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { csvDate, type CsvColumn } from "~/modules/kernel/csv.server";
import { csvResponse } from "~/routes/http/csv.server";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { rowIdParam, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { createPage } from "~/modules/cms/page-content.server";
import { storeUploads } from "~/modules/media/media-upload.server";
import { requestLocale } from "~/.server/shopper.server";
import {
  newPageSchema,
  pageBulkSchema,
  pagePostSchema,
  pageSettingsSchema,
  pageTextSchema,
} from "~/modules/content-admin/content-admin.schema";
import {
  bulkPages,
  deletePage,
  restorePageVersion,
  savePageSettings,
  savePageText,
  translateFromOriginal,
} from "~/modules/content-admin/page-admin.server";
import { pageEditView } from "~/modules/content-admin/page-admin-view.server";
import { serpContext } from "~/modules/site/serp-context.server";
import { exportPages, listPages, pageListQuery, type PageListRow } from "~/modules/content-admin/page-list.server";
import { contentPath, type PostType } from "~/modules/content-admin/page-states";
import { answerDomainError } from "~/.server/http/domain-error.server";

/**
 * The loaders and actions of /admin/pages and /admin/posts (decision 0054): the two
 * screens are one editor for two post types, so their route modules only name the type.
 */
const contentBase = contentPath;
const notFound = (request: Request) => rowNotFound(request, "adminContent.errors.notFound");

export async function pageListLoader(request: Request, postType: PostType) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, pageListQuery);
  const { rows, page } = await listPages(postType, query);
  return { postType, locale: requestLocale(request).locale, query, rows, page };
}

export async function pageListAction(request: Request, postType: PostType) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, pageBulkSchema);
  if (submission.status !== "success") {
    const confirmMissing = submission.error?.confirm?.length;
    if (!confirmMissing) throw new Response("Bad Request", { status: 400 });
    return redirect(backToList(request), {
      status: 303,
      headers: await setToast({ type: "warning", key: "adminContent.confirmRequired" }),
    });
  }
  const { changed, skipped } = await bulkPages(staff, postType, submission.value.intent, submission.value.ids);
  const toast = {
    type: changed > 0 ? ("success" as const) : ("warning" as const),
    key: "adminContent.bulk.done",
    values: { changed, skipped },
  };
  return redirect(backToList(request), { headers: await setToast(toast) });
}

export async function newPageLoader(request: Request, postType: PostType) {
  await requireStaff(request, "editor");
  return { postType, constraint: formConstraint(newPageSchema) };
}

export async function newPageAction(request: Request, postType: PostType) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, newPageSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  try {
    const { pageId } = await createPage(staff, {
      postType,
      languageCode: "hrv",
      title: input.title,
      slug: input.slug,
      template: postType === "post" ? "blank" : input.template,
      publish: false,
    });
    return redirect(`${contentBase(postType)}/${pageId}`, {
      headers: await setToast({ type: "success", key: "adminContent.done.created" }),
    });
  } catch (error) {
    return answerDomainError(error, submission, ["slug"]);
  }
}

export async function pageEditLoader(request: Request, postType: PostType, rawId: string | undefined) {
  await requireStaff(request, "editor");
  const id = await rowIdParam(request, rawId, "adminContent.errors.notFound");
  const [view, serp] = await Promise.all([pageEditView(id, postType), serpContext()]);
  if (!view) throw await notFound(request);
  return {
    serp,
    postType,
    locale: requestLocale(request).locale,
    view,
    textConstraint: formConstraint(pageTextSchema),
    settingsConstraint: formConstraint(pageSettingsSchema),
  };
}

const TEXT_FIELDS = ["slug", "title"] as const;

export async function pageEditAction(request: Request, postType: PostType, rawId: string | undefined) {
  const staff = await requireStaff(request, "editor");
  const id = await rowIdParam(request, rawId, "adminContent.errors.notFound");
  const { form, submission } = await readSubmission(request, pagePostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const here = `${contentBase(postType)}/${id}`;
  const done = async (key: string, to = here) => redirect(to, { headers: await setToast({ type: "success", key }) });
  try {
    switch (input.intent) {
      case "text":
        await savePageText(staff, id, postType, input);
        return await done("adminContent.done.text");
      case "settings": {
        const files = form.getAll("imageUpload").filter((f): f is File => typeof f !== "string" && f.size > 0);
        const [uploaded] = postType === "post" ? await storeUploads(files.slice(0, 1), { kind: "image", staff }) : [];
        await savePageSettings(staff, id, postType, input, uploaded?.id ?? null);
        return await done("adminContent.done.settings");
      }
      case "restore":
        await restorePageVersion(staff, id, postType, input.language, input.versionId, input.version);
        return await done("adminContent.done.restored");
      case "translate":
        await translateFromOriginal(staff, id, postType, input.language);
        return await done("adminContent.done.translated");
      case "delete":
        await deletePage(staff, id, postType, input.version);
        return await done("adminContent.done.deleted", contentBase(postType));
    }
  } catch (error) {
    if (isDomainError(error) && error.status === 404 && error.code === "pageNotFound") throw await notFound(request);
    return answerDomainError(error, submission, TEXT_FIELDS);
  }
}

/** /admin/pages.csv and /admin/posts.csv: exactly the filtered list, headed in the backoffice user's language. */
export async function pageCsvLoader(request: Request, postType: PostType) {
  await requireStaff(request, "editor");
  const query = await readListQuery(request, pageListQuery);
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale, ["adminContent"]);
  const columns: CsvColumn<PageListRow>[] = [
    { header: t("adminContent.columns.id"), value: (p) => p.id },
    { header: t("adminContent.columns.title"), value: (p) => p.title },
    { header: t("adminContent.fields.slug"), value: (p) => p.slug },
    { header: t("adminContent.columns.languages"), value: (p) => p.languages.join(",") },
    { header: t("adminContent.columns.state"), value: (p) => t(`adminContent.state.${p.state}`) },
    { header: t("adminContent.columns.publishedAt"), value: (p) => csvDate(p.publishedAt) },
    { header: t("adminContent.columns.updatedAt"), value: (p) => csvDate(p.updatedAt) },
    { header: t("adminContent.columns.author"), value: (p) => p.author ?? "" },
  ];
  return csvResponse(postType === "post" ? "objave" : "stranice", columns, await exportPages(postType, query));
}
