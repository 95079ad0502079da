import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { closeDb, getDb } from "./app/.server/db/client.server";
import { env } from "./app/.server/env.server";
import { ADMIN_UPLOAD_BODY_LIMIT, PUBLIC_UPLOAD_BODY_LIMIT, PUBLIC_UPLOAD_PREFIXES, bodyLimit } from "./app/.server/http/body-limit.server";
import { compressResponses } from "./app/.server/http/compression.server";
import { clientFiles } from "./app/.server/http/static-files.server";
import { stampClientAddress } from "./app/.server/http/client-address.server";
import { dropUntrustedForwardedHeaders, type TrustFunction } from "./app/.server/http/forwarded-headers.server";
import { createRateLimit } from "./app/.server/http/rate-limit.server";
import { sameOrigin } from "./app/.server/http/same-origin.server";
import { createCachingRequestHandler } from "./app/.server/http/page-cache.server";
import { trackingCsp } from "./app/.server/http/tracking-csp.server";
import { cspNonce, securityHeaders } from "./app/.server/http/security-headers.server";
import { configuredTrackingCsp } from "./app/modules/consent/tracking.server";
import { startMailRelay, stopMailRelay } from "./app/modules/mail/mail-relay.server";
import { startHousekeeping, stopHousekeeping } from "./app/.server/housekeeping.server";
import { purgeUnconfirmedSubmissions } from "./app/modules/forms/unconfirmed-submissions.server";
import { purgeFailedRequests } from "~/modules/redirects/redirects.server";
import { answerClientError, apiErrors, apiRefusals } from "./app/modules/api/api-http.server";
import { serverLifecycle } from "./app/.server/http/lifecycle.server";

const here = path.dirname(fileURLToPath(import.meta.url));
// `tsx server.ts` in development; `node build/server.js` (this file compiled) in production.
const development = !here.endsWith(`${path.sep}build`);

async function main() {
  // Migrate and seed before accepting requests, so a broken database fails the start.
  await getDb();
  // The outbox relay sends every mail the requests wrote, and retries failed ones (only with
  // SMTP_URL; docs/decisions/0089).
  await startMailRelay();
  startHousekeeping([
    { name: "Purging unconfirmed form submissions", run: purgeUnconfirmedSubmissions },
    { name: "Purging the 404 log", run: () => purgeFailedRequests() },
  ]);

  const vite = development ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } })) : undefined;

  const app = express();
  app.disable("x-powered-by");
  // Readiness for the load balancer and the graceful stop on SIGTERM (decision 0090).
  const lifecycle = serverLifecycle();
  app.get("/readyz", lifecycle.readiness);
  // X-Forwarded-* only from the proxies named in TRUST_PROXY (none by default; decision 0032).
  app.set("trust proxy", env.TRUST_PROXY.length ? env.TRUST_PROXY : false);
  app.use(dropUntrustedForwardedHeaders(app.get("trust proxy fn") as TrustFunction));
  // What the layers below refuse of an API call is answered in the API's JSON (decision 0084).
  app.use(apiRefusals);
  app.use(stampClientAddress);
  app.use(compressResponses());
  app.use(cspNonce);
  app.use(trackingCsp(configuredTrackingCsp));
  app.use(securityHeaders({ development, https: env.PUBLIC_URL.startsWith("https:"), captcha: Boolean(env.RECAPTCHA_SITE_KEY) }));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.join(here, "client");
    // Hashed build files never change: cache them for a year.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(clientFiles(client, { maxAge: "1h" }));
  }
  // Product images may be shown by other sites (e-mails read in webmail, shared links).
  app.use("/media", (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });
  app.use(sameOrigin);
  app.use(await createRateLimit());
  // Bodies over 1 MB get 413 before anything parses them (DESIGN.md "Trust boundaries");
  // backoffice screens take uploads of up to 64 MB, the shop's forms with files 20 MB.
  const publicUploads = PUBLIC_UPLOAD_PREFIXES.map((prefix) => ({ prefix, limit: PUBLIC_UPLOAD_BODY_LIMIT }));
  app.use(bodyLimit({ larger: [{ prefix: "/admin/", limit: ADMIN_UPLOAD_BODY_LIMIT }, ...publicUploads] }));

  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.join(here, "server/index.js"))) as ServerBuild);

  app.all(
    "*",
    createCachingRequestHandler({
      build,
      mode: development ? "development" : "production",
      // Only pages asked for under the public host are kept (a Host header cannot fill the cache).
      publicHost: new URL(env.PUBLIC_URL).host,
      // The client address feeds the API's per-address sign-in budget (app/modules/api/api-rate-limit.server.ts).
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: req.ip }),
    }),
  );

  app.use(apiErrors);

  const server = app.listen(env.PORT, () => {
    const { port } = server.address() as AddressInfo; // PORT=0 picks a free port
    console.log(`Shop listening on http://localhost:${port} (${development ? "development" : "production"} build)`);
  });

  lifecycle.track(server);

  // Requests Node cannot parse (431: an over-long URL or headers) as Node answers them, in JSON under /api.
  server.on("clientError", answerClientError);

  // Requests already started get their answer (at most DRAIN_TIMEOUT_MS), then the background
  // work stops and the database closes cleanly: PGlite must flush and release its lock.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining`);
    const { finished, unfinished } = await lifecycle.drain(env.DRAIN_TIMEOUT_MS);
    console.log(`${signal}: ${finished} request(s) finished while draining`);
    if (unfinished) console.error(`${unfinished} request(s) still running after ${env.DRAIN_TIMEOUT_MS} ms: cut off`);
    stopHousekeeping();
    console.log(`${signal}: closing`);
    // The relay claims nothing more; the mail it is sending may finish (bounded) before the
    // database closes. Whatever is left is sent by the next start or another process.
    // A query still waiting on a lost database must not keep the process from stopping.
    const bound = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
    stopMailRelay()
      .then(() => Promise.race([Promise.all([closeDb(), vite?.close()]), bound]))
      .catch((error) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await closeDb().catch(() => {});
  process.exit(1);
});
