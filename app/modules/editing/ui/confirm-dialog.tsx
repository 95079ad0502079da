import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";

/** spec §2 modal "confirmation": a change that cannot be taken back asks first. */
export function ConfirmDialog({ text, confirm, close }: { text: string; confirm: () => void; close: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t("editing.confirm.title")}
      closeLabel={t("editing.panel.close")}
      testId="confirm-dialog"
      width={440}
    >
      <p className="mb-4">{text}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" type="button" onClick={close}>
          {t("editing.confirm.no")}
        </Button>
        <Button
          variant="danger"
          type="button"
          onClick={() => {
            confirm();
            close();
          }}
        >
          {t("editing.confirm.yes")}
        </Button>
      </div>
    </Dialog>
  );
}
