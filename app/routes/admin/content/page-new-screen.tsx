import { getFormProps } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { submissionOf, useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { PAGE_TEMPLATES } from "~/modules/cms/page-templates";
import type { newPageAction, newPageLoader } from "~/routes/admin/content/page-routes.server";
import { contentPath } from "~/modules/content-admin/page-states";

/** A new page from a template, or a new post (spec §2 modal "new page": title, slug, template); it starts as a draft in Croatian. */
export function PageNewScreen() {
  const { postType, constraint } = useLoaderData<typeof newPageLoader>();
  const answer = useActionData<typeof newPageAction>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const kind = postType === "post" ? "posts" : "pages";
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "new-page",
    lastResult: submissionOf(answer),
    constraint,
    defaultValue: { template: "text" },
  });
  return (
    <AdminPage
      title={t(`adminContent.${kind}.new`)}
      testId="admin-page-new"
      actions={
        <Link to={contentPath(postType)} className="text-sm underline">
          {t(`adminContent.${kind}.back`)}
        </Link>
      }
    >
      <SecureForm
        {...getFormProps(form)}
        method="post"
        className="max-w-xl space-y-1 rounded border border-slate-200 bg-white p-4"
        data-testid="page-new"
      >
        <Field meta={fields.title} label={t("adminContent.fields.title")} />
        <Field
          meta={fields.slug}
          label={t("adminContent.fields.slug")}
          description={t("adminContent.fields.slugHelp")}
          autoComplete="off"
        />
        {postType === "page" ? (
          <SelectField
            meta={fields.template}
            label={t("adminContent.fields.template")}
            options={PAGE_TEMPLATES.map((id) => ({ value: id, label: t(`admin.content.templates.${id}`) }))}
          />
        ) : null}
        <p className="text-sm text-slate-600">{t("adminContent.newHint")}</p>
        <FormError id={form.errorId} errors={form.errors} testId="page-new-error" />
        <Button pending={navigation.state === "submitting"}>{t("adminContent.create")}</Button>
      </SecureForm>
    </AdminPage>
  );
}
