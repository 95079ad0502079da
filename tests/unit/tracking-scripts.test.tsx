// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { injectTrackingScripts } from "~/components/tracking-inject";
import { TrackingScripts } from "~/components/tracking-scripts";
import { trackingScript } from "~/modules/consent/tracking-snippets.server";

/**
 * A visitor who accepts analytics on the page (the banner's fetcher, no new document)
 * gets the tags as real, nonced script elements, once; React alone would insert scripts
 * that never run.
 */
const GA = trackingScript({ kind: "googleAnalytics", id: "G-ALUKROV123" });
const PIXEL = trackingScript({ kind: "facebookPixel", id: "123456789012" });
const injected = () => [...document.head.querySelectorAll("script")].filter((s) => !s.closest("div"));

afterEach(() => {
  cleanup();
  document.head.innerHTML = "";
});

describe("tracking scripts accepted on the page", () => {
  it("injects newly accepted tags with the page's nonce, once, and leaves the server's own alone", () => {
    const server = document.createElement("script");
    server.nonce = "page-nonce";
    document.head.append(server);

    const present = new Set<string>();
    injectTrackingScripts([], present);
    expect(injected()).toHaveLength(1); // only the server's script
    injectTrackingScripts([GA], present);
    const scripts = injected().slice(1);
    expect(scripts.map((s) => s.getAttribute("src"))).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-ALUKROV123", null]);
    expect(scripts[1]!.textContent).toContain('gtag("config","G-ALUKROV123")');
    expect(scripts.every((s) => s.nonce === "page-nonce")).toBe(true);

    injectTrackingScripts([GA, PIXEL], present);
    injectTrackingScripts([GA, PIXEL], present);
    const pixel = injected().filter((s) => s.textContent?.includes('fbq("init","123456789012")'));
    expect(pixel).toHaveLength(1); // injected once
    expect(injected().filter((s) => s.src.includes("googletagmanager"))).toHaveLength(1);
    // The snippet ran (jsdom runs inline scripts) and its loader carries the page's nonce too.
    const loader = injected().find((s) => s.getAttribute("src") === "https://connect.facebook.net/en_US/fbevents.js");
    expect(loader?.nonce).toBe("page-nonce");
  });

  it("renders the tags accepted before the page loaded as part of the page, not injected again", () => {
    const { container } = render(
      <div>
        <TrackingScripts scripts={[PIXEL]} />
      </div>,
    );
    expect(container.querySelectorAll("script")).toHaveLength(1);
    expect(injected()).toHaveLength(0);
  });
});
