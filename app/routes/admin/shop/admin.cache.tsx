import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { cacheBackend, listCaches } from "~/.server/cache.server";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { clearCacheByHand } from "~/modules/kernel/cache-impact.server";
import { requireStaff } from "~/routes/http/staff.server";
import { clearCacheSchema } from "~/modules/site/admin.schema";

/** Available caches: list and clear the named caches (DESIGN.md cache). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "admin");
  return { caches: listCaches(), backend: cacheBackend() };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "admin");
  const { submission } = await readSubmission(request, clearCacheSchema);
  const name = submission.status === "success" ? submission.value.name : "";
  const cleared = name !== "" && (await clearCacheByHand(staff, name));
  const headers = await setToast(
    cleared ? { type: "success", key: "admin.cacheCleared", values: { name } } : { type: "error", key: "admin.cacheUnknown" },
  );
  return redirect("/admin/cache", { headers });
}

export default function AdminCache() {
  const { caches, backend } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("admin.caches")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("admin.cacheBackend", { backend })}</p>
      <ul className="mt-6 divide-y rounded border bg-white">
        {caches.map((name) => (
          <li key={name} className="flex items-center justify-between p-3">
            <code>{name}</code>
            <SecureForm>
              <input type="hidden" name="name" value={name} />
              <Button variant="secondary" size="sm">
                {t("admin.clear")}
              </Button>
            </SecureForm>
          </li>
        ))}
      </ul>
    </section>
  );
}
