import { Dialog } from "~/components/ui/dialog";
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
 * lines. Loaded when first opened; its page without JavaScript is routes/storefront/cart-inquiry.tsx.
 */
export default function QuoteDialog({ open, onOpenChange, lines, inquiry, container }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("cart.quote.title")}
      description={t("cart.quote.lead")}
      closeLabel={t("enquiry.close")}
      width={ENQUIRY_DIALOG_WIDTH}
      testId="quote-dialog"
      container={container}
    >
      <div className="flex flex-col gap-4">
        <QuoteLinesSummary lines={lines} />
        <DialogForm enquiry={inquiry} onSent={() => onOpenChange(false)} id="quote-dialog" />
      </div>
    </Dialog>
  );
}
