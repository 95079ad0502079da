import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { LanguageTabs } from "~/components/admin/language-tabs";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { FocalPointField } from "./focal-point-field";
import { MEDIA_ACCESS, type MediaEditInput } from "./media-library.schema";

type Defaults = {
  access: string;
  folderId: string;
  texts: Record<string, { title: string; alt: string; description: string; displayName: string }>;
  focalX: string;
  focalY: string;
};

/**
 * The "edit media" form (spec §2 modal "edit media", §3 Media item): title, alt text,
 * description and display name per language (Croatian first and required), access and
 * folder, and a public picture's focal point (decision 0125). Posts the revision it showed: a stale save is refused (409), nothing overwritten.
 */
export function MediaEditForm({
  defaults,
  revision,
  folders,
  constraint,
  lastResult,
  picture,
}: {
  defaults: Defaults;
  revision: number;
  folders: { id: number; name: string }[];
  constraint: FormConstraint;
  lastResult?: unknown;
  /** A public picture: its focal point can be set (a crop only ever shows public pictures). */
  picture?: Pick<MediaRef, "driveId" | "title" | "version"> | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm<MediaEditInput>({
    id: "media-edit",
    lastResult: resultFor(lastResult, "save"),
    constraint,
    defaultValue: defaults as never,
  });
  const languages = fields.texts.getFieldset();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <SecureForm
      {...getFormProps(form)}
      method="post"
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      data-testid="media-edit"
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="revision" value={revision} />
      <LanguageTabs
        idPrefix="media-lang"
        errors={(locale) => Object.values(languages[locale].getFieldset()).some((f) => Boolean(f.errors?.length))}
      >
        {(locale: Locale) => {
          const text = languages[locale].getFieldset();
          return (
            <>
              <Field meta={text.title} label={t("adminMedia.fields.title")} optional={locale !== "hr"} />
              <Field meta={text.alt} label={t("adminMedia.fields.alt")} description={t("adminMedia.fields.altHelp")} optional />
              <TextareaField meta={text.description} label={t("adminMedia.fields.description")} rows={2} optional />
              <Field meta={text.displayName} label={t("adminMedia.fields.displayName")} optional />
            </>
          );
        }}
      </LanguageTabs>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          meta={fields.access}
          label={t("adminMedia.fields.access")}
          options={MEDIA_ACCESS.map((a) => ({ value: a, label: t(`adminMedia.access.${a}`) }))}
        />
        <SelectField
          meta={fields.folderId}
          label={t("adminMedia.fields.folder")}
          placeholder={t("adminMedia.filters.root")}
          options={folders.map((f) => ({ value: String(f.id), label: f.name }))}
          optional
        />
      </div>
      {picture ? <FocalPointField image={picture} form={form as never} x={fields.focalX as never} y={fields.focalY as never} /> : null}
      <FormError id={form.errorId} errors={form.errors} testId="media-edit-error" />
      <Button pending={pending}>{t("adminMedia.save")}</Button>
    </SecureForm>
  );
}
