import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { usePick } from "./use-pick";

/**
 * Where a product slider takes its products (the schema: a tag or a category, never
 * both): the spec's "product list" dialog lists the product tags, "product categories"
 * the categories of the language being edited, both searchable.
 */
type Source = { tag?: string; category?: string };

export function SliderSource({
  label,
  value,
  onChange,
  lng,
  error,
}: {
  label: string;
  value: Source;
  onChange: (source: Source) => void;
  lng: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<"tag" | "category" | null>(null);
  return (
    <fieldset className="space-y-1" data-testid="slider-source">
      <legend className="font-semibold">{label}</legend>
      <p className="text-sm">
        {value.tag
          ? `${t("editing.pick.byTag")}: ${value.tag}`
          : value.category
            ? `${t("editing.pick.byCategory")}: ${value.category}`
            : "–"}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" type="button" onClick={() => setPicking("tag")}>
          {t("editing.pick.productList")}
        </Button>
        <Button size="sm" variant="secondary" type="button" onClick={() => setPicking("category")}>
          {t("editing.pick.productCategories")}
        </Button>
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {picking ? (
        <Picker
          kind={picking}
          lng={lng}
          close={() => setPicking(null)}
          choose={(target) => onChange(picking === "tag" ? { tag: target } : { category: target })}
        />
      ) : null}
    </fieldset>
  );
}

function Picker({
  kind,
  lng,
  close,
  choose,
}: {
  kind: "tag" | "category";
  lng: string;
  close: () => void;
  choose: (target: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState("");
  const { items } = usePick(kind, q, lng);
  const title = kind === "tag" ? t("editing.pick.productList") : t("editing.pick.productCategories");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={title}
      closeLabel={t("editing.panel.close")}
      testId={kind === "tag" ? "product-list-dialog" : "product-categories-dialog"}
    >
      <label htmlFor={id} className="block">
        {t("editing.link.search")}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        className="mb-2 w-full rounded border border-slate-300 p-2"
      />
      <ul className="max-h-72 overflow-y-auto rounded border border-slate-200">
        {items.length === 0 ? <li className="p-2 text-sm text-slate-600">{t("editing.link.noResults")}</li> : null}
        {items.map((item) => (
          <li
            key={`${item.id}-${item.target}`}
            className="flex items-center justify-between gap-2 border-b border-slate-100 px-2 py-1 text-sm"
          >
            <span>{item.label}</span>
            <Button
              size="sm"
              variant="secondary"
              type="button"
              aria-label={`${t("editing.pick.choose")}: ${item.label}`}
              onClick={() => {
                choose(item.target);
                close();
              }}
            >
              {t("editing.pick.choose")}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
