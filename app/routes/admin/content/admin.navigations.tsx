import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { answerDomainError } from "~/.server/http/domain-error.server";
import { useTranslation } from "~/lib/i18n";
import { requireStaff } from "~/routes/http/staff.server";
import { NavigationAddForm, NavigationItems } from "~/modules/content-admin/navigation-forms";
import { changeNavigation, navigationLinkChoices, navigationView } from "~/modules/content-admin/navigation-admin.server";
import {
  NAVIGATION_HANDLES,
  navigationAddSchema,
  navigationChangeSchema,
  type NavigationHandle,
} from "~/modules/content-admin/navigation.schema";

/**
 * The navigations (spec §3 ThemeNavigations): the header's main navigation and the four
 * footer columns, one at a time (?nav=), each link with its label per language, moved up
 * or down, removed, and new links to a page, a category, a part of the shop or an address,
 * at the top level or under a top-level link of the main navigation. Plain forms, so it
 * works without JavaScript; each post names the navigation's version.
 */
function handleOf(request: Request): NavigationHandle {
  const nav = new URL(request.url).searchParams.get("nav");
  return NAVIGATION_HANDLES.find((h) => h === nav) ?? "main";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const handle = handleOf(request);
  const [view, choices] = await Promise.all([navigationView(handle), navigationLinkChoices()]);
  return { view, choices, constraint: formConstraint(navigationAddSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const handle = handleOf(request);
  const { submission } = await readSubmission(request, navigationChangeSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await changeNavigation(staff, handle, submission.value);
  } catch (error) {
    return answerDomainError(error, submission, ["page", "category", "route", "url", "parent"]);
  }
  return redirect(`/admin/navigations?nav=${handle}`, {
    headers: await setToast({ type: "success", key: `adminContent.navigations.done.${submission.value.intent}` }),
  });
}

export default function AdminNavigations() {
  const { view, choices, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AdminPage title={t("adminContent.navigations.title")} testId="admin-navigations">
      <nav aria-label={t("adminContent.navigations.choose")} className="flex flex-wrap gap-2">
        {NAVIGATION_HANDLES.map((handle) => (
          <Link
            key={handle}
            to={`/admin/navigations?nav=${handle}`}
            aria-current={handle === view.handle ? "page" : undefined}
            className={`rounded border px-3 py-1 text-sm ${handle === view.handle ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300"}`}
          >
            {t(`adminContent.navigations.handles.${handle}`)}
          </Link>
        ))}
      </nav>
      <NavigationItems key={`${view.handle}-${view.version}`} view={view} lastResult={answer} />
      <NavigationAddForm
        key={`add-${view.handle}-${view.version}`}
        view={view}
        choices={choices}
        constraint={constraint}
        lastResult={answer}
      />
    </AdminPage>
  );
}
