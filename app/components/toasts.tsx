import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast as show, Toaster } from "sonner";

export type ToastMessage = { type: "success" | "error" | "info" | "warning"; key: string; values?: Record<string, string | number>; id?: string };

/** Fixed toasts stay 3000 ms; API error toasts 50 ms per character of their message (spec §8, §9). */
export function toastDuration(type: ToastMessage["type"], message: string) {
  return type === "error" ? Math.max(3000, message.length * 50) : 3000;
}

/**
 * Shows the flash toast of the root loader. Without JavaScript the same message is
 * rendered as a status line, so a no-JS shopper still sees what happened.
 */
export function Toasts({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const message = toast ? t(toast.key, toast.values) : "";
  useEffect(() => {
    if (!toast) return;
    show[toast.type](message, { id: toast.id, duration: toastDuration(toast.type, message) });
  }, [toast, message]);
  return (
    <>
      <Toaster position="top-right" richColors closeButton />
      {toast ? (
        <noscript>
          <div role="status" data-toast={toast.type} className="fixed top-2 right-2 z-50 rounded bg-slate-900 px-4 py-3 text-white shadow">
            {message}
          </div>
        </noscript>
      ) : null}
    </>
  );
}
