import { openApiDocument } from "~/modules/api/openapi.server";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";

let document: string | undefined;

/** /api/docs: the OpenAPI 3.1 document, generated from the endpoints' schemas (built once per process). */
export function loader() {
  document ??= JSON.stringify(openApiDocument(API_ENDPOINTS));
  return new Response(document, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
