import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { MediaChooser, type MediaChoice } from "~/components/admin/media-chooser";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxGroup } from "~/components/ui/checkbox-group";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

type Settings = { status: string; publishedAt: string; imageId: number | null; authorId: string; termIds: string[] };
type PostChoices = { terms: { id: number; type: string; name: string }[]; authors: { id: number; email: string }[]; media: MediaChoice[] };

/**
 * A page's settings (decision 0054): published or draft and the publish date (a later
 * date schedules it; shop time); for a blog post also its picture (media library or
 * upload), author and categories and tags. The home page stays published.
 */
export function PageSettingsForm({
  settings,
  version,
  post,
  isHome,
  lastResult,
  constraint,
}: {
  settings: Settings;
  version: number;
  post: PostChoices | null;
  isHome: boolean;
  lastResult: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<Record<string, string>>({
    id: "page-settings",
    lastResult,
    constraint,
    defaultValue: { status: settings.status, publishedAt: settings.publishedAt, authorId: settings.authorId },
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      encType={post ? "multipart/form-data" : undefined}
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="page-settings"
    >
      <h2 className="text-lg font-semibold">{t("adminContent.settings")}</h2>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={version} />
      <div className="grid gap-x-4 md:grid-cols-2">
        <SelectField
          meta={fields.status}
          label={t("adminContent.fields.status")}
          options={(["published", "draft"] as const).map((s) => ({
            value: s,
            label: t(`adminContent.status.${s}`),
            disabled: isHome && s === "draft",
          }))}
        />
        <Field
          meta={fields.publishedAt}
          type="datetime-local"
          label={t("adminContent.fields.publishedAt")}
          description={t("adminContent.fields.publishedAtHelp")}
          optional
        />
        {post ? (
          <SelectField
            meta={fields.authorId}
            label={t("adminContent.fields.author")}
            placeholder={t("adminContent.fields.noAuthor")}
            options={post.authors.map((a) => ({ value: String(a.id), label: a.email }))}
          />
        ) : null}
      </div>
      {post ? (
        <>
          <CheckboxGroup
            name="termIds"
            legend={t("adminContent.fields.terms")}
            options={post.terms.map((term) => ({
              value: String(term.id),
              label: `${term.name} (${t(`adminContent.terms.type.${term.type}`)})`,
            }))}
            defaultChecked={settings.termIds}
            errors={fields.termIds.errors}
            idPrefix="term"
            testId="post-terms"
          />
          <MediaChooser
            name="imageId"
            uploadName="imageUpload"
            choices={post.media}
            selected={settings.imageId ? [settings.imageId] : []}
            multiple={false}
            label={t("adminContent.fields.image")}
          />
        </>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} testId="page-settings-error" />
      <Button pending={pending}>{t("adminContent.saveSettings")}</Button>
    </SecureForm>
  );
}
