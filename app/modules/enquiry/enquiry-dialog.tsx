import { useFetcher } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useRef } from "react";
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          style={{ width: ENQUIRY_DIALOG_WIDTH, maxWidth: "calc(100vw - 2rem)" }}
          data-testid="enquiry-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-brand-900">{t("enquiry.title")}</Dialog.Title>
              <Dialog.Description className="mt-1 text-slate-700">{t("enquiry.lead", { product: productName })}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={t("enquiry.close")}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <DialogForm enquiry={enquiry} onSent={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's form: a fetcher form that toasts the success and calls onSent 1500 ms later (the cart's inquiry dialog uses it too). */
export function DialogForm({ enquiry, onSent, idPrefix = "enquiry-dialog" }: { enquiry: EnquiryFormData; onSent: () => void; idPrefix?: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EnquiryAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const sent = answer?.ok === true;
  // The latest callback, so that a re-render does not restart the 1500 ms.
  const close = useRef(onSent);
  close.current = onSent;

  useEffect(() => {
    if (!answer?.ok) return;
    showToast({ type: "success", key: answer.key });
    const timer = setTimeout(() => close.current(), ENQUIRY_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [answer]);

  if (sent) {
    return (
      <p role="status" className="rounded bg-green-50 px-4 py-3 text-green-900" data-testid="enquiry-sent">
        {t(answer.key)}
      </p>
    );
  }
  return (
    <EnquiryForm
      action={enquiry.action}
      consents={enquiry.consents}
      captcha={enquiry.captcha}
      answer={answer}
      fetcher={fetcher}
      busy={fetcher.state !== "idle"}
      idPrefix={idPrefix}
    />
  );
}
