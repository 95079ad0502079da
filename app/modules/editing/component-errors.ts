import type { z } from "zod/v4";

type ZodIssue = z.core.$ZodIssue;
import { DomainError } from "~/.server/domain-error";

/**
 * A component refused by its schema, as the panel shows it (decision 0051: "validated by
 * its own schema, its messages translated"): zod's English default texts become the shop's
 * validation keys, and `field` names the panel field (`title`, `cta.target`, ...).
 */
export function componentRefused(issue: ZodIssue | undefined, index: number): DomainError {
  const field = issue ? issue.path.join(".") : "";
  const { key, values } = issue ? messageOf(issue) : { key: "editing.errors.invalidSection", values: {} };
  return new DomainError("invalidComponent", {
    message: `Section ${index} refused: ${issue?.message ?? "unknown type"}`,
    key,
    values,
    status: 400,
    field,
  });
}

function messageOf(issue: ZodIssue): { key: string; values: Record<string, string | number> } {
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return { key: "core.validation.maxLength", values: { length: Number(issue.maximum) } };
      if (issue.origin === "array") return { key: "editing.errors.tooMany", values: { max: Number(issue.maximum) } };
      return { key: "core.validation.max", values: { max: Number(issue.maximum) } };
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? { key: "core.validation.required", values: {} }
          : { key: "core.validation.minLength", values: { length: Number(issue.minimum) } };
      if (issue.origin === "array") return { key: "editing.errors.tooFew", values: { min: Number(issue.minimum) } };
      return { key: "core.validation.min", values: { min: Number(issue.minimum) } };
    case "invalid_type":
      return issue.expected === "number" || issue.expected === "int"
        ? { key: "core.validation.number", values: {} }
        : { key: "core.validation.required", values: {} };
    case "custom":
      // The one refinement of the component schemas: a product slider's source.
      return { key: "editing.errors.sliderSource", values: {} };
    default:
      return { key: "core.validation.pattern", values: {} };
  }
}
