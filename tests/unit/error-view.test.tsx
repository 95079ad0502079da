// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorView } from "~/components/error-view";
import { I18nProvider } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { translatorFor } from "~/lib/messages.server";
import de from "../../locales/de/http.json";
import en from "../../locales/en/http.json";
import hr from "../../locales/hr/http.json";

afterEach(cleanup);

const view = (locale: Locale, status: number, detail?: string) =>
  render(
    <I18nProvider translator={translatorFor(locale)}>
      <ErrorView status={status} detail={detail} />
    </I18nProvider>,
  );

/**
 * The root error boundary's view. A data request that met a database outage carries the
 * translated "shop unavailable" message as its 503's detail (entry.server.tsx, decision
 * 0090): the page reached by a client-side navigation says what the whole page would.
 */
describe("ErrorView", () => {
  it.each([
    ["hr", hr.http.shopUnavailable],
    ["en", en.http.shopUnavailable],
    ["de", de.http.shopUnavailable],
  ] as const)("shows a 503's reason as its message (%s)", (locale, message) => {
    view(locale, 503, message);
    expect(screen.getByTestId("error-status")).toHaveTextContent("503");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(message);
    expect(screen.queryByTestId("error-detail")).toBeNull();
  });

  it("keeps the generic message, with the reason under it, for other statuses", () => {
    view("en", 500, "Something specific");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("An error occurred");
    expect(screen.getByTestId("error-detail")).toHaveTextContent("Something specific");
  });
});
