import { redirect } from "@remix-run/node";
import { getFixedT } from "~/.server/i18n.server";
import { localPath } from "~/lib/local-path";
import type { Locale } from "~/lib/locales";
import type { PageOutcome } from "~/lib/page-outcome";

/**
 * The redirect of a page that lives at another address of the shop's own (a canonical slug,
 * an old slug's target, a stale page number): never a target read from the request, and
 * still made a plain local path.
 */
export function movedTo(to: string, status: number, fallback: string): Response {
  return redirect(localPath(to, fallback), status);
}

/**
 * A page module's outcome as the route answers it: the page's data, a redirect to a local
 * path only (`fallback` when a target is anything else), or the translated 404.
 */
export async function answerPage<T>(outcome: PageOutcome<T>, locale: Locale, fallback: string): Promise<T> {
  if ("moved" in outcome) throw movedTo(outcome.moved.to, outcome.moved.status, fallback);
  if ("missing" in outcome) throw new Response((await getFixedT(locale))("error.pageNotFound"), { status: 404 });
  return outcome.page;
}
