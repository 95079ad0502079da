import { lazy, Suspense, useEffect, useState, type CSSProperties } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { TOAST_EVENT, toastDuration, type ShownToast, type ToastMessage } from "~/lib/toast";

// sonner is loaded only when there is something to show: most pages never need it.
const Sonner = lazy(() => import("./sonner.client"));

const STATIC_STYLE: Record<ToastMessage["type"], string> = {
  success: "bg-green-50 text-green-900 ring-1 ring-green-200",
  error: "bg-red-50 text-red-900 ring-1 ring-red-200",
  info: "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  warning: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
};

/**
 * Shows the flash toast of the root loader, and toasts raised in the browser with
 * `showToast`. Until scripts run the flash toast is a server-rendered status line; once
 * hydrated, sonner shows it. Without JavaScript the line stays: a confirmation that fades
 * by itself could be gone before it is read, and nothing would bring it back (the fade
 * applies only where scripting is on: .static-toast in app.css).
 */
export function Toasts({ toast }: { toast: ToastMessage | null }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<ShownToast | null>(null);
  const message = toast ? t(toast.key, toast.values) : "";

  useEffect(() => {
    if (toast) setShown({ type: toast.type, message, id: toast.id ?? message });
  }, [toast, message]);
  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ToastMessage>).detail;
      // A key of a namespace this page has not loaded (an action's answer) loads it first.
      void i18n
        .translate(detail.key, detail.values)
        .then((text) => setShown({ type: detail.type, message: text, id: detail.id ?? `${Date.now()}` }));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, [i18n]);

  return (
    <>
      {shown ? (
        <Suspense fallback={null}>
          <Sonner toast={shown} />
        </Suspense>
      ) : null}
      {toast && !hydrated ? (
        <div
          role="status"
          data-toast={toast.type}
          className={`static-toast fixed top-4 right-4 z-50 max-w-sm rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${STATIC_STYLE[toast.type]}`}
          style={{ "--toast-delay": `${toastDuration(toast.type, message)}ms` } as CSSProperties}
        >
          {message}
        </div>
      ) : null}
    </>
  );
}
