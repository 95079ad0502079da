import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { usePick } from "./use-pick";

/**
 * A section's link and the spec's "link options" dialog (spec §2; the link object of spec
 * §3: name, target, hrefNewTab, rel, external or internal): an internal page, post,
 * product or category picked from a searchable list in the language being edited, or an
 * external address; a label, "open in a new tab" and rel. Stored as the components keep
 * links: { label, linkType, target, newTab?, rel? }.
 */
export type StoredLink = { label: string; linkType: string; target: string; newTab?: boolean; rel?: string };
const LINK_TYPES = ["page", "post", "product", "category", "external"] as const;

type Props = {
  label: string;
  value: StoredLink | null;
  onChange: (value: StoredLink | null) => void;
  lng: string;
  optional: boolean;
  error?: string;
};

export function LinkField({ label, value, onChange, lng, optional, error }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="space-y-1" data-testid="link-field">
      <legend className="font-semibold">{label}</legend>
      <p className="text-sm text-slate-700">
        {value ? `${value.label || value.target} → ${t(`editing.link.types.${value.linkType}`)}: ${value.target}` : t("editing.link.none")}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" type="button" onClick={() => setOpen(true)}>
          {t("editing.link.choose")}
        </Button>
        {value && optional ? (
          <Button size="sm" variant="ghost" type="button" onClick={() => onChange(null)}>
            {t("editing.link.remove")}
          </Button>
        ) : null}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {open ? <LinkOptions value={value} lng={lng} close={() => setOpen(false)} apply={onChange} /> : null}
    </fieldset>
  );
}

function LinkOptions({
  value,
  lng,
  close,
  apply,
}: {
  value: StoredLink | null;
  lng: string;
  close: () => void;
  apply: (link: StoredLink) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [linkType, setLinkType] = useState<string>(
    value && (LINK_TYPES as readonly string[]).includes(value.linkType) ? value.linkType : "page",
  );
  const [target, setTarget] = useState(value?.target ?? "");
  const [label, setLabel] = useState(value?.label ?? "");
  const [newTab, setNewTab] = useState(value?.newTab ?? false);
  const [rel, setRel] = useState(value?.rel ?? "");
  const [q, setQ] = useState("");
  const external = linkType === "external";
  const { items } = usePick(linkType, q, lng, !external);
  const valid = external ? /^https?:\/\/\S+$/.test(target) : target.length > 0;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("editing.link.title")}
      closeLabel={t("editing.panel.close")}
      testId="link-options-dialog"
    >
      <div className="space-y-3">
        <label className="block" htmlFor={`${id}-type`}>
          {t("editing.link.type")}
        </label>
        <select
          id={`${id}-type`}
          value={linkType}
          onChange={(event) => {
            setLinkType(event.target.value);
            setTarget("");
          }}
          className="w-full rounded border border-slate-300 p-2"
        >
          {LINK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`editing.link.types.${type}`)}
            </option>
          ))}
        </select>
        {external ? (
          <>
            <label className="block" htmlFor={`${id}-url`}>
              {t("editing.link.url")}
            </label>
            <input
              id={`${id}-url`}
              type="url"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              className="w-full rounded border border-slate-300 p-2"
            />
          </>
        ) : (
          <>
            <label className="block" htmlFor={`${id}-q`}>
              {t("editing.link.search")}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              className="w-full rounded border border-slate-300 p-2"
            />
            <ul className="max-h-48 overflow-y-auto rounded border border-slate-200" data-testid="link-choices">
              {items.length === 0 ? <li className="p-2 text-sm text-slate-600">{t("editing.link.noResults")}</li> : null}
              {items.map((item) => (
                <li key={`${item.id}-${item.target}`}>
                  <button
                    type="button"
                    aria-pressed={item.target === target}
                    className={`block w-full px-2 py-1 text-left text-sm ${item.target === target ? "bg-brand-50 font-semibold" : "hover:bg-slate-50"}`}
                    onClick={() => {
                      setTarget(item.target);
                      if (!label) setLabel(item.label);
                    }}
                  >
                    {item.label} <span className="text-slate-500">/{item.target}</span>
                  </button>
                </li>
              ))}
            </ul>
            {target ? <p className="text-sm">{t("editing.link.chosen", { label: target })}</p> : null}
          </>
        )}
        <label className="block" htmlFor={`${id}-label`}>
          {t("editing.link.label")}
        </label>
        <input
          id={`${id}-label`}
          value={label}
          maxLength={120}
          onChange={(event) => setLabel(event.target.value)}
          className="w-full rounded border border-slate-300 p-2"
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={newTab} onChange={(event) => setNewTab(event.target.checked)} />
          {t("editing.link.newTab")}
        </label>
        <label className="block" htmlFor={`${id}-rel`}>
          {t("editing.link.rel")}
        </label>
        <input
          id={`${id}-rel`}
          value={rel}
          maxLength={60}
          pattern="[a-z ]*"
          onChange={(event) => setRel(event.target.value.toLowerCase())}
          className="w-full rounded border border-slate-300 p-2"
        />
        <Button
          type="button"
          disabled={!valid}
          onClick={() => {
            apply({ label, linkType, target, ...(newTab ? { newTab } : {}), ...(rel.trim() ? { rel: rel.trim() } : {}) });
            close();
          }}
        >
          {t("editing.link.apply")}
        </Button>
      </div>
    </Dialog>
  );
}
