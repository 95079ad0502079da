import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { KeyboardEvent, MouseEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n";
import { clampFocal } from "~/lib/focal-point";
import { mediaUrl, type MediaRef } from "~/lib/media";
import { FOCAL_DEFAULT, FOCAL_STEP } from "./media-library.schema";

type Props = {
  image: Pick<MediaRef, "driveId" | "title" | "version">;
  form: FormMetadata<Record<string, unknown>, string[]>;
  x: FieldMetadata<number | undefined, Record<string, unknown>, string[]>;
  y: FieldMetadata<number | undefined, Record<string, unknown>, string[]>;
};

const KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-FOCAL_STEP, 0],
  ArrowRight: [FOCAL_STEP, 0],
  ArrowUp: [0, -FOCAL_STEP],
  ArrowDown: [0, FOCAL_STEP],
};

/** The field's current value as a whole percent; what is not a number yet (a half-typed field) is the centre. */
function percent(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? clampFocal(n) : FOCAL_DEFAULT;
}

/**
 * A picture's focal point (decision 0125): the two number fields post it with the media
 * form, with or without JavaScript. Hydrated, a click on the uncropped picture sets both and
 * the arrow keys move the marker by 5 %; the fields follow, so one form posts what is shown.
 */
export function FocalPointField({ image, form, x, y }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fx = percent(x.value ?? x.initialValue);
  const fy = percent(y.value ?? y.initialValue);
  // Typed into the fields as a person would (an input event each): two form.update() calls
  // in a row would each start from the same state, and the second would undo the first.
  const set = (nx: number, ny: number) => {
    const fields = document.forms.namedItem(form.id)?.elements;
    for (const [name, value] of [
      [x.name, nx],
      [y.name, ny],
    ] as const) {
      const input = fields?.namedItem(name);
      if (!(input instanceof HTMLInputElement)) continue;
      input.value = String(clampFocal(value));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    set(((event.clientX - box.left) / box.width) * 100, ((event.clientY - box.top) / box.height) * 100);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    set(fx + step[0], fy + step[1]);
  };
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3" data-testid="media-focal">
      <legend className="px-1 font-semibold">{t("adminMedia.focal.title")}</legend>
      <p className="text-sm text-slate-600" id="media-focal-hint">
        {hydrated ? t("adminMedia.focal.hintPointer") : t("adminMedia.focal.hint")}
      </p>
      <div
        className={`relative inline-block max-w-full ${hydrated ? "cursor-crosshair focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600" : ""}`}
        onClick={hydrated ? onClick : undefined}
        onKeyDown={hydrated ? onKeyDown : undefined}
        tabIndex={hydrated ? 0 : undefined}
        role={hydrated ? "application" : undefined}
        aria-label={hydrated ? t("adminMedia.focal.picker", { x: fx, y: fy }) : undefined}
        aria-describedby="media-focal-hint"
        data-testid="media-focal-picker"
      >
        <img src={mediaUrl(image, "medium")} alt="" className="block h-auto max-h-72 w-auto max-w-full select-none" draggable={false} />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600/70 shadow ring-1 ring-slate-900/50"
          style={{ left: `${fx}%`, top: `${fy}%` }}
          data-testid="media-focal-marker"
          data-x={fx}
          data-y={fy}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={x} type="number" label={t("adminMedia.fields.focalX")} inputMode="numeric" step={1} />
        <Field meta={y} type="number" label={t("adminMedia.fields.focalY")} inputMode="numeric" step={1} />
      </div>
    </fieldset>
  );
}
