import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n";
import { useMessageText } from "./message";
import { RequiredMark } from "./required-mark";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any form's schema
export type AnyField = FieldMetadata<any, any, string[]>;

type ShellProps = {
  meta: AnyField;
  label: ReactNode;
  /** A hint under the label (format, what it is for); linked with aria-describedby. */
  description?: ReactNode;
  /** Shows "(optional)" instead of nothing, where most fields of the form are required. */
  optional?: boolean;
  /**
   * Overrides the schema's `required` (from the constraint): a section that is hidden until
   * a checkbox opens it passes false, since a hidden required input would block the form.
   */
  required?: boolean;
  /** Shows the star although the field is not required (spec §5: all four labels of the price enquiry are starred). */
  starred?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Label, description and error line around one control. The error line is always there
 * with a fixed height, so the submit button does not move under the pointer when a
 * message appears on blur (DESIGN.md pitfalls), and the control names both lines in
 * `aria-describedby` (see `describedBy`).
 */
export function FieldShell({ meta, label, description, optional, required = meta.required, starred, className, children }: ShellProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  return (
    <div className={className} data-field={meta.name}>
      <label htmlFor={meta.id} className="text-sm font-semibold">
        {label}
        {required ? (
          <RequiredMark />
        ) : starred ? (
          <RequiredMark announced={false} />
        ) : optional ? (
          <span className="ml-1 text-xs font-normal text-slate-500">({t("core.forms.optional")})</span>
        ) : null}
      </label>
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-slate-600">
          {description}
        </p>
      ) : null}
      {children}
      <p id={meta.errorId} className="min-h-5 text-sm text-red-700">
        {text(meta.errors?.[0])}
      </p>
    </div>
  );
}

/** The accessibility attributes of a field's control: invalid when it has an error, described by its hint and error. */
export function describedBy(meta: AnyField, hasDescription: boolean) {
  const invalid = Boolean(meta.errors?.length);
  const ids = [hasDescription ? meta.descriptionId : null, meta.errorId].filter(Boolean).join(" ");
  return { "aria-invalid": invalid || undefined, "aria-describedby": ids };
}

const CONTROL = "mt-1 w-full rounded border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600";

type InputType =
  "text" | "email" | "password" | "tel" | "number" | "date" | "datetime-local" | "url" | "search" | "hidden" | "color" | "file";
type FieldProps = Omit<ShellProps, "children"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "defaultValue" | "required" | "form"> & { type?: InputType };

/**
 * A labelled input of a conform form. Its constraints (required, minLength, maxLength,
 * min, max, pattern) come from the form's zod schema through `getZodConstraint`,
 * computed on the server, so the browser checks them without JavaScript and without zod.
 */
export function Field({ meta, label, description, optional, required, starred, className, type = "text", ...input }: FieldProps) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  if (required !== undefined) props.required = required;
  return (
    <FieldShell
      meta={meta}
      label={label}
      description={description}
      optional={optional}
      required={props.required}
      starred={starred}
      className={className}
    >
      <input key={key} {...props} {...describedBy(meta, Boolean(description))} className={CONTROL} {...input} />
    </FieldShell>
  );
}

type TextareaProps = Omit<ShellProps, "children"> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "required" | "form">;

export function TextareaField({ meta, label, description, optional, starred, className, rows = 4, ...textarea }: TextareaProps) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <FieldShell meta={meta} label={label} description={description} optional={optional} starred={starred} className={className}>
      <textarea key={key} rows={rows} {...props} {...describedBy(meta, Boolean(description))} className={CONTROL} {...textarea} />
    </FieldShell>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };
type SelectProps = Omit<ShellProps, "children"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "required" | "form"> & {
    options: readonly SelectOption[];
    /** A first, empty choice ("Odaberite…"); without it the first option is preselected. */
    placeholder?: string;
  };

/**
 * A labelled native select: it works without JavaScript, on every phone, with the
 * platform's own picker (radix Select needs scripts, so forms use this one).
 */
export function SelectField({
  meta,
  label,
  description,
  optional,
  required,
  starred,
  className,
  options,
  placeholder,
  ...select
}: SelectProps) {
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  if (required !== undefined) props.required = required;
  return (
    <FieldShell
      meta={meta}
      label={label}
      description={description}
      optional={optional}
      required={props.required}
      starred={starred}
      className={className}
    >
      <select key={key} {...props} {...describedBy(meta, Boolean(description))} className={CONTROL} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxProps = Omit<ShellProps, "children" | "optional" | "starred" | "required"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "defaultValue" | "defaultChecked" | "required" | "form">;

/**
 * One labelled checkbox of a conform form ("I agree", a setting), its label beside it;
 * ticked it posts "on". Error line and `aria-describedby` as with `Field`.
 */
export function CheckboxField({ meta, label, description, className, ...input }: CheckboxProps) {
  const text = useMessageText();
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className={className} data-field={meta.name}>
      <div className="flex items-start gap-2 text-sm">
        <input
          key={key}
          {...props}
          {...describedBy(meta, Boolean(description))}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          {...input}
        />
        <label htmlFor={meta.id}>
          {label}
          {meta.required ? <RequiredMark /> : null}
        </label>
      </div>
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-slate-600">
          {description}
        </p>
      ) : null}
      <p id={meta.errorId} className="min-h-5 text-sm text-red-700">
        {text(meta.errors?.[0])}
      </p>
    </div>
  );
}
