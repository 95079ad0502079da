import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast as show, Toaster } from "sonner";

export type ToastMessage = { type: "success" | "error" | "info" | "warning"; key: string; values?: Record<string, string | number>; id?: string };

const STATIC_STYLE: Record<ToastMessage["type"], string> = {
  success: "bg-green-50 text-green-900 ring-1 ring-green-200",
  error: "bg-red-50 text-red-900 ring-1 ring-red-200",
  info: "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  warning: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
};

/** Fixed toasts stay 3000 ms; API error toasts 50 ms per character of their message (spec §8, §9). */
export function toastDuration(type: ToastMessage["type"], message: string) {
  return type === "error" ? Math.max(3000, message.length * 50) : 3000;
}

/**
 * Shows the flash toast of the root loader with sonner. Until scripts run (and forever
 * without JavaScript) the same message is a server-rendered status line that fades out
 * after 3000 ms, so every shopper sees what happened.
 */
export function Toasts({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const message = toast ? t(toast.key, toast.values) : "";
  useEffect(() => {
    if (!toast) return;
    show[toast.type](message, { id: toast.id, duration: toastDuration(toast.type, message) });
  }, [toast, message]);
  return (
    <>
      <Toaster position="top-right" richColors closeButton />
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
