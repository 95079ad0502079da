import { useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/**
 * A draft's preview link as the editor gets it (decision 0124): the address in a read-only
 * field (selected on focus, so it copies by hand too), a copy button once JavaScript runs,
 * and the date the link stops working. Shared by the toolbar's dialog and the no-JavaScript screen.
 */
export function PreviewLinkField({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Zagreb" }).format(
    new Date(expiresAt),
  );
  return (
    <div className="space-y-2" data-testid="preview-link">
      <label htmlFor={id} className="block font-semibold">
        {t("editing.previewLink.field")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded border border-slate-300 p-2 font-mono text-sm"
          data-testid="preview-link-url"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t("editing.previewLink.copy")}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-700" data-testid="preview-link-expires">
        {t("editing.previewLink.expires", { date: until })}
      </p>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {copied === null ? "" : copied ? t("editing.previewLink.copied") : t("editing.previewLink.copyFailed")}
      </p>
    </div>
  );
}
