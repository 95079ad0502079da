import { redirect } from "@remix-run/node";
import { CSRFError } from "remix-utils/csrf/server";
import type { z, ZodTypeAny } from "zod/v4";
import { readSubmission } from "~/.server/forms.server";
import { csrf } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { getCurrentUser } from "~/.server/shopper.server";
import type { CurrentUser } from "~/.server/shopper.server";
import { requireBackofficeUser } from "~/routes/http/staff.server";
import { devToolsEnabled, reachesDevToolsAdmin } from "~/modules/dev-tools/access.server";

/**
 * The HTTP answers of who reaches the dev tooling (spec §6, decision 0062; the rule is
 * app/modules/dev-tools/access.server.ts):
 * - in production nothing of it exists: 404 before anything else is read;
 * - otherwise a signed-in backoffice user (anyone else goes to /adminLogin, as the admin does);
 * - the domain calls need the admin access key (scope admin): without it the user is sent to
 *   /adminLogin (spec §6 "otherwise redirects to /adminlogin") — a signed-in backoffice user of
 *   another scope with redirectTo=/admin and a toast saying why, so the sign-in page cannot
 *   send them straight back (it forwards a signed-in backoffice user).
 */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function requireDevTools(request: Request, { admin = false } = {}): Promise<CurrentUser> {
  if (!devToolsEnabled()) throw notFound();
  if (!admin) return requireBackofficeUser(request);
  const user = await getCurrentUser(request);
  if (reachesDevToolsAdmin(user)) return requireBackofficeUser(request);
  if (user?.isBackofficeUser) {
    throw redirect("/adminLogin?redirectTo=%2Fadmin", { headers: await setToast({ type: "error", key: "devTools.errors.adminOnly" }) });
  }
  const url = new URL(request.url);
  const back = request.method === "GET" ? url.pathname + url.search : "/admin";
  throw redirect(`/adminLogin?redirectTo=${encodeURIComponent(back)}`);
}

/** The largest JSON body a dev-tooling call accepts (its fields are a few short strings). */
const JSON_MAX = 10_000;

export type DevToolsInput<Schema extends ZodTypeAny> =
  { json: boolean; ok: true; value: z.output<Schema> } | { json: boolean; ok: false; message: string; field?: string };

const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A post to a dev-tooling call, as a form (the toolbar's forms: CSRF token and honeypot,
 * read through readSubmission like every form) or as JSON (spec §7 {gitlabProjectId,
 * gitlabBranch}, {domain}) with the session's CSRF token in the `X-CSRF-Token` header or a
 * `csrf` field. A cross-site page can send neither (a JSON body needs CORS, the token is
 * the session's own), and same-origin.server.ts refuses a foreign Origin before this.
 * A forged post is 403, a malformed body 400; a value the schema refuses comes back as
 * `ok: false` with its message key.
 */
export async function readDevToolsInput<Schema extends ZodTypeAny>(request: Request, schema: Schema): Promise<DevToolsInput<Schema>> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().includes("application/json")) {
    const { submission } = await readSubmission(request, schema);
    if (submission.status === "success") return { json: false, ok: true, value: submission.value as z.output<Schema> };
    const [field, messages] = Object.entries(submission.error ?? {}).find(([, list]) => list?.length) ?? [];
    return { json: false, ok: false, message: messages?.[0] ?? "devTools.errors.invalid", field: field || undefined };
  }
  const raw = await request.text();
  if (raw.length > JSON_MAX) throw refused(413, "Payload Too Large");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw refused(400, "Bad Request: the body is not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw refused(400, "Bad Request: the body is not a JSON object");
  const token = request.headers.get("X-CSRF-Token") ?? (body as { csrf?: unknown }).csrf;
  const form = new FormData();
  if (typeof token === "string") form.set("csrf", token.slice(0, 200));
  try {
    await csrf.validate(form, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw refused(403, "Forbidden: invalid CSRF token");
    throw error;
  }
  const { csrf: _token, ...fields } = body as Record<string, unknown>;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { json: true, ok: true, value: parsed.data as z.output<Schema> };
  const issue = parsed.error.issues[0];
  return { json: true, ok: false, message: issue?.message ?? "devTools.errors.invalid", field: issue?.path.join(".") || undefined };
}
