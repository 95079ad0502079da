import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/modules/api/openapi.server";
import { openApiPage } from "~/modules/api/openapi-page.server";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";

/** /api/docs.html: the API reference for people, beside the document for programs (/api/docs). */
export function loader({ context }: LoaderFunctionArgs) {
  const nonce = typeof context.cspNonce === "string" ? context.cspNonce : "";
  const html = openApiPage(openApiDocument(API_ENDPOINTS) as Parameters<typeof openApiPage>[0], nonce);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" } });
}
