import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { cacheBackend } from "~/.server/cache.server";
import { dbKind } from "~/.server/db/client.server";
import { env } from "~/.server/env.server";

/** /test (spec §2): a diagnostics page that shows the shop is up, without any secret. */
export async function loader() {
  return {
    coreVersion: "1.12.190",
    environment: env.NODE_ENV,
    database: await dbKind(),
    cache: cacheBackend(),
    title: "Test | Alu Krov",
  };
}

export const meta = () => [{ title: "Test | Alu Krov" }, { name: "robots", content: "noindex" }];

export default function TestPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl p-8" data-testid="test-page">
      <h1 className="text-2xl font-bold">{t("site.test.title")}</h1>
      <dl className="mt-6 grid grid-cols-2 gap-2 text-sm">
        <dt>{t("site.test.coreVersion")}</dt>
        <dd>{data.coreVersion}</dd>
        <dt>{t("site.test.environment")}</dt>
        <dd>{data.environment}</dd>
        <dt>{t("site.test.database")}</dt>
        <dd>{data.database}</dd>
        <dt>{t("site.test.cache")}</dt>
        <dd>{data.cache}</dd>
      </dl>
    </main>
  );
}
