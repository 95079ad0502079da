import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MediaChooser, type MediaChoice } from "~/components/admin/media-chooser";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { MasterCopy } from "./master-copies.server";
import type { MasterField } from "./master-form.server";
import type { MasterDetail, MasterUse } from "./masters.server";

/**
 * The parts of the master's screen (/admin/masters/:id, decision 0133): the draft's state,
 * the form (every field kind of the section; "Spremi skicu" and "Objavi"), the pages that
 * use the master, the pages holding an old copy of it, and its history. Every button is a
 * plain form post, so the screen works without JavaScript.
 */
type ScreenData = {
  detail: MasterDetail;
  fields: readonly MasterField[];
  chosen: number[];
  link: string;
  linkLabel: string;
  media: MediaChoice[];
  constraint: FormConstraint;
};

const NUMBER_STEP: Partial<Record<MasterField, string>> = { lat: "0.00001", lon: "0.00001", limit: "1", zoom: "1" };
const LABEL: Partial<Record<MasterField, string>> = {
  title: "editing.panel.fields.title",
  text: "editing.panel.fields.text",
  html: "editing.panel.fields.html",
  caption: "editing.panel.fields.caption",
  address: "editing.panel.fields.address",
  slug: "editing.panel.fields.slug",
  tag: "adminContent.masters.tag",
  category: "adminContent.masters.category",
  limit: "editing.panel.fields.limit",
  lat: "editing.panel.fields.lat",
  lon: "editing.panel.fields.lon",
  zoom: "editing.panel.fields.zoom",
};

function Panel({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A one-button form of the screen (discard, restore, link). */
function ButtonForm({
  intent,
  hidden,
  label,
  variant = "secondary",
}: {
  intent: string;
  hidden: Record<string, string | number>;
  label: string;
  variant?: "secondary" | "ghost";
}) {
  const navigation = useNavigation();
  return (
    <SecureForm className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button size="sm" variant={variant} pending={navigation.formData?.get("intent") === intent}>
        {label}
      </Button>
    </SecureForm>
  );
}

export function MasterDraftBar({ detail, errors }: { detail: MasterDetail; errors: string[] }) {
  const { t } = useTranslation();
  const draft = detail.draft;
  return (
    <div className="space-y-1 rounded border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="master-draft-state">
      <p>
        {draft
          ? t("adminContent.masters.draftOpen", { who: draft.info.updatedByEmail, version: detail.version })
          : t("adminContent.masters.noDraft", { version: detail.version })}
      </p>
      {draft ? (
        <ButtonForm intent="discard" hidden={{ revision: draft.info.revision }} label={t("adminContent.masters.discard")} variant="ghost" />
      ) : null}
      <FormError errors={errors} testId="master-action-error" />
    </div>
  );
}

export function MasterForm({ data, lastResult }: { data: ScreenData; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { detail, fields } = data;
  const shown = (detail.draft?.component ?? detail.component) as Record<string, unknown>;
  const defaults: Record<string, string> = { name: detail.draft?.name ?? detail.name, linkHref: data.link, linkLabel: data.linkLabel };
  for (const name of fields) if (name in LABEL) defaults[name] = String(shown[name] ?? "");
  const [form, meta] = useShopForm<Record<string, string>>({
    id: "master",
    lastResult,
    constraint: data.constraint,
    defaultValue: defaults,
  });
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <SecureForm {...getFormProps(form)} className="space-y-2 rounded border border-slate-200 bg-white p-4" data-testid="master-form">
      <input type="hidden" name="revision" value={detail.draft?.info.revision ?? 0} />
      <input type="hidden" name="version" value={detail.version} />
      <Field meta={meta.name} label={t("editing.sections.masterName")} autoComplete="off" />
      {fields.map((name) => {
        if (name === "image" || name === "images")
          return (
            <div key={name}>
              <MediaChooser
                name={name}
                choices={data.media}
                selected={data.chosen}
                multiple={name === "images"}
                label={t(name === "image" ? "adminContent.masters.image" : "adminContent.masters.images")}
              />
              <FormError errors={meta[name]?.errors} testId={`master-${name}-error`} />
            </div>
          );
        if (name === "link")
          return (
            <fieldset key={name} className="space-y-1 rounded border border-slate-200 p-3" data-testid="master-link">
              <legend className="px-1 text-sm font-semibold">{t("editing.panel.fields.link")}</legend>
              <Field meta={meta.linkLabel} label={t("editing.link.label")} autoComplete="off" />
              <Field
                meta={meta.linkHref}
                label={t("adminContent.masters.linkHref")}
                description={t("adminContent.masters.linkHrefHelp")}
                autoComplete="off"
              />
            </fieldset>
          );
        const label = t(LABEL[name] ?? name);
        return name === "text" || name === "html" ? (
          <TextareaField key={name} meta={meta[name]} label={label} rows={name === "html" ? 10 : 4} />
        ) : (
          <Field
            key={name}
            meta={meta[name]}
            label={label}
            type={NUMBER_STEP[name] ? "number" : "text"}
            step={NUMBER_STEP[name]}
            autoComplete="off"
          />
        );
      })}
      <FormError id={form.errorId} errors={form.errors} testId="master-error" />
      <div className="flex flex-wrap gap-2">
        {/* The first button is what Enter presses: the safe one. */}
        <Button name="intent" value="draft" variant="secondary" pending={busy("draft")}>
          {t("editing.panel.save")}
        </Button>
        <Button name="intent" value="publish" pending={busy("publish")}>
          {t("editing.toolbar.publish")}
        </Button>
      </div>
    </SecureForm>
  );
}

export function MasterUsedBy({ usedBy }: { usedBy: MasterUse[] }) {
  const { t } = useTranslation();
  return (
    <Panel testId="master-used-by" title={t("adminContent.masters.usedBy")}>
      {usedBy.length === 0 ? <p className="text-sm text-slate-600">{t("adminContent.masters.unused")}</p> : null}
      <ul className="list-disc pl-5 text-sm">
        {usedBy.map((use) => (
          <li key={`${use.pageId}-${use.languageCode}`}>
            <Link to={`/admin/pages/${use.pageId}`} className="underline">
              {use.title}
            </Link>{" "}
            <span className="text-slate-600">({use.languageCode})</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function MasterCopies({ copies }: { copies: MasterCopy[] }) {
  const { t } = useTranslation();
  return (
    <Panel testId="master-copies" title={t("adminContent.masters.copies")}>
      <p className="text-sm text-slate-600">{t(copies.length ? "adminContent.masters.copiesIntro" : "adminContent.masters.noCopies")}</p>
      <ul className="space-y-1 text-sm">
        {copies.map((copy) => (
          <li key={`${copy.pageId}-${copy.languageCode}`} data-testid="master-copy" className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/pages/${copy.pageId}`} className="underline">
              {copy.title}
            </Link>
            <span className="text-slate-600">
              ({copy.languageCode}, {t("adminContent.masters.copyCount", { n: copy.indexes.length })})
            </span>
            <ButtonForm
              intent="linkCopy"
              hidden={{ pageId: copy.pageId, languageCode: copy.languageCode }}
              label={t("adminContent.masters.linkCopy")}
              variant="ghost"
            />
          </li>
        ))}
      </ul>
      {copies.length ? <ButtonForm intent="linkCopies" hidden={{}} label={t("adminContent.masters.linkAll")} /> : null}
    </Panel>
  );
}

type Version = { id: number; version: number; source: string; note: string; createdByEmail: string; createdAt: string };

export function MasterHistory({ versions, liveVersion, locale }: { versions: Version[]; liveVersion: number; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Panel testId="master-history" title={t("adminContent.masters.history")}>
      {versions.length === 0 ? <p className="text-sm text-slate-600">{t("adminContent.masters.noHistory")}</p> : null}
      <ul className="space-y-1 text-sm">
        {versions.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center gap-2" data-testid="master-version">
            <span>
              {t("adminContent.masters.versionLine", {
                version: v.version,
                who: v.createdByEmail,
                when: formatDate(v.createdAt, locale, { style: "numeric", time: "short" }),
              })}
            </span>
            {v.version === liveVersion ? (
              <span className="font-semibold">{t("adminContent.masters.live")}</span>
            ) : (
              <ButtonForm
                intent="restore"
                hidden={{ versionId: v.id, version: liveVersion }}
                label={t("adminContent.masters.restore")}
                variant="ghost"
              />
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
