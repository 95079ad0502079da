import { serverFirst } from "~/lib/server-first";
import { PriceEnquiryLink } from "./price-enquiry-link";

/**
 * The product page's 'Upit o cijeni' entry (price-enquiry-link.tsx), server first: the
 * link is in the HTML at once and works without JavaScript; its module (and the shared
 * button styles) loads after the page, keeping the product page's first-load budget.
 */
export const PriceEnquiryButton = serverFirst(import.meta.env.SSR ? PriceEnquiryLink : null, () =>
  import("./price-enquiry-link").then((m) => m.PriceEnquiryLink),
);
