import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveMedia } from "~/routes/http/media.server";

/** /media/* (spec §7 Media URLs): sized images, rendered once and cached (media.server.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  return serveMedia(request);
}
