import { useNavigation } from "@remix-run/react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";

type Branch = { id: number; name: string; address: string; kind: "pickup" | "locker"; active: boolean };

const INPUT = "rounded border border-slate-300 px-2 py-1.5";
const BRANCH_INTENTS = ["addBranch", "saveBranch", "removeBranch", "branchUp", "branchDown"];

/** One branch's fields (name, address, kind, active), for a row of the table and for the "add" form. */
function BranchFields({ branch, prefix }: { branch?: Branch; prefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="flex flex-col text-xs font-semibold">
        {t("adminShipping.branch.name")}
        <input id={`${prefix}-name`} name="name" required maxLength={200} defaultValue={branch?.name} className={INPUT} />
      </label>
      <label className="flex flex-col text-xs font-semibold">
        {t("adminShipping.branch.address")}
        <input name="address" maxLength={300} defaultValue={branch?.address} className={INPUT} />
      </label>
      <label className="flex flex-col text-xs font-semibold">
        {t("adminShipping.branch.kind")}
        <select name="kind" defaultValue={branch?.kind ?? "pickup"} className={INPUT}>
          <option value="pickup">{t("adminShipping.branch.pickup")}</option>
          <option value="locker">{t("adminShipping.branch.locker")}</option>
        </select>
      </label>
      <label className="flex items-center gap-1 text-xs font-semibold">
        <input type="checkbox" name="active" defaultChecked={branch?.active ?? true} />
        {t("adminShipping.fields.active")}
      </label>
    </>
  );
}

/**
 * The branches of a delivery method (decision 0049): each row is its own form (save,
 * up, down, remove) posting the method's version; below, a form adds one. A method with
 * active branches makes the shopper choose one at checkout.
 */
export function BranchesPanel({ branches, version, lastResult }: { branches: Branch[]; version: number; lastResult?: unknown }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = submissionOf(lastResult);
  const intent = result?.initialValue?.intent;
  const errors =
    typeof intent === "string" && BRANCH_INTENTS.includes(intent)
      ? Object.values(result?.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : null;
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  return (
    <section className="space-y-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="branches-title" data-testid="branches">
      <h2 id="branches-title" className="text-lg font-semibold">
        {t("adminShipping.branches")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminShipping.branch.help")}</p>
      {branches.map((b, index) => (
        <SecureForm
          key={`${b.id}-${version}`}
          className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-2"
          data-testid="branch-row"
        >
          <input type="hidden" name="branchId" value={b.id} />
          <input type="hidden" name="version" value={version} />
          <BranchFields branch={b} prefix={`branch-${b.id}`} />
          <Button name="intent" value="saveBranch" size="sm" pending={pending === "saveBranch"}>
            {t("adminShipping.save")}
          </Button>
          <Button
            name="intent"
            value="branchUp"
            size="sm"
            variant="secondary"
            disabled={index === 0}
            aria-label={t("adminShipping.move.up", { name: b.name })}
          >
            ↑
          </Button>
          <Button
            name="intent"
            value="branchDown"
            size="sm"
            variant="secondary"
            disabled={index === branches.length - 1}
            aria-label={t("adminShipping.move.down", { name: b.name })}
          >
            ↓
          </Button>
          <Button name="intent" value="removeBranch" size="sm" variant="secondary" formNoValidate>
            {t("adminShipping.branch.remove")}
          </Button>
        </SecureForm>
      ))}
      {branches.length === 0 ? <p className="text-sm text-slate-600">{t("adminShipping.branch.none")}</p> : null}
      <SecureForm key={`add-${version}`} className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3" data-testid="branch-add">
        <input type="hidden" name="version" value={version} />
        <BranchFields prefix="branch-new" />
        <Button name="intent" value="addBranch" size="sm" pending={pending === "addBranch"}>
          {t("adminShipping.branch.add")}
        </Button>
      </SecureForm>
      <FormError errors={errors} testId="branch-error" />
    </section>
  );
}
