import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useMessageText } from "~/components/ui/message";
import { resultFor } from "~/lib/forms/use-shop-form";
import type { productEditorView } from "./product-editor-view.server";

/** Small shared pieces of the product editor's sections (product-main-form.tsx, product-editor-sections.tsx). */
export type EditorView = NonNullable<Awaited<ReturnType<typeof productEditorView>>>;
export type Answer = SubmissionResult<string[]> | undefined | null;

/** Cents as the money fields take them: "1234,50". */
export const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : (cents / 100).toFixed(2).replace(".", ",");

/** The refused answer of this section's form, if the last post was its own. */
export function answerFor(lastResult: unknown, intent: string) {
  return resultFor(lastResult, intent);
}

/** The first message at a field (or any field under it) of a refused answer. */
export function errorAt(answer: SubmissionResult<string[]> | null, name: string): string | undefined {
  if (!answer?.error) return undefined;
  const direct = answer.error[name]?.[0];
  if (direct) return direct;
  const nested = Object.entries(answer.error).find(([key, messages]) =>
    key.startsWith(`${name}[`) || key.startsWith(`${name}.`) ? messages?.length : false,
  );
  return nested?.[1]?.[0];
}

/** An error line under a control; `id` is what the control's aria-describedby names. */
export function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  const text = useMessageText();
  return (
    <p id={id} className="min-h-5 text-sm text-red-700">
      {text(message)}
    </p>
  );
}

export function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 bg-white p-4"
      data-testid={testId}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const CONTROL = "mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm aria-[invalid=true]:border-red-600";
