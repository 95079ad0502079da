import { lazy, Suspense, useState, type MouseEvent } from "react";
import { buttonClass } from "~/components/ui/button-class";
import { useTranslation } from "~/lib/i18n";
import type { EnquiryFormData } from "./enquiry-fields";

const EnquiryDialog = /* @__PURE__ */ lazy(() => import("./enquiry-dialog"));

/**
 * The product page's 'Upit o cijeni' entry. Without JavaScript it is a link to the
 * enquiry page; once hydrated a click opens the dialog instead (a click with a modifier
 * key still opens the page in a new tab, as links do).
 */
export function PriceEnquiryLink({ productName, enquiry }: { productName: string; enquiry: EnquiryFormData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
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
      >
        {t("enquiry.open")}
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <EnquiryDialog open={open} onOpenChange={setOpen} productName={productName} enquiry={enquiry} />
        </Suspense>
      ) : null}
    </>
  );
}
