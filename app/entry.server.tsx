import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { databaseOutageResponse, metDatabaseOutage, noteRequestError } from "~/.server/http/database-outage.server";
import { dropNulBytes } from "~/.server/http/drop-nul-bytes.server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { serverI18n } from "./lib/messages.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

const PLAIN_ERROR_PAGE =
  '<!doctype html><html lang="hr"><head><meta charset="utf-8"><title>Greška</title></head>' +
  '<body><main data-testid="error-fallback"><h1>Došlo je do pogreške / An error occurred</h1>' +
  '<p><a href="/">Početna stranica / Home</a></p></main></body></html>';

/**
 * Every error a loader, an action or the render threw. One that says the database is gone
 * is noted, and the request answered 503 instead of the error page (handleRequest and
 * handleDataRequest below, app/.server/http/database-outage.server.ts), and logged in one
 * line: during an outage every request meets it. Anything else is logged whole, as Remix
 * does by default.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (noteRequestError(context, error, request.url)) {
    console.error(`Database unavailable (${request.method} ${new URL(request.url).pathname}):`, (error as Error).message);
    return;
  }
  if (request.signal.aborted) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/** A data request (a navigation or form post with JavaScript) whose loader or action met a database outage: 503. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) =>
  metDatabaseOutage(context) ? databaseOutageResponse(request, response) : response;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page whose loader or action met a database outage: the 503 with its plain message,
  // not an error page (which needed the database too).
  if (metDatabaseOutage(loadContext)) return databaseOutageResponse(request, new Response(null));
  // The language and namespaces come from the matched routes (the root Layout); the
  // process's i18next instance holds every language.
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const waitFor = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={serverI18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitFor]() {
          shellRendered = true;
          const body = dropNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          // Even the error page failed to render: a plain page with a link home (spec §8).
          console.error(error);
          resolve(new Response(PLAIN_ERROR_PAGE, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
