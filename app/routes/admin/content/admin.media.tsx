import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { readSubmission, refuse } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { AdminPage, BulkActions, FilterSelect, ListFilters, ListFooter, useTableSort } from "~/components/admin/list-page";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { FormError } from "~/components/ui/message";
import { formatDate } from "~/lib/format";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { messageKey } from "~/lib/validation-message";
import { backToList, readListQuery } from "~/routes/http/list.server";
import { requireStaff } from "~/routes/http/staff.server";
import { deleteUnusedMedia, MediaInUse, moveMedia, uploadMedia } from "~/modules/media-library/media-admin.server";
import { createFolder, deleteFolder, renameFolder } from "~/modules/media-library/media-folders.server";
import { formatBytes, MediaGrid, MediaPreview } from "~/modules/media-library/media-grid";
import { MEDIA_ACCESS, MEDIA_TYPES, mediaListPostSchema, mediaTypeOf } from "~/modules/media-library/media-library.schema";
import { listMedia, mediaFolderList, mediaListQuery } from "~/modules/media-library/media-list.server";
import { FolderSelect, MediaUploadForm } from "~/modules/media-library/media-upload-form";
import { MediaFoldersPanel } from "~/modules/media-library/media-folders-panel";
import { MediaPickerButton } from "~/modules/media-library/media-picker-button";
import { usageText } from "~/modules/media-library/usage-text";
import { UPLOAD_LIMITS } from "~/modules/media/media-upload.server";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminMedia"] };

/**
 * The media library (/admin/media, decision 0052; spec §2 "media library", modal "media
 * upload"): a grid or a table of every file with search, filters, sort and pages; upload
 * (file input, or drag and drop with JavaScript); bulk move and delete of unused files;
 * folders. Every change is a plain POST that redirects back with a toast.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const { locale } = requestLocale(request);
  const query = await readListQuery(request, mediaListQuery);
  const [{ rows, page }, folders] = await Promise.all([listMedia(query, locale), mediaFolderList()]);
  return { locale, query, rows, page, folders, max: UPLOAD_LIMITS.files };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { form, submission } = await readSubmission(request, mediaListPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const back = async (key: string, values?: Record<string, number>, type: "success" | "warning" = "success") =>
    redirect(backToList(request), { headers: await setToast({ type, key, values }) });
  try {
    switch (input.intent) {
      case "upload": {
        const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
        if (files.length === 0) return refuse(submission, { formErrors: ["adminMedia.upload.none"] });
        const stored = await uploadMedia(staff, files, input);
        return back("adminMedia.upload.done", { count: stored.length });
      }
      case "move": {
        const done = await moveMedia(staff, input.ids, input.folderId ?? null);
        return back("adminMedia.bulk.moved", done, done.changed > 0 ? "success" : "warning");
      }
      case "delete": {
        const done = await deleteUnusedMedia(staff, input.ids);
        return back("adminMedia.bulk.deleted", done, done.changed > 0 ? "success" : "warning");
      }
      case "createFolder":
        await createFolder(staff, input.name);
        return back("adminMedia.folders.created");
      case "renameFolder":
        await renameFolder(staff, input.folder, input.name);
        return back("adminMedia.folders.renamed");
      case "deleteFolder":
        await deleteFolder(staff, input.folder);
        return back("adminMedia.folders.deleted");
    }
  } catch (error) {
    if (error instanceof MediaInUse) {
      const t = await getFixedT(requestLocale(request).locale);
      return refuse(submission, { status: 409, formErrors: [messageKey(error.key, { usage: usageText(t, error.usage) })] });
    }
    return answerDomainError(error, submission);
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminMedia() {
  const { locale, query, rows, page, folders, max } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  const sort = useTableSort({ column: query.sort, direction: query.dir });
  const folderErrors = ["createFolder", "renameFolder", "deleteFolder"]
    .map((intent) => resultFor(answer, intent)?.error?.[""] ?? resultFor(answer, intent)?.error?.name)
    .find(Boolean);
  const bulkErrors = ["move", "delete"].map((intent) => resultFor(answer, intent)?.error?.[""]).find(Boolean);
  const viewHref = (view: string) => {
    const params = new URLSearchParams(location.search);
    params.set("view", view);
    return `${location.pathname}?${params}`;
  };
  const columns: Column<Row>[] = [
    {
      id: "preview",
      header: t("adminMedia.columns.preview"),
      cell: (m) => (
        <div className="w-12">
          <MediaPreview item={m} size={48} />
        </div>
      ),
    },
    {
      id: "title",
      header: t("adminMedia.columns.title"),
      sortable: true,
      cell: (m) => (
        <Link to={`/admin/media/${m.id}`} className="font-semibold text-brand-700 underline">
          {m.title}
        </Link>
      ),
    },
    {
      id: "originalName",
      header: t("adminMedia.columns.originalName"),
      sortable: true,
      cell: (m) => <span className="break-all">{m.originalName}</span>,
    },
    { id: "type", header: t("adminMedia.columns.type"), cell: (m) => `${t(`adminMedia.types.${mediaTypeOf(m.mime)}`)} (${m.extension})` },
    { id: "access", header: t("adminMedia.columns.access"), cell: (m) => t(`adminMedia.access.${m.access}`) },
    { id: "size", header: t("adminMedia.columns.size"), sortable: true, align: "end", cell: (m) => formatBytes(m.size, locale) },
    {
      id: "usage",
      header: t("adminMedia.columns.usage"),
      cell: (m) => <span data-testid="media-used">{m.used ? usageText(t, m.usage) : t("adminMedia.usage.unused")}</span>,
    },
    {
      id: "createdAt",
      header: t("adminMedia.columns.createdAt"),
      sortable: true,
      cell: (m) => formatDate(m.createdAt, locale, { style: "numeric" }),
    },
  ];
  return (
    <AdminPage title={t("adminMedia.title")} testId="admin-media" actions={<MediaPickerButton />}>
      <MediaUploadForm
        folders={folders}
        folderId={typeof query.folder === "number" ? query.folder : undefined}
        max={max}
        errors={resultFor(answer, "upload")?.error?.[""] ?? resultFor(answer, "upload")?.error?.files}
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <MediaFoldersPanel folders={folders} current={query.folder} errors={folderErrors} />
        <div className="min-w-0 space-y-4">
          <ListFilters
            searchLabel={t("adminMedia.search")}
            q={query.q}
            perPage={query.perPage}
            sort={{ column: query.sort, direction: query.dir }}
          >
            <input type="hidden" name="view" value={query.view} />
            <FilterSelect
              name="folder"
              label={t("adminMedia.filters.folder")}
              value={query.folder === undefined ? undefined : String(query.folder)}
              options={[
                { value: "root", label: t("adminMedia.filters.root") },
                ...folders.map((f) => ({ value: String(f.id), label: f.name })),
              ]}
            />
            <FilterSelect
              name="type"
              label={t("adminMedia.filters.type")}
              value={query.type}
              options={MEDIA_TYPES.map((v) => ({ value: v, label: t(`adminMedia.types.${v}`) }))}
            />
            <FilterSelect
              name="access"
              label={t("adminMedia.filters.access")}
              value={query.access}
              options={MEDIA_ACCESS.map((v) => ({ value: v, label: t(`adminMedia.access.${v}`) }))}
            />
            <label className="flex items-center gap-2 self-center text-sm font-semibold">
              <input type="checkbox" name="unused" value="on" defaultChecked={query.unused === "on"} className="size-4" />
              {t("adminMedia.filters.unused")}
            </label>
          </ListFilters>
          <nav aria-label={t("adminMedia.views.label")} className="flex gap-3 text-sm">
            {(["grid", "list"] as const).map((view) => (
              <Link
                key={view}
                to={viewHref(view)}
                aria-current={query.view === view ? "page" : undefined}
                className={query.view === view ? "font-bold" : "text-brand-700 underline"}
              >
                {t(`adminMedia.views.${view}`)}
              </Link>
            ))}
          </nav>
          <BulkActions formId="media-bulk" label={t("adminMedia.bulk.label")}>
            <FolderSelect name="folderId" label={t("adminMedia.bulk.moveTo")} folders={folders} />
            <Button name="intent" value="move" size="sm" variant="secondary" className="self-end">
              {t("adminMedia.bulk.move")}
            </Button>
            <Button name="intent" value="delete" size="sm" variant="secondary" className="self-end">
              {t("adminMedia.bulk.delete")}
            </Button>
          </BulkActions>
          <FormError errors={bulkErrors} testId="media-bulk-error" />
          {query.view === "grid" ? (
            <MediaGrid items={rows} formId="media-bulk" locale={locale} />
          ) : (
            <DataTable
              caption={t("adminMedia.title")}
              columns={columns}
              rows={rows}
              rowKey={(m) => m.id}
              sort={sort}
              selection={{
                name: "ids",
                formId: "media-bulk",
                label: (m) => t("adminMedia.bulk.select", { title: m.title }),
                allLabel: t("adminMedia.bulk.selectAll"),
              }}
              empty={t("adminMedia.empty")}
              testId="media-table"
              rowTestId="media-row"
            />
          )}
          <ListFooter info={page} />
        </div>
      </div>
    </AdminPage>
  );
}
