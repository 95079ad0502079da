// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CaptchaSetupError, checkCaptchaSetup, type CaptchaConfig } from "~/lib/captcha";
import { translatorFor } from "~/lib/messages.server";
import { CAPTCHA_SCRIPT, useInvisibleCaptcha } from "~/modules/captcha/use-invisible-captcha";

/**
 * The captcha in the browser: spec §9 "Captcha defaults: version 2, invisible"; spec §8
 * "script load failure 'ReCaptcha error: Failed to load script'; missing site key or
 * version throws a setup error".
 */
type TestWindow = Window & { grecaptcha?: unknown; __shopCaptchaLoaded?: () => void };
const CONFIG: CaptchaConfig = { siteKey: "site-key", version: 2, invisible: true };
const script = () => [...document.head.querySelectorAll("script")].find((s) => s.getAttribute("src") === CAPTCHA_SCRIPT) ?? null;

afterEach(() => {
  cleanup();
  document.head.innerHTML = "";
  delete (window as TestWindow).grecaptcha;
});

/** Renders the hook with a container element, as the form does. */
function renderCaptcha(config: CaptchaConfig | null) {
  const div = document.createElement("div");
  return renderHook(() => {
    const captcha = useInvisibleCaptcha(config);
    (captcha.container as { current: HTMLDivElement | null }).current = div;
    return captcha;
  });
}

describe("captcha setup (spec §8)", () => {
  it("throws a setup error without a site key or with a version other than 2", () => {
    expect(() => checkCaptchaSetup({ version: 2 })).toThrow(CaptchaSetupError);
    expect(() => checkCaptchaSetup({ siteKey: "  ", version: 2 })).toThrow("ReCaptcha setup error: the site key is missing");
    expect(() => checkCaptchaSetup({ siteKey: "k" })).toThrow(/version \(none\) is not supported/);
    expect(() => checkCaptchaSetup({ siteKey: "k", version: 3 })).toThrow(/version 3 is not supported/);
    expect(() => checkCaptchaSetup(CONFIG)).not.toThrow();
  });

  it("shows the setup error in the form instead of loading Google's script", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderCaptcha({ siteKey: "", version: 2, invisible: true });
    await waitFor(() => expect(result.current.error).toBe("captcha.setupError"));
    expect(script()).toBeNull();
    expect(logged.mock.calls[0][0]).toBeInstanceOf(CaptchaSetupError); // the developer sees which setting is wrong
    logged.mockRestore();
  });
});

describe("invisible reCAPTCHA in the browser", () => {
  it("loads nothing without a configuration (the honeypot alone guards the form)", () => {
    const { result } = renderCaptcha(null);
    expect(result.current.error).toBeNull();
    expect(script()).toBeNull();
  });

  it("says 'ReCaptcha error: Failed to load script' when Google's script does not load", async () => {
    const { result } = renderCaptcha(CONFIG);
    await waitFor(() => expect(script()).not.toBeNull());
    act(() => void script()!.dispatchEvent(new Event("error")));
    await waitFor(() => expect(result.current.error).toBe("captcha.loadFailed"));
    expect(translatorFor("hr").t(result.current.error!)).toBe("ReCaptcha error: Failed to load script");
  });

  it("renders an invisible widget with the site key and resolves execute() with Google's token", async () => {
    const calls: string[] = [];
    let callback: (token: string) => void = () => {};
    const fake = {
      render: (_el: HTMLElement, options: { sitekey: string; size: string; callback: (token: string) => void }) => {
        calls.push(`render ${options.sitekey} ${options.size}`);
        callback = options.callback;
        return 7;
      },
      reset: (id: number) => calls.push(`reset ${id}`),
      execute: (id: number) => {
        calls.push(`execute ${id}`);
        setTimeout(() => callback("token-1"), 0);
      },
    };
    const { result } = renderCaptcha(CONFIG);
    await waitFor(() => expect(script()).not.toBeNull());
    (window as TestWindow).grecaptcha = fake;
    act(() => (window as TestWindow).__shopCaptchaLoaded!());
    await waitFor(() => expect(calls).toEqual(["render site-key invisible"]));
    await expect(result.current.execute()).resolves.toBe("token-1");
    expect(calls).toEqual(["render site-key invisible", "reset 7", "execute 7"]);
  });
});
