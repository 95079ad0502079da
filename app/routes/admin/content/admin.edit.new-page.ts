import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonDomainError } from "~/.server/http/domain-error.server";
import { data } from "@remix-run/node";
import { readSubmission } from "~/.server/forms.server";
import { LOCALES, LOCALE_LANGUAGE_CODE } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { requireStaff } from "~/routes/http/staff.server";
import { createPage } from "~/modules/cms/page-content.server";
import { PAGE_TEMPLATES } from "~/modules/cms/page-templates";
import { newPageSchema } from "~/modules/editing/edit.schema";

/**
 * spec §2 modal "new page" in edit mode: title, slug (spec §5: at least 4 characters,
 * lowercase words and hyphens, free in the language), template. The page is made as a
 * draft through createPage and opened in edit mode; its first Publish puts it live.
 * GET: the templates the dialog offers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { templates: PAGE_TEMPLATES };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const { submission } = await readSubmission(request, newPageSchema);
  if (submission.status !== "success") {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ["", ["core.validation.pattern"]];
    return data({ ok: false as const, error: { key: messages?.[0] ?? "core.validation.pattern", values: {}, field } }, { status: 400 });
  }
  const input = submission.value;
  try {
    await createPage(staff, {
      postType: input.postType,
      languageCode: input.lng,
      title: input.title,
      slug: input.slug,
      template: input.template,
      publish: false,
    });
    const locale = LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === input.lng) ?? "hr";
    return { ok: true as const, path: `${href("page", locale, { slug: input.slug })}?editPage=true` };
  } catch (error) {
    return jsonDomainError(error);
  }
}
