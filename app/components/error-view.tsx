import { Component, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { localePrefix, type Locale } from "~/lib/locales";
import { buttonClass } from "~/components/ui/button-class";

/**
 * The error layout: status code and translated message (spec §8 Pages), and the reason a
 * route gave with its answer (`throw data({ detail }, { status })`) (spec §5: confirm-email
 * without its query is a 404 'goal or goalType were not defined'). A 503's reason is the
 * message itself: the shop is briefly without its database (decision 0090), and a page
 * reached by a client-side navigation then says so as the whole page would.
 */
export function ErrorView({ status, detail }: { status: number; detail?: string | null }) {
  return (
    <PlainFallback>
      <TranslatedError status={status} detail={detail ?? null} />
    </PlainFallback>
  );
}

/** A refused request's own message: a form post refused before its fields (CSRF, honeypot, size). */
const MESSAGES: Record<number, string> = {
  400: "error.badRequest",
  403: "error.forbidden",
  404: "error.pageNotFound",
  413: "error.payloadTooLarge",
  429: "error.tooManyRequests",
};

function TranslatedError({ status, detail }: { status: number; detail: string | null }) {
  const { t, i18n } = useTranslation();
  const home = localePrefix((i18n.language as Locale) ?? "hr") || "/";
  const message = status === 503 && detail ? detail : t(MESSAGES[status] ?? "error.anErrorOccurred");
  return (
    <main
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
      data-testid="error-view"
    >
      <a href={home} className="text-xl font-bold text-brand-700">
        Alu Krov
      </a>
      <p className="text-6xl font-bold text-brand-600" data-testid="error-status">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{message}</h1>
      {detail && detail !== message ? (
        <p className="text-slate-600" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      <a href={home} className={buttonClass()}>
        {t("error.backHome")}
      </a>
    </main>
  );
}

/** An error while rendering the error page itself falls back to plain text and a link home. */
class PlainFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main data-testid="error-fallback">
        <h1>Error</h1>
        <a href="/">Home</a>
      </main>
    );
  }
}
