import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { mediaUrl } from "~/lib/media";

export type MediaCard = {
  id: number;
  driveId: string;
  version: number;
  title: string;
  alt: string;
  originalName: string;
  mime: string;
  extension: string;
  size: number;
  access: "public" | "private";
  used: number;
};

/** A file's size as people read it: "820 kB", "3,4 MB". */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${format(bytes / 1000)} kB`;
  return `${format(bytes / 1_000_000)} MB`;
}

/** The picture of a library entry: its thumbnail when it is a public image, else its file type. */
export function MediaPreview({
  item,
  size = 96,
}: {
  item: Pick<MediaCard, "driveId" | "version" | "title" | "mime" | "extension" | "access">;
  size?: number;
}) {
  if (item.access === "public" && item.mime.startsWith("image/")) {
    return (
      <img
        src={mediaUrl(item, "medium")}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className="aspect-square w-full rounded bg-slate-100 object-contain"
        style={{ maxWidth: size }}
      />
    );
  }
  return (
    <span
      className="flex aspect-square w-full items-center justify-center rounded bg-slate-100 text-lg font-bold uppercase text-slate-600"
      style={{ maxWidth: size }}
      aria-hidden="true"
    >
      {item.extension}
    </span>
  );
}

/**
 * The library as a grid of cards (a grid and a list view, decision 0052): each card's checkbox
 * belongs to the bulk form (`formId`), so ticking and pressing a bulk button works without
 * JavaScript, like the rows of the list view.
 */
export function MediaGrid({ items, formId, locale }: { items: MediaCard[]; formId: string; locale: Locale }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return <p className="rounded border border-slate-200 bg-white p-6 text-center text-slate-600">{t("adminMedia.empty")}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="media-grid">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-1 rounded border border-slate-200 bg-white p-2 text-xs" data-testid="media-card">
          <MediaPreview item={item} size={160} />
          <label className="flex items-start gap-1">
            <input
              type="checkbox"
              name="ids"
              value={item.id}
              form={formId}
              aria-label={t("adminMedia.bulk.select", { title: item.title })}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <Link to={`/admin/media/${item.id}`} className="line-clamp-2 break-all font-semibold text-brand-700 underline">
              {item.title}
            </Link>
          </label>
          <span className="break-all text-slate-600">
            {item.originalName} · {formatBytes(item.size, locale)}
          </span>
          <span className={item.used ? "text-slate-800" : "text-amber-800"} data-testid="media-used">
            {item.access === "private" ? `${t("adminMedia.access.private")} · ` : ""}
            {item.used ? t("adminMedia.columns.usage") + `: ${item.used}` : t("adminMedia.usage.unused")}
          </span>
        </li>
      ))}
    </ul>
  );
}
