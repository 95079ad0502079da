import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { localPath } from "~/lib/local-path";
import { getFixedT } from "~/.server/i18n.server";
import { metaDescription } from "~/modules/site/meta-description.server";
import { useTranslation } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { homeOf } from "~/modules/account/account-fields";
import { DOWNLOAD_NAME, readEmailGoal } from "~/modules/account/email-goal";
import { requestLocale } from "~/.server/shopper.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["account", "routes"] };

/**
 * Confirm e-mail (/potvrdi-email, /confirm-email; spec §2 "shows a message after a
 * confirmed-email goal", §5 "needs goal, goalType and confirmedEmail, else 404 'goal or
 * goalType were not defined'"). A url goal redirects, to a local path only (an open
 * redirect would let mails send shoppers anywhere); message and file goals render here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const t = await getFixedT(locale);
  const goal = readEmailGoal(new URL(request.url).searchParams);
  // Spec §5: the reason is shown on the 404 page (root ErrorBoundary's detail).
  if (!goal) throw data({ detail: t("account.confirm.missing") }, { status: 404 });
  if (goal.goalType === "url") throw redirect(localPath(goal.goal, homeOf(locale)));
  return { locale, goal, title: `${t("routes.confirmEmail")} | Alu Krov`, description: metaDescription(t, "confirmEmail") };
}

export const meta = titleMeta;

export default function ConfirmEmailPage() {
  const { locale, goal } = useLoaderData<typeof loader>();
  const { t } = useTranslation();

  useEffect(() => {
    if (goal.goalType === "message") showToast({ type: "success", key: "account.confirm.goalMessage", values: { message: goal.goal } });
    if (goal.goalType !== "file") return;
    // Spec §4 Other: the file is fetched as a blob and saved as 'download'.
    const controller = new AbortController();
    fetch(goal.goal, { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(blob);
        link.download = DOWNLOAD_NAME;
        link.click();
        URL.revokeObjectURL(link.href);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) showToast({ type: "error", key: "account.confirm.downloadFailed" });
        return error;
      });
    return () => controller.abort();
  }, [goal]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="confirm-email">
      <h1 className="text-3xl font-bold text-brand-900">{t("routes.confirmEmail")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("account.confirm.confirmedFor", { email: goal.confirmedEmail })}</p>
      {goal.goalType === "message" ? (
        <p className="mt-6 text-lg text-slate-800" data-testid="goal-message">
          {goal.goal}
        </p>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-slate-700">{t("account.confirm.downloading")}</p>
          <a href={goal.goal} download={DOWNLOAD_NAME} className="text-brand-700 underline" data-testid="goal-file">
            {t("account.confirm.download")}
          </a>
        </div>
      )}
      <Link to={homeOf(locale)} className="mt-8 inline-block text-brand-700 underline">
        {t("account.confirm.home")}
      </Link>
    </section>
  );
}
