import { useHydrated } from "remix-utils/use-hydrated";
import { Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { Button } from "~/components/ui/button";
import type { Locale } from "~/lib/locales";
import { mediaUrl, sizedDimensions } from "~/lib/media";
import { href } from "~/lib/routes-table";
import type { AddToCartForm } from "./add-to-cart-form";
import {
  bundleReadiness,
  partPrefix,
  type AssociatedProduct,
  type BundlePart,
  type FormPrefill,
  type ProductDetail,
  type Selection,
} from "./product-view";
import { SelectionForm, selectNames, VariantSelects } from "./variant-selects";

type Props = {
  product: ProductDetail & { bundle: NonNullable<ProductDetail["bundle"]> };
  locale: Locale;
  selections: Record<number, Selection>;
  choosePart: (partId: number, code: string, valueId: number) => void;
  inCart: number;
  action: string;
  prefill: FormPrefill;
  /**
   * The product page's add-to-cart form, handed over rather than imported: a lazily loaded
   * module importing it would split the product route's code off its entry file, one more
   * file on every product page's first load (first-load JavaScript budget, decision 0071).
   */
  AddToCart: typeof AddToCartForm;
};

/**
 * A bundle's parts and its add-to-cart (spec §2 Bundle customization modal, §4 Cart
 * "Addable"). Without configurable parts it is a plain form. With them, each such part
 * gets its attribute selects and add-to-cart stays disabled until every one resolves to a
 * variant: without JavaScript in an inline section with a GET form, with JavaScript in a
 * native <dialog> ('Prilagodi paket') holding the whole form, so no dialog library loads.
 */
export function BundleSection({ product, locale, selections, choosePart, inCart, action, prefill, AddToCart }: Props) {
  const { t } = useTranslation();
  // Read inside the section: a prop that changes on hydration would reach it while it still hydrates (React #421).
  const hydrated = useHydrated();
  const { parts, hasConfigurableParts } = product.bundle;
  const readiness = bundleReadiness(parts, selections);
  const bundleVariants: Record<number, number> = {};
  for (const [partId, variant] of Object.entries(readiness.variants)) if (variant) bundleVariants[Number(partId)] = variant.id;
  const reason = readiness.nestedBundle ? t("product.bundle.nestedBundle") : readiness.ready ? null : t("product.bundle.notConfigured");
  const form = (children?: ReactNode) => (
    <AddToCart
      productId={product.id}
      action={action}
      prefill={prefill}
      customOptions={product.customOptions}
      bundleVariants={bundleVariants}
      disabled={!readiness.ready || !product.inStock}
      reason={reason}
    >
      {children}
    </AddToCart>
  );
  const configurable = parts.filter((p) => p.configuration);
  const selects = configurable.map((part) => (
    <PartSelects
      key={part.id}
      part={part}
      selection={selections[part.id] ?? {}}
      variant={readiness.variants[part.id] ?? null}
      choose={choosePart}
    />
  ));

  return (
    <div className="flex flex-col gap-6">
      <PartsList parts={parts} variants={readiness.variants} locale={locale} />
      {!hasConfigurableParts ? (
        form()
      ) : hydrated ? (
        <BundleDialog name={product.name} inCart={inCart}>
          {form(selects)}
        </BundleDialog>
      ) : (
        <>
          <section
            className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
            data-testid="bundle-customization"
            aria-labelledby="bundle-customization-title"
          >
            <h2 id="bundle-customization-title" className="text-lg font-semibold">
              {t("product.bundle.customization")}
            </h2>
            <p className="text-sm text-slate-600">{t("product.bundle.intro")}</p>
            <SelectionForm
              hydrated={false}
              names={configurable.flatMap((p) => selectNames(p.configuration!, partPrefix(p.id)))}
              label={t("product.bundle.apply")}
              testId="bundle-selection-form"
            >
              {selects}
            </SelectionForm>
          </section>
          {form()}
        </>
      )}
    </div>
  );
}

function PartsList({
  parts,
  variants,
  locale,
}: {
  parts: BundlePart[];
  variants: Record<number, AssociatedProduct | null>;
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="bundle-parts-title">
      <h2 id="bundle-parts-title" className="mb-2 text-lg font-semibold">
        {t("product.bundle.parts")}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="bundle-parts">
        {parts.map((part) => {
          const box = part.image ? sizedDimensions(part.image, "thumbnail") : null;
          const variant = variants[part.id];
          return (
            <li key={part.id} className="flex items-center gap-3 p-3" data-testid="bundle-part">
              {part.image && box ? (
                <img src={mediaUrl(part.image, "thumbnail")} alt="" width={box.width} height={box.height} loading="lazy" />
              ) : null}
              <span className="font-semibold whitespace-nowrap tabular-nums">{part.quantity} ×</span>
              <span className="flex flex-col">
                {part.slug ? (
                  <Link to={href("product", locale, { slug: part.slug })} className="text-brand-700 hover:underline">
                    {part.name}
                  </Link>
                ) : (
                  <span>{part.name}</span>
                )}
                <span className="text-xs text-slate-500">
                  {part.configuration
                    ? variant
                      ? t("product.bundle.chosen", { sku: variant.sku })
                      : t("product.bundle.configurable")
                    : part.sku}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PartSelects({
  part,
  selection,
  variant,
  choose,
}: {
  part: BundlePart;
  selection: Selection;
  variant: AssociatedProduct | null;
  choose: Props["choosePart"];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-3" data-testid={`bundle-part-${part.id}`}>
      <legend className="px-1 font-medium">
        {part.quantity} × {part.name}
      </legend>
      <VariantSelects
        config={part.configuration!}
        selection={selection}
        prefix={partPrefix(part.id)}
        onChoose={(code, id) => choose(part.id, code, id)}
      />
      <p className={`text-sm ${variant ? "text-slate-600" : "text-red-700"}`} role="status" data-testid="bundle-part-status">
        {variant ? t("product.bundle.chosen", { sku: variant.sku }) : t("product.configure.notAvailable")}
      </p>
    </fieldset>
  );
}

/** The 'Prilagodi paket' modal: a native dialog (Escape and a click outside close it). */
function BundleDialog({ name, inCart, children }: { name: string; inCart: number; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Button type="button" size="lg" onClick={() => dialog.current?.showModal()} className="self-start" data-testid="bundle-customize">
        {t("product.bundle.customize")}
      </Button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click closes the modal from its backdrop; keyboard users close it with Escape (the native cancel event) */}
      <dialog
        ref={dialog}
        aria-labelledby="bundle-dialog-title"
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current?.close();
        }}
        className="m-auto w-full max-w-2xl rounded-lg p-0 backdrop:bg-black/50"
        data-testid="bundle-dialog"
      >
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="bundle-dialog-title" className="text-xl font-semibold">
                {t("product.bundle.customize")}
              </h2>
              <p className="text-slate-700">{name}</p>
              <p className="text-sm text-slate-500" data-testid="bundle-in-cart">
                {t("product.bundle.inCart", { count: inCart })}
              </p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => dialog.current?.close()}
              className="text-2xl leading-none"
              aria-label={t("product.bundle.close")}
            >
              ×
            </Button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
