import { useTranslation } from "~/lib/i18n";

const BADGE: Record<string, string> = {
  new: "bg-amber-100 text-amber-900",
  answered: "bg-green-100 text-green-900",
  closed: "bg-slate-200 text-slate-900",
};

/** An inbox entry's status (new, answered, closed) as a coloured badge (list and detail). */
export function EnquiryStatusBadge({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGE[value] ?? "bg-slate-100 text-slate-800"}`} data-testid="enquiry-status">
      {t(`adminEnquiries.status.${value}`)}
    </span>
  );
}
