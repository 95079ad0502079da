import { lazy, Suspense, useEffect, useState } from "react";
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
 * `showToast`. Until scripts run (and forever without JavaScript) the flash toast is a
 * server-rendered status line that fades out after its duration; once hydrated, sonner
 * shows it.
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
          className={`fixed top-4 right-4 z-50 max-w-sm rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${STATIC_STYLE[toast.type]}`}
          style={{ animation: `toast-out 0.4s ease-in ${toastDuration(toast.type, message)}ms forwards` }}
        >
          {message}
        </div>
      ) : null}
    </>
  );
}
