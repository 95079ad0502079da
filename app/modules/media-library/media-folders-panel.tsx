import { Link } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";

type Folder = { id: number; name: string; files: number };

/**
 * The library's folders (decision 0052): each links to the list filtered by it and has
 * a rename and a delete (refused unless empty); a form below makes a new one. Plain POST
 * forms to the list's action, so it all works without JavaScript.
 */
export function MediaFoldersPanel({
  folders,
  current,
  errors,
}: {
  folders: Folder[];
  current?: number | "root";
  errors?: readonly string[] | null;
}) {
  const { t } = useTranslation();
  const linkClass = (active: boolean) => `underline ${active ? "font-bold text-brand-800" : "text-brand-700"}`;
  return (
    <section
      className="space-y-3 rounded border border-slate-200 bg-white p-4 text-sm"
      aria-labelledby="media-folders-title"
      data-testid="media-folders"
    >
      <h2 id="media-folders-title" className="text-lg font-semibold">
        {t("adminMedia.folders.title")}
      </h2>
      <ul className="space-y-2">
        <li>
          <Link to="/admin/media" className={linkClass(current === undefined)}>
            {t("adminMedia.folders.all")}
          </Link>
        </li>
        <li>
          <Link to="/admin/media?folder=root" className={linkClass(current === "root")}>
            {t("adminMedia.filters.root")}
          </Link>
        </li>
        {folders.map((folder) => (
          <li key={folder.id} className="space-y-1" data-testid="media-folder">
            <Link to={`/admin/media?folder=${folder.id}`} className={linkClass(current === folder.id)}>
              {folder.name}
            </Link>{" "}
            <span className="text-slate-600">({t("adminMedia.folders.files", { count: folder.files })})</span>
            <SecureForm className="flex flex-wrap gap-1">
              <input type="hidden" name="folder" value={folder.id} />
              <input
                name="name"
                defaultValue={folder.name}
                required
                maxLength={100}
                aria-label={t("adminMedia.folders.name")}
                className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1"
              />
              <Button name="intent" value="renameFolder" size="sm" variant="secondary">
                {t("adminMedia.folders.rename")}
              </Button>
              <Button name="intent" value="deleteFolder" size="sm" variant="secondary" disabled={folder.files > 0}>
                {t("adminMedia.folders.delete")}
              </Button>
            </SecureForm>
          </li>
        ))}
      </ul>
      <SecureForm className="flex flex-wrap items-end gap-2" data-testid="media-folder-new">
        <input type="hidden" name="intent" value="createFolder" />
        <label className="flex flex-1 flex-col gap-1 font-semibold">
          {t("adminMedia.folders.name")}
          <input name="name" required maxLength={100} className="rounded border border-slate-300 px-2 py-1 font-normal" />
        </label>
        <Button size="sm">{t("adminMedia.folders.create")}</Button>
      </SecureForm>
      <FormError errors={errors} testId="media-folder-error" />
    </section>
  );
}
