import { getFormProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/message";
import { resultFor, submissionOf, useShopForm, type FormConstraint } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/locales";
import { NAVIGATION_LINK_TYPES, NAVIGATION_ROUTES, NESTED_NAVIGATIONS, type NavigationHandle } from "./navigation.schema";

type Item = { id: number; parentId: number | null; labels: Record<string, string>; linkType: string; target: string; depth: number };
type View = { handle: NavigationHandle; version: number; items: Item[] };
type Choices = { pages: { slug: string; title: string; postType: string }[]; categories: { slug: string; name: string }[] };

const LABEL_FIELD = { hr: "labelHr", en: "labelEn", de: "labelDe" } as const;
const actionOf = (view: View) => `/admin/navigations?nav=${view.handle}`;

/** The navigation's links in order, each with its labels per language, moved, removed. */
export function NavigationItems({ view, lastResult }: { view: View; lastResult: unknown }) {
  const { t } = useTranslation();
  const refused = submissionOf(lastResult);
  const rowError = refused && refused.initialValue?.intent !== "add" ? Object.values(refused.error ?? {}).flat()[0] : null;
  // Up and down move a link among its siblings (the links of the same level under the same parent).
  const siblings = (item: Item) => view.items.filter((i) => i.parentId === item.parentId);
  const target = (item: Item) =>
    item.linkType === "route" ? t(`adminContent.navigations.routes.${item.target}`, { defaultValue: item.target }) : item.target;
  return (
    <section className="space-y-3" aria-labelledby="navigation-items">
      <h2 id="navigation-items" className="text-lg font-semibold">
        {t("adminContent.navigations.items")}
      </h2>
      <FormError errors={rowError ?? null} testId="navigation-error" />
      {view.items.length === 0 ? <p className="text-slate-600">{t("adminContent.navigations.empty")}</p> : null}
      <ol className="space-y-3" data-testid="navigation-items">
        {view.items.map((item) => (
          <li
            key={item.id}
            className="rounded border border-slate-200 bg-white p-3"
            style={{ marginLeft: `${item.depth * 1.5}rem` }}
            data-testid="navigation-item"
            data-label={item.labels.hr}
            data-depth={item.depth}
          >
            <p className="mb-2 text-sm text-slate-600 [overflow-wrap:anywhere]">
              {t(`adminContent.navigations.linkTypes.${item.linkType}`, { defaultValue: item.linkType })}: {target(item)}
            </p>
            <SecureForm action={actionOf(view)} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="labels" />
              <input type="hidden" name="version" value={view.version} />
              <input type="hidden" name="itemId" value={item.id} />
              {LOCALES.map((locale) => (
                <label key={locale} className="text-sm">
                  <span className="block font-semibold">{t(`admin.languages.${locale}`)}</span>
                  <input
                    name={LABEL_FIELD[locale]}
                    defaultValue={item.labels[locale] ?? ""}
                    required={locale === "hr"}
                    maxLength={120}
                    className="mt-1 rounded border border-slate-300 px-2 py-1"
                  />
                </label>
              ))}
              <Button size="sm" variant="secondary">
                {t("adminContent.navigations.saveLabels")}
              </Button>
            </SecureForm>
            <div className="mt-2 flex flex-wrap gap-2">
              {(["up", "down"] as const).map((to) => (
                <SecureForm key={to} action={actionOf(view)}>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="version" value={view.version} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="to" value={to} />
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={(to === "up" ? siblings(item)[0] : siblings(item).at(-1))?.id === item.id}
                    aria-label={t(`adminContent.navigations.move.${to}Of`, { label: item.labels.hr })}
                  >
                    {t(`adminContent.navigations.move.${to}`)}
                  </Button>
                </SecureForm>
              ))}
              <SecureForm action={actionOf(view)}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="version" value={view.version} />
                <input type="hidden" name="itemId" value={item.id} />
                <Button size="sm" variant="secondary" aria-label={t("adminContent.navigations.removeOf", { label: item.labels.hr })}>
                  {t("adminContent.navigations.remove")}
                </Button>
              </SecureForm>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A new link at the end of the navigation, or of a top-level link's sub-links (main only):
 * to a page or post, a category, a part of the shop, or an address. Every field is on the
 * page (no script needed); the link type says which one counts.
 */
export function NavigationAddForm({
  view,
  choices,
  constraint,
  lastResult,
}: {
  view: View;
  choices: Choices;
  constraint: FormConstraint;
  lastResult: unknown;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useShopForm({ id: "navigation-add", lastResult: resultFor(lastResult, "add"), constraint });
  return (
    <SecureForm
      {...getFormProps(form)}
      action={actionOf(view)}
      className="space-y-2 rounded border border-slate-200 bg-white p-4"
      data-testid="navigation-add"
    >
      <h2 className="text-lg font-semibold">{t("adminContent.navigations.add")}</h2>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="version" value={view.version} />
      {NESTED_NAVIGATIONS.includes(view.handle) ? (
        <SelectField
          meta={fields.parent}
          label={t("adminContent.navigations.parent")}
          description={t("adminContent.navigations.parentHelp")}
          placeholder={t("adminContent.navigations.topLevel")}
          options={view.items.filter((i) => i.depth === 0).map((i) => ({ value: String(i.id), label: i.labels.hr }))}
        />
      ) : null}
      <SelectField
        meta={fields.linkType}
        label={t("adminContent.navigations.linkType")}
        options={NAVIGATION_LINK_TYPES.map((type) => ({ value: type, label: t(`adminContent.navigations.linkTypes.${type}`) }))}
      />
      <SelectField
        meta={fields.page}
        label={t("adminContent.navigations.page")}
        description={t("adminContent.navigations.pageHelp")}
        placeholder={t("adminContent.navigations.choosePage")}
        options={choices.pages.map((p) => ({
          value: p.slug,
          label: `${p.title} (/${p.slug})${p.postType === "post" ? ` · ${t("adminContent.navigations.linkTypes.post")}` : ""}`,
        }))}
      />
      <SelectField
        meta={fields.category}
        label={t("adminContent.navigations.category")}
        placeholder={t("adminContent.navigations.chooseCategory")}
        options={choices.categories.map((c) => ({ value: c.slug, label: c.name }))}
      />
      <SelectField
        meta={fields.route}
        label={t("adminContent.navigations.route")}
        description={t("adminContent.navigations.routeHelp")}
        placeholder={t("adminContent.navigations.chooseRoute")}
        options={NAVIGATION_ROUTES.map((route) => ({ value: route, label: t(`adminContent.navigations.routes.${route}`) }))}
      />
      <Field meta={fields.url} type="url" label={t("adminContent.navigations.url")} placeholder="https://" autoComplete="off" />
      <div className="grid gap-2 sm:grid-cols-3">
        {LOCALES.map((locale) => (
          <Field
            key={locale}
            meta={fields[LABEL_FIELD[locale]]}
            label={t("adminContent.navigations.labelIn", { language: t(`admin.languages.${locale}`) })}
            autoComplete="off"
          />
        ))}
      </div>
      <FormError id={form.errorId} errors={form.errors} testId="navigation-add-error" />
      <Button pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "add"}>
        {t("adminContent.navigations.addButton")}
      </Button>
    </SecureForm>
  );
}
