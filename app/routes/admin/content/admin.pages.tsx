import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageListScreen } from "~/routes/admin/content/page-list-screen";
import { pageListAction, pageListLoader } from "~/routes/admin/content/page-routes.server";

export const handle = { i18n: ["adminContent"] };

/** /admin/pages (decision 0054): the list of pages; the screen is shared with /admin/posts. */
export const loader = ({ request }: LoaderFunctionArgs) => pageListLoader(request, "page");
export const action = ({ request }: ActionFunctionArgs) => pageListAction(request, "page");
export default PageListScreen;
