import { Dialog } from "radix-ui";
import { useTranslation } from "~/lib/i18n";
import { DialogForm } from "~/modules/enquiry/enquiry-dialog";
import { ENQUIRY_DIALOG_WIDTH, type EnquiryFormData } from "~/modules/enquiry/enquiry-fields";
import { QuoteLinesSummary, type QuoteLineSummary } from "./quote-lines-summary";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: QuoteLineSummary[];
  inquiry: EnquiryFormData;
  /** Inside the cart modal (a native modal <dialog>, in the top layer) the dialog must render in it. */
  container: HTMLElement | null;
};

/**
 * The request modal of the request-quote cart (spec §2): the price enquiry's form (its
 * dialog form: fetcher, success toast, closes 1500 ms after success) over the cart's
 * lines. Loaded when first opened; its page without JavaScript is routes/cart-inquiry.tsx.
 */
export default function QuoteDialog({ open, onOpenChange, lines, inquiry, container }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container ?? undefined}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          style={{ width: ENQUIRY_DIALOG_WIDTH, maxWidth: "calc(100vw - 2rem)" }}
          data-testid="quote-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-bold text-brand-900">{t("cart.quote.title")}</Dialog.Title>
              <Dialog.Description className="mt-1 text-slate-700">{t("cart.quote.lead")}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={t("enquiry.close")}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className="flex flex-col gap-4">
            <QuoteLinesSummary lines={lines} />
            <DialogForm enquiry={inquiry} onSent={() => onOpenChange(false)} idPrefix="quote-dialog" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
