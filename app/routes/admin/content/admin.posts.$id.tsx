import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageEditScreen } from "~/routes/admin/content/page-edit-screen";
import { pageEditAction, pageEditLoader } from "~/routes/admin/content/page-routes.server";

export const handle = { i18n: ["adminContent"] };

/** /admin/posts/:id: the post's settings, its text per language, versions and restore, translation from the Croatian original, delete. */
export const loader = ({ request, params }: LoaderFunctionArgs) => pageEditLoader(request, "post", params.id);
export const action = ({ request, params }: ActionFunctionArgs) => pageEditAction(request, "post", params.id);
export default PageEditScreen;
