/** A toast named by its message key (translated where it is shown) and placeholder values. */
export type ToastMessage = {
  type: "success" | "error" | "info" | "warning";
  key: string;
  values?: Record<string, string | number>;
  id?: string;
};
export type ShownToast = { type: ToastMessage["type"]; message: string; id: string };

export const TOAST_EVENT = "shop:toast";

/** Fixed toasts stay 3000 ms; API error toasts 50 ms per character of their message (spec §8, §9). */
export function toastDuration(type: ToastMessage["type"], message: string) {
  return type === "error" ? Math.max(3000, message.length * 50) : 3000;
}

/** Raises a toast from the browser (e.g. after a fetcher), shown by <Toasts> in the root. */
export function showToast(toast: ToastMessage) {
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toast }));
}
