// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";
import { ConsentCheckboxes } from "~/modules/consent/consent-checkboxes";
import type { FormConsent } from "~/modules/consent/consent.schema";

afterEach(cleanup); // vitest runs without globals, so testing-library cannot register it itself
const wrap = (ui: ReactNode) => render(<I18nProvider translator={translatorFor("hr")}>{ui}</I18nProvider>);

const CONSENTS: FormConsent[] = [
  { id: 4, uniqueNumber: 1, displayName: "Prihvaćam politiku privatnosti", link: "/politika-privatnosti", required: true },
  { id: 9, uniqueNumber: 3, displayName: "Želim primati novosti", link: null, required: false },
];

describe("ConsentCheckboxes", () => {
  it("posts acceptedConsents=id per box; required ones are starred and carry the HTML required attribute", () => {
    wrap(<ConsentCheckboxes consents={CONSENTS} />);
    expect(screen.getByRole("group", { name: "Privole" })).toBeInTheDocument();
    const privacy = screen.getByRole("checkbox", { name: /Prihvaćam politiku privatnosti/ });
    expect(privacy).toHaveAttribute("name", "acceptedConsents");
    expect(privacy).toHaveAttribute("value", "4");
    expect(privacy).toBeRequired();
    expect(privacy).not.toBeChecked();
    expect(screen.getByText("Prihvaćam politiku privatnosti").parentElement).toHaveTextContent("*");
    const news = screen.getByRole("checkbox", { name: "Želim primati novosti" });
    expect(news).not.toBeRequired();
  });

  it("links to the consent's page in a new tab, only when it has one", () => {
    wrap(<ConsentCheckboxes consents={CONSENTS} />);
    const links = screen.getAllByRole("link", { name: "pročitaj više" });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "/politika-privatnosti");
    expect(links[0]).toHaveAttribute("target", "_blank");
  });

  it("shows the server's message translated and keeps the boxes ticked before", () => {
    wrap(<ConsentCheckboxes consents={CONSENTS} error="core.notifications.consentRequired" defaultChecked={[9]} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Molimo prihvatite sve obavezne privole");
    expect(screen.getByRole("checkbox", { name: "Želim primati novosti" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /politiku/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps the error line in place while there is no message, and renders nothing without consents", () => {
    const { container, rerender } = wrap(<ConsentCheckboxes consents={CONSENTS} />);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    rerender(
      <I18nProvider translator={translatorFor("hr")}>
        <ConsentCheckboxes consents={[]} />
      </I18nProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
