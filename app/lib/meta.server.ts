import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT, getLocale } from "~/.server/i18n.server";

/** A loader that only provides the translated page title, for screens without data. */
export function titleLoader(titleKey: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    const t = await getFixedT(getLocale(request));
    return { title: `${t(titleKey)} | Alu Krov` };
  };
}
