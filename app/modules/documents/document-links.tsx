import type { DocumentKind } from "~/.server/db/schema";
import { useTranslation } from "~/lib/i18n";

/**
 * An order's documents as download links (decision 0104), for the customer's order page and
 * the backoffice's: plain links, so that they work without JavaScript. An invoice that a
 * storno cancelled is shown struck through and marked cancelled, the storno beside it.
 */
export type DocumentLinkView = { kind: DocumentKind; number: string; href: string; cancelled: boolean; part?: number };

const TEST_ID: Record<DocumentKind, string> = {
  invoice: "invoice-link",
  storno: "storno-link",
  creditNote: "credit-note-link",
  deliveryNote: "delivery-note-link",
};

export function DocumentLinks({ links, testIdPrefix = "" }: { links: DocumentLinkView[]; testIdPrefix?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {links.map((link) => (
        <li key={`${link.kind}-${link.part ?? 0}`} data-cancelled={link.cancelled ? "true" : undefined}>
          <a
            href={link.href}
            download
            className={`text-brand-700 underline ${link.cancelled ? "line-through" : ""}`}
            // A partial return's credit note (decision 0108) is told apart by its part: "credit-note-link-2".
            data-testid={`${testIdPrefix}${TEST_ID[link.kind]}${link.part ? `-${link.part}` : ""}`}
          >
            {t(`documents.links.${link.kind}`, { number: link.number })}
          </a>
          {link.cancelled ? (
            <span
              className="ml-2 rounded bg-red-50 px-1 text-xs font-semibold text-red-800"
              data-testid={`${testIdPrefix}invoice-cancelled`}
            >
              {t("documents.links.cancelled")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
