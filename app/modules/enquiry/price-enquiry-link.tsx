import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";
import { buttonClass } from "~/components/ui/button-class";
import { useTranslation, WithNamespaces } from "~/lib/i18n";
import type { EnquiryFormData } from "./enquiry-fields";

const EnquiryDialog = /* @__PURE__ */ lazy(() => import("./enquiry-dialog"));
// The dialog's messages load with it, not with the product page (decision 0015; the page's
// HTML budget, decision 0036's addendum): the page itself shows only the entry's label.
const DIALOG_NAMESPACES = ["enquiry", "captcha"];

/**
 * The product page's 'Upit o cijeni' entry. Without JavaScript it is a link to the
 * enquiry page; once hydrated a click opens the dialog instead (a click with a modifier
 * key still opens the page in a new tab, as links do).
 */
export function PriceEnquiryLink({ productName, enquiry }: { productName: string; enquiry: EnquiryFormData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // This module loads after the page hydrates (serverFirst): until it has, a click follows
  // the link to the enquiry page. `data-ready` says the click now opens the dialog.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <a
        href={enquiry.action}
        onClick={onClick}
        className={buttonClass({ variant: "secondary", className: "self-start" })}
        data-testid="price-enquiry-open"
        data-ready={ready || undefined}
      >
        {t("product.priceEnquiry")}
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <WithNamespaces ns={DIALOG_NAMESPACES}>
            <EnquiryDialog open={open} onOpenChange={setOpen} productName={productName} enquiry={enquiry} />
          </WithNamespaces>
        </Suspense>
      ) : null}
    </>
  );
}
