import { useNavigation } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import type { getAssignmentEditor } from "./consent-admin.server";

type EditorRows = Awaited<ReturnType<typeof getAssignmentEditor>>;

/**
 * Which consents a form shows ('assigned') and which must be ticked ('required'). Without
 * JavaScript the server makes a required consent assigned; with it, the boxes follow
 * each other at once so the admin sees what will be saved.
 */
export function AssignmentEditor({ kind, rows, errors }: { kind: string; rows: EditorRows; errors?: readonly string[] | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const box = (name: "assigned" | "required", id: number) => `${name}-${id}`;
  const follow = (event: ChangeEvent<HTMLInputElement>, other: string, when: boolean) => {
    const input = event.currentTarget.form?.elements.namedItem(other);
    if (input instanceof HTMLInputElement && event.currentTarget.checked === when) input.checked = when;
  };
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("consent.admin.noConsents")}</p>;
  return (
    <SecureForm action={`/admin/consent/${kind}`} className="space-y-4" data-testid="assignment-editor">
      <div className="relative overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-100">
            <tr>
              <th className="px-3 py-2 text-left font-semibold">{t("consent.admin.consent")}</th>
              <th className="px-3 py-2 font-semibold">{t("consent.admin.assigned")}</th>
              <th className="px-3 py-2 font-semibold">{t("consent.admin.required")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="px-3 py-2">
                  {row.uniqueNumber}. {row.displayName}
                </td>
                <td className="px-3 py-2 text-center">
                  <input
                    type="checkbox"
                    id={box("assigned", row.id)}
                    name="consents"
                    value={row.id}
                    defaultChecked={row.assigned}
                    aria-label={`${t("consent.admin.assigned")}: ${row.displayName}`}
                    onChange={(event) => follow(event, box("required", row.id), false)}
                    className="size-4 accent-brand-600"
                  />
                </td>
                <td className="px-3 py-2 text-center">
                  <input
                    type="checkbox"
                    id={box("required", row.id)}
                    name="requiredConsents"
                    value={row.id}
                    defaultChecked={row.required}
                    aria-label={`${t("consent.admin.required")}: ${row.displayName}`}
                    onChange={(event) => follow(event, box("assigned", row.id), true)}
                    className="size-4 accent-brand-600"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">{t("consent.admin.editHint")}</p>
      <FormError errors={errors} />
      <Button pending={navigation.state === "submitting"}>{t("consent.admin.save")}</Button>
    </SecureForm>
  );
}
