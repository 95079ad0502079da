import { useEffect } from "react";
import { toast as show, Toaster } from "sonner";
import { toastDuration, type ShownToast } from "~/lib/toast";

/**
 * The sonner toaster, in its own chunk. Its Toaster subscribes in an effect that runs
 * before this component's effect (children first), so the toast is never missed.
 */
export default function SonnerToasts({ toast }: { toast: ShownToast }) {
  useEffect(() => {
    show[toast.type](toast.message, { id: toast.id, duration: toastDuration(toast.type, toast.message) });
  }, [toast]);
  // Below the sticky site header (about 93 px from md up, 65 px below): a toast over the
  // header would hide the account and cart links a shopper reaches for right after it.
  return <Toaster position="top-right" offset={{ top: "6.5rem" }} mobileOffset={{ top: "4.75rem" }} richColors closeButton />;
}
