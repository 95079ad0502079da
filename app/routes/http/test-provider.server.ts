import { testProviderEnabled } from "~/modules/payment/card/card-config.server";

/** The test payment provider's pages exist only where it is switched on (decision 0031); elsewhere they are a 404. */
export function requireTestProvider() {
  if (!testProviderEnabled()) throw new Response("Not Found", { status: 404 });
}
