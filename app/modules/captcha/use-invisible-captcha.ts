import { useCallback, useEffect, useRef, useState } from "react";
import { checkCaptchaSetup, type CaptchaConfig } from "~/lib/captcha";

/**
 * reCAPTCHA v2 invisible in the browser (spec §9 captcha defaults). Loads Google's script
 * once, renders an invisible widget into `container` and gives `execute()`, which resolves
 * with the token to post. `error` is a locale key: captcha.loadFailed for the spec's
 * 'ReCaptcha error: Failed to load script', captcha.setupError for a configuration
 * without site key or version 2 (spec §8). Without a config it does nothing.
 */
type Grecaptcha = {
  render: (
    container: HTMLElement,
    options: { sitekey: string; size: "invisible"; callback: (token: string) => void; "error-callback": () => void },
  ) => number;
  execute: (widgetId: number) => void;
  reset: (widgetId: number) => void;
};
type CaptchaWindow = Window & { grecaptcha?: Grecaptcha; __shopCaptchaLoaded?: () => void };

export const CAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js?render=explicit&onload=__shopCaptchaLoaded";

let loading: Promise<Grecaptcha> | null = null;

/** Loads the script once per page; a failure may be retried by the next form that opens. */
export function loadCaptchaScript(): Promise<Grecaptcha> {
  const w = window as CaptchaWindow;
  if (w.grecaptcha) return Promise.resolve(w.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    w.__shopCaptchaLoaded = () => resolve(w.grecaptcha!);
    const script = document.createElement("script");
    script.src = CAPTCHA_SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("ReCaptcha error: Failed to load script"));
    };
    document.head.append(script);
  });
  return loading;
}

export function useInvisibleCaptcha(config: CaptchaConfig | null) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const pending = useRef<{ resolve: (token: string) => void; reject: (error: Error) => void } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!config) return;
    try {
      checkCaptchaSetup(config);
    } catch (setup) {
      console.error(setup);
      setError("captcha.setupError");
      return;
    }
    let live = true;
    loadCaptchaScript().then(
      (api) => {
        if (!live || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: config.siteKey,
          size: "invisible",
          callback: (token) => pending.current?.resolve(token),
          "error-callback": () => pending.current?.reject(new Error("captcha")),
        });
        widget.current = { api, id };
      },
      () => live && setError("captcha.loadFailed"),
    );
    return () => {
      live = false;
    };
  }, [config]);

  /** The token for one submission; every call asks Google for a fresh one (tokens work once). */
  const execute = useCallback(async (): Promise<string> => {
    const current = widget.current;
    if (!current) throw new Error("captcha not ready");
    current.api.reset(current.id);
    const token = new Promise<string>((resolve, reject) => (pending.current = { resolve, reject }));
    current.api.execute(current.id);
    return token;
  }, []);

  return { container, error, execute };
}
