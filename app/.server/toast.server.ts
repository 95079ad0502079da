import { createCookieSessionStorage } from "@remix-run/node";
import { env, isProduction } from "./env.server";

/**
 * Flash toasts: an action puts one in a short-lived signed cookie and redirects; the root
 * loader reads it once and sonner shows it. `key` is a message key in locales/, translated
 * in the browser's language; `values` fill its placeholders.
 */
export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = { type: ToastType; key: string; values?: Record<string, string | number>; id?: string };

const storage = createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
  cookie: {
    name: "__toast",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    path: "/",
    secrets: env.SESSION_SECRETS,
  },
});

export async function setToast(toast: Toast, headers = new Headers()): Promise<Headers> {
  const session = await storage.getSession();
  session.flash("toast", { ...toast, id: toast.id ?? Math.random().toString(36).slice(2) });
  headers.append("Set-Cookie", await storage.commitSession(session));
  return headers;
}

/** Reads and clears the pending toast; a tampered cookie reads as none. */
export async function popToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await storage.destroySession(session) : null };
}
