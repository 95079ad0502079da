import { useTranslation } from "~/lib/i18n";
import type { QueuedFile } from "./upload-queue";

/** The files being sent one by one: each with its progress bar and, once answered, its message. */
export function UploadQueue({ files }: { files: QueuedFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  const done = files.filter((file) => file.state === "done").length;
  const finished = files.every((file) => file.state === "done" || file.state === "failed");
  return (
    <div className="space-y-2 text-sm" data-testid="media-upload-queue">
      <ul className="space-y-1">
        {files.map((file, index) => (
          <li
            key={`${index}-${file.name}`}
            className="flex flex-wrap items-center gap-2"
            data-testid="media-upload-file"
            data-state={file.state}
          >
            <span className="min-w-0 break-all font-semibold">{file.name}</span>
            <progress
              max={1}
              value={file.progress}
              className="h-2 w-32"
              aria-label={t("adminMedia.upload.progress", { name: file.name })}
            />
            <span className={file.state === "failed" ? "text-red-700" : "text-slate-600"} data-testid="media-upload-file-status">
              {file.state === "failed"
                ? file.message || t("adminMedia.upload.failed")
                : t(`adminMedia.upload.states.${file.state}`, { percent: Math.round(file.progress * 100) })}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" data-testid="media-upload-summary">
        {finished ? t("adminMedia.upload.summary", { done, total: files.length }) : ""}
      </p>
    </div>
  );
}
