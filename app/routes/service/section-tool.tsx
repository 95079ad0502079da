import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { getFixedT } from "~/.server/i18n.server";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { requireDevTools } from "~/routes/http/dev-tools-access.server";
import { sectionInventory } from "~/modules/dev-tools/section-tool.server";
import { requestLocale } from "~/.server/shopper.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["admin", "devTools"] };

export const meta: MetaFunction = () => [{ title: "Section tool | Alu Krov" }, { name: "robots", content: "noindex" }];

const filterSchema = z.object({
  type: z
    .string()
    .trim()
    .max(60)
    .regex(/^[A-Za-z]*$/)
    .optional(),
});

/**
 * The section tool (spec §2 dev-mode menu, decision 0062): every page in
 * each language with its sections in order, a filter by section type (a GET form, so it
 * works without JavaScript) and where each master component is used. Absent in
 * production; backoffice users only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDevTools(request);
  const parsed = filterSchema.safeParse({ type: new URL(request.url).searchParams.get("type") ?? undefined });
  if (!parsed.success) {
    const t = await getFixedT(requestLocale(request).locale);
    throw data({ detail: t("devTools.sections.badFilter") }, { status: 400 });
  }
  const inventory = await sectionInventory({ type: parsed.data.type || undefined });
  return { ...inventory, type: parsed.data.type ?? "" };
}

export default function SectionTool() {
  const { pages, masters, types, type, totalPages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-8" data-testid="section-tool">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t("admin.sectionTool")}</h1>
          <p className="mt-1 text-slate-700">{t("devTools.sections.intro", { count: totalPages })}</p>
        </div>
        <a href="/admin" className="text-brand-700 underline">
          {t("devTools.sections.back")}
        </a>
      </header>

      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="section-filter">
        <label className="block text-sm font-medium" htmlFor="section-type">
          {t("devTools.sections.type")}
          <select
            id="section-type"
            name="type"
            defaultValue={type}
            className="mt-1 block rounded border border-slate-300 bg-white px-2 py-1"
          >
            <option value="">{t("devTools.sections.allTypes")}</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm">{t("devTools.sections.filter")}</Button>
      </Form>

      <section aria-labelledby="section-pages">
        <h2 id="section-pages" className="mb-2 text-xl font-semibold">
          {t("devTools.sections.pages")}
        </h2>
        {pages.length === 0 ? (
          <p data-testid="section-empty">{t("devTools.sections.empty")}</p>
        ) : (
          <div className="overflow-x-auto rounded border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="section-pages">
              <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("devTools.sections.page")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("devTools.sections.language")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("devTools.sections.sections")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t("devTools.sections.open")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {pages.map((page) => (
                  <tr
                    key={`${page.pageId}-${page.languageCode}`}
                    data-testid="section-page"
                    data-page={page.pageId}
                    data-language={page.languageCode}
                    className="align-top"
                  >
                    <td className="px-3 py-2">
                      <span className="font-medium">{page.title}</span>
                      <span className="block text-xs text-slate-600">
                        /{page.slug} · {page.postType} ·{" "}
                        {t(`devTools.sections.status.${page.status === "published" ? "published" : "draft"}`)}
                      </span>
                    </td>
                    <td className="px-3 py-2">{page.languageCode}</td>
                    <td className="px-3 py-2">
                      {page.sections.length === 0 ? (
                        <span className="text-slate-600">{t("devTools.sections.none")}</span>
                      ) : (
                        <ol className="space-y-1">
                          {page.sections.map((section) => (
                            <li key={section.index} data-testid="section-row" data-type={section.type}>
                              <span className="font-mono text-xs text-slate-600">#{section.index + 1}</span>{" "}
                              <span className="font-medium">{section.type}</span>
                              {section.hidden ? (
                                <span className="ml-2 rounded bg-slate-200 px-1 text-xs">{t("devTools.sections.hidden")}</span>
                              ) : null}
                              {section.valid ? null : (
                                <span className="ml-2 rounded bg-red-100 px-1 text-xs text-red-900">{t("devTools.sections.invalid")}</span>
                              )}
                              {section.masterId !== null ? (
                                <a href={`#master-${section.masterId}`} className="ml-2 text-xs text-brand-700 underline">
                                  {t("devTools.sections.master", {
                                    name: masters.find((m) => m.id === section.masterId)?.name ?? section.masterId,
                                  })}
                                </a>
                              ) : null}
                            </li>
                          ))}
                        </ol>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      {page.editUrl ? (
                        <a href={page.editUrl} className="text-brand-700 underline" data-testid="section-edit">
                          {t("devTools.sections.open")}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="section-masters">
        <h2 id="section-masters" className="mb-2 text-xl font-semibold">
          {t("devTools.sections.masters")}
        </h2>
        {masters.length === 0 ? (
          <p data-testid="masters-empty">{t("devTools.sections.noMasters")}</p>
        ) : (
          <ul className="space-y-3" data-testid="section-masters">
            {masters.map((master) => (
              <li
                key={master.id}
                id={`master-${master.id}`}
                data-testid="master-row"
                className="rounded border border-slate-200 bg-white p-3"
              >
                <p className="font-medium">
                  {master.name} <span className="text-sm text-slate-600">({master.type})</span>
                </p>
                {master.usedIn.length === 0 ? (
                  <p className="text-sm text-slate-600">{t("devTools.sections.unused")}</p>
                ) : (
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {master.usedIn.map((use) => (
                      <li key={`${use.pageId}-${use.languageCode}-${use.index}`}>
                        {use.editUrl ? (
                          <a href={use.editUrl} className="text-brand-700 underline">
                            {use.title}
                          </a>
                        ) : (
                          use.title
                        )}{" "}
                        ({use.languageCode}, #{use.index + 1})
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
