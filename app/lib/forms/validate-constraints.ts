import { parse, type Submission } from "@conform-to/react";
import { messageKey } from "~/lib/validation-message";

/**
 * The browser-side check of a conform form without zod: the constraints the server put on
 * the inputs (from the form's zod schema, `getZodConstraint`) are checked by the browser's
 * own constraint validation, and each broken one becomes the same message key the server
 * answers with ("core.validation.required", "core.validation.maxLength|{"length":100}").
 * The server parses with the schema again, so rules the constraints cannot express (the
 * OIB check digit, "passwords match") come back with the action's answer.
 */
export function validateConstraints({
  form,
  formData,
}: {
  form: HTMLFormElement;
  formData: FormData;
}): Submission<Record<string, unknown>> {
  return parse(formData, {
    resolve(value) {
      const error: Record<string, string[]> = {};
      for (const element of Array.from(form.elements)) {
        if (!isControl(element) || !element.name || element.disabled || element.validity.valid) continue;
        error[element.name] ??= [constraintMessage(element)];
      }
      return Object.keys(error).length > 0 ? { error } : { value };
    },
  });
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(element: Element): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The message key of the first broken constraint of a control. */
export function constraintMessage(control: Control): string {
  const { validity } = control;
  if (validity.valueMissing) return "core.validation.required";
  if (validity.typeMismatch && control.type === "email") return "core.validation.email";
  if (validity.badInput) return control.type === "number" ? "core.validation.number" : "core.validation.pattern";
  if (validity.tooShort && "minLength" in control) return messageKey("core.validation.minLength", { length: control.minLength });
  if (validity.tooLong && "maxLength" in control) return messageKey("core.validation.maxLength", { length: control.maxLength });
  if (validity.rangeUnderflow && control instanceof HTMLInputElement) return messageKey("core.validation.min", { min: control.min });
  if (validity.rangeOverflow && control instanceof HTMLInputElement) return messageKey("core.validation.max", { max: control.max });
  // A field may name its own message for a pattern ("Slug smije sadržavati samo mala slova…").
  if (validity.patternMismatch) return control.dataset.patternMessage ?? "core.validation.pattern";
  return "core.validation.pattern";
}
