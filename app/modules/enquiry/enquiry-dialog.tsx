import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/dialog";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { showToast } from "~/lib/toast";
import { EnquiryForm } from "./enquiry-form";
import { ENQUIRY_CLOSE_MS, ENQUIRY_DIALOG_WIDTH, type EnquiryAnswer, type EnquiryFormData } from "./enquiry-fields";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
  enquiry: EnquiryFormData;
};

/**
 * The 'Upit o cijeni' modal (spec §2: width 800; §4 Other and §9: closes 1500 ms after a
 * successful submit). Loaded only when a shopper opens it (DESIGN.md: dialogs a page
 * does not show at first are loaded when needed). Its content unmounts when closed, so
 * every opening starts with an empty form and a fresh fetcher.
 */
export default function EnquiryDialog({ open, onOpenChange, productName, enquiry }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("enquiry.title")}
      description={t("enquiry.lead", { product: productName })}
      closeLabel={t("enquiry.close")}
      width={ENQUIRY_DIALOG_WIDTH}
      testId="enquiry-dialog"
    >
      <DialogForm enquiry={enquiry} onSent={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** The dialog's form: a fetcher form that toasts the success and calls onSent 1500 ms later (the cart's inquiry dialog uses it too). */
export function DialogForm({ enquiry, onSent, id = "enquiry-dialog" }: { enquiry: EnquiryFormData; onSent: () => void; id?: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EnquiryAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const sent = answer && "ok" in answer ? answer : null;
  // The latest callback, so that a re-render does not restart the 1500 ms.
  const close = useRef(onSent);
  close.current = onSent;

  useEffect(() => {
    if (!sent) return;
    showToast({ type: "success", key: sent.key });
    const timer = setTimeout(() => close.current(), ENQUIRY_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  if (sent) {
    return (
      <p role="status" className="rounded bg-green-50 px-4 py-3 text-green-900" data-testid="enquiry-sent">
        {t(sent.key)}
      </p>
    );
  }
  return (
    <EnquiryForm enquiry={enquiry} lastResult={submissionOf(fetcher.data)} fetcher={fetcher} busy={fetcher.state !== "idle"} id={id} />
  );
}
