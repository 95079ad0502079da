import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageNewScreen } from "~/routes/admin/content/page-new-screen";
import { newPageAction, newPageLoader } from "~/routes/admin/content/page-routes.server";

export const handle = { i18n: ["adminContent"] };

/** /admin/posts/new: title, slug; the post starts as a Croatian draft. */
export const loader = ({ request }: LoaderFunctionArgs) => newPageLoader(request, "post");
export const action = ({ request }: ActionFunctionArgs) => newPageAction(request, "post");
export default PageNewScreen;
