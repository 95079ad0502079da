import type { ActionFunctionArgs } from "@remix-run/node";
import { requireTestProvider } from "~/routes/http/test-provider.server";
import { setTestProviderDown } from "~/modules/payment/test-provider/test-provider.server";

/**
 * Switches the built-in test provider's simulated outage on ("down=true") or off
 * (docs/decisions/0031): browser tests walk the failed payment start with it. 404 where
 * the test provider is off, as its other routes.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestProvider();
  const form = await request.formData().catch(() => null);
  const down = form?.get("down") === "true";
  setTestProviderDown(down);
  return Response.json({ down });
}

export function loader() {
  requireTestProvider();
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
