import { redirect } from "@remix-run/node";
import { userById, type CurrentUser } from "~/.server/shopper.server";
import { readSession, sessionStorage } from "~/.server/session.server";
import { setToast } from "~/.server/toast.server";
import { secondFactorOwed } from "./second-factor.server";

type StoredSession = Awaited<ReturnType<typeof readSession>>["session"];

export type { CurrentUser } from "~/.server/shopper.server";

async function userOfSession(session: StoredSession): Promise<CurrentUser | null> {
  const userId = session.get("userId");
  return userId ? userById(userId) : null;
}

/**
 * Admin pages: anyone but a backoffice user is sent to /adminLogin (spec §6). A backoffice
 * session that ran out (30 min idle, 12 h in all: session.server.ts) or was ended elsewhere
 * reads as none; its cookie is cleared and the sign-in page says why (decision 0085).
 */
export async function requireBackofficeUser(request: Request): Promise<CurrentUser> {
  const { session, ended } = await readSession(request);
  const user = await userOfSession(session);
  if (user?.isBackofficeUser && (await secondFactorGiven(session, user))) return user;
  const url = new URL(request.url);
  const signIn = `/adminLogin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  if (!ended) throw redirect(signIn);
  const headers = new Headers({ "Set-Cookie": await sessionStorage.destroySession(session) });
  throw redirect(signIn, { headers: await setToast({ type: "info", key: "admin.sessionEnded" }, headers) });
}

/**
 * Whether a backoffice session may enter (decision 0086): it was made by the backoffice
 * sign-in, which asked for every factor owed then (no query: the common case costs
 * nothing), or its user owes none now. A session from the shop's sign-in or an invitation
 * whose user owes a factor is sent to /adminLogin for it.
 */
export async function secondFactorGiven(session: StoredSession, user: CurrentUser): Promise<boolean> {
  return session.get("backofficeSignIn") === true || (await secondFactorOwed(user.id, user.scope)) === null;
}
