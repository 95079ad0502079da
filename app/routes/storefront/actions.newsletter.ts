import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { localPath } from "~/lib/local-path";
import { isDomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { readSubmission } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { isLocale, localeFromPath, localePrefix } from "~/lib/locales";
import { getCurrentUser } from "~/.server/shopper.server";
import { newsletterSchema, VIA_FETCHER, type NewsletterAnswer } from "~/modules/newsletter/newsletter.schema";
import { confirmNewsletter, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";

// A plain JSON Response: the fetcher reads it through single fetch, a script posting
// directly reads the same JSON.
const answer = (body: NewsletterAnswer, status = 200) => Response.json(body, { status });

/**
 * POST: the newsletter form. Without JavaScript it redirects back with a flash toast
 * (POST → redirect → GET); the hydrated form's fetcher gets the answer as data and shows
 * it inline. Refusals (bad e-mail, missing consent, known address) are answers, not errors.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, newsletterSchema);
  // Where to go back and how to answer are needed for a refused post too: read from what was posted.
  const { redirectTo, via } = submission.payload;
  const back = localPath(redirectTo, "/");
  const locale = localeFromPath(new URL(back, "http://shop.invalid").pathname);
  const viaFetcher = via === VIA_FETCHER;
  if (submission.status !== "success") {
    // The e-mail is the only field that can be wrong (consent ids are filtered, never refused).
    const key = submission.error?.email?.[0] ?? "core.validation.email";
    if (viaFetcher) return answer({ ok: false, key, field: "email" }, 400);
    return redirect(back, { headers: await setToast({ type: "error", key }) });
  }
  const user = await getCurrentUser(request);
  try {
    const { status } = await subscribeToNewsletter({
      email: submission.value.email,
      acceptedIds: submission.value.acceptedConsents,
      locale,
      userType: user ? "registered" : "anonymous",
      origin: env.PUBLIC_URL,
    });
    const key = status === "pending" ? "newsletter.confirmationSent" : "newsletter.subscribed";
    if (viaFetcher) return answer({ ok: true, key });
    return redirect(back, { headers: await setToast({ type: "success", key }) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (viaFetcher) return answer({ ok: false, key: error.key, field: error.field === "consents" ? "consents" : "form" }, error.status);
    // A known address is news, not a mistake.
    const type = error.code === "alreadySubscribed" ? "info" : "error";
    return redirect(back, { headers: await setToast({ type, key: error.key }) });
  }
}

/** GET ?token=…: the double opt-in link of the confirmation mail; lands on the subscriber's home page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const confirmed = await confirmNewsletter(new URL(request.url).searchParams.get("token"));
  if (!confirmed) return redirect("/", { headers: await setToast({ type: "error", key: "newsletter.invalidToken" }) });
  const home = isLocale(confirmed.locale) ? localePrefix(confirmed.locale) || "/" : "/";
  return redirect(home, { headers: await setToast({ type: "success", key: "newsletter.confirmed" }) });
}
