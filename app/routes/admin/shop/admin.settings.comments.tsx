import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { getFormProps } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { BLOG_COMMENT_VALUES, type commentSettingsSchema } from "~/modules/settings/settings.schema";
import { SettingsPage } from "~/modules/settings/settings-page";
import { settingsAction, settingsLoader } from "~/routes/http/settings-route.server";

export const handle = { i18n: ["adminSettings"] };

/** Comments and ratings (spec §1 options; read by modules/comments/comment-options.ts). */
export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request, "comments");
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, "comments");

const FLAGS = [
  "RequireAdminPublishing",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "UserCanEditComment",
  "OneUserOneComment",
] as const;

export default function CommentSettings() {
  const { locale, values, fingerprint, constraint, audit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useShopForm<z.input<typeof commentSettingsSchema>>({
    id: `comments-${fingerprint.slice(0, 8)}`,
    lastResult,
    constraint,
    defaultValue: values as never,
  });
  const onSite = fields.OnSiteCommentOptions.getFieldset();
  return (
    <SettingsPage title={t("adminSettings.sections.comments")} audit={audit} locale={locale} testId="settings-comments">
      <SecureForm {...getFormProps(form)} className="flex flex-col gap-2" data-testid="comments-settings-form">
        <input type="hidden" name="fingerprint" value={fingerprint} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold">{t("adminSettings.comments.onSite")}</legend>
          <CheckboxField meta={onSite.products} label={t("adminSettings.comments.onProducts")} />
          <CheckboxField meta={onSite.posts} label={t("adminSettings.comments.onPosts")} />
        </fieldset>
        {FLAGS.map((name) => (
          <CheckboxField key={name} meta={fields[name]} label={t(`adminSettings.comments.${name}`)} />
        ))}
        <Field
          meta={fields.NumberOfStars}
          type="number"
          label={t("adminSettings.comments.NumberOfStars")}
          description={t("adminSettings.comments.NumberOfStarsHelp")}
          className="max-w-xs"
        />
        <SelectField
          meta={fields.CanCommentOnBlog}
          label={t("adminSettings.comments.CanCommentOnBlog")}
          options={BLOG_COMMENT_VALUES.map((value) => ({ value, label: t(`adminSettings.comments.blog.${value}`) }))}
          className="max-w-md"
        />
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button pending={navigation.state === "submitting"}>{t("adminSettings.save")}</Button>
        </div>
      </SecureForm>
    </SettingsPage>
  );
}
