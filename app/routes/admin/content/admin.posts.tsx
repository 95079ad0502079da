import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageListScreen } from "~/routes/admin/content/page-list-screen";
import { pageListAction, pageListLoader } from "~/routes/admin/content/page-routes.server";

export const handle = { i18n: ["adminContent"] };

/** /admin/posts (decision 0054): the list of posts; the screen is shared with /admin/pages. */
export const loader = ({ request }: LoaderFunctionArgs) => pageListLoader(request, "post");
export const action = ({ request }: ActionFunctionArgs) => pageListAction(request, "post");
export default PageListScreen;
