import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageCsvLoader } from "~/routes/admin/content/page-routes.server";

/** /admin/pages.csv?<the list's query>: every row of the filtered list (decision 0038). */
export const loader = ({ request }: LoaderFunctionArgs) => pageCsvLoader(request, "page");
