import type { Locale } from "~/lib/locales";

// Typography for the description's allow-listed HTML (no typography plugin in the stack).
const DESCRIPTION = [
  "max-w-3xl leading-7 text-slate-700 [&_p]:my-3 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-brand-700 [&_a]:underline",
  "[&_table]:my-4 [&_td]:border-b [&_td]:px-3 [&_td]:py-1 [&_th]:border-b [&_th]:px-3 [&_th]:py-1 [&_img]:h-auto [&_img]:max-w-full",
].join(" ");

/**
 * A product's (sanitised) description as its page shows it: in the description's typography and,
 * when untranslated, marked with the language it is written in. Built by the page's loader, so
 * the page's script carries neither (the product page's first-load budget); the API keeps the
 * plain HTML.
 */
export function productDescriptionHtml(html: string, lang?: Locale): string {
  return html ? `<div class="${DESCRIPTION}"${lang ? ` lang="${lang}"` : ""}>${html}</div>` : "";
}
