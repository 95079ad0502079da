import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageEditScreen } from "~/routes/admin/content/page-edit-screen";
import { pageEditAction, pageEditLoader } from "~/routes/admin/content/page-routes.server";

export const handle = { i18n: ["adminContent"] };

/** /admin/pages/:id: the page's settings, its text per language, versions and restore, translation from the Croatian original, delete. */
export const loader = ({ request, params }: LoaderFunctionArgs) => pageEditLoader(request, "page", params.id);
export const action = ({ request, params }: ActionFunctionArgs) => pageEditAction(request, "page", params.id);
export default PageEditScreen;
