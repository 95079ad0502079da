import { useTranslation } from "~/lib/i18n";
import type { BankTransferInfo } from "./bank-transfer.server";

/** The payment details of a bank-transfer order with the HUB-3 barcode to scan (decision 0020). */
export function BankTransferDetails({ info }: { info: BankTransferInfo }) {
  const { t } = useTranslation();
  const rows: [string, string, string][] = [
    ["recipient", t("payment.bankTransfer.recipient"), `${info.recipientName}, ${info.recipientAddress}`],
    ["iban", t("payment.bankTransfer.iban"), info.iban],
    ["model", t("payment.bankTransfer.model"), info.model],
    ["reference", t("payment.bankTransfer.reference"), info.reference],
    ["amount", t("payment.bankTransfer.amount"), info.amount],
    ["purpose", t("payment.bankTransfer.purposeCode"), info.purposeCode],
    ["description", t("payment.bankTransfer.description"), info.description],
  ];
  return (
    <div className="rounded border border-slate-200 p-4" data-testid="bank-transfer-details">
      <h3 className="text-lg font-semibold">{t("payment.bankTransfer.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("payment.bankTransfer.lead")}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([id, label, value]) => (
          <div key={id} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd data-testid={`bank-transfer-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <img
        src={info.barcode}
        alt={t("payment.bankTransfer.barcodeAlt")}
        className="mt-4 h-auto max-w-full"
        data-testid="bank-transfer-barcode"
      />
    </div>
  );
}
