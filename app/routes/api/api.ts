import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApiCall } from "~/modules/api/api-router.server";
import { API_ENDPOINTS } from "~/modules/api/endpoints/index.server";

/**
 * Every /api/... call (spec §7, decision 0057): the headless API's router answers JSON for
 * all of them, unknown paths included, so a client never gets the shop's HTML 404 page.
 */
const call = ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApiCall(request, API_ENDPOINTS, { clientAddress: typeof context.clientAddress === "string" ? context.clientAddress : undefined });

export const loader = call;
export const action = call;
