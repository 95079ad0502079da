/**
 * Liveness: the process is up and answers requests. It asks nothing of the database on
 * purpose: an orchestrator restarts a process whose liveness fails, and restarting every
 * instance because the database is briefly gone would only make it worse. Whether this
 * process should get traffic is /readyz (app/.server/http/lifecycle.server.ts, decision 0090).
 */
export function loader() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
