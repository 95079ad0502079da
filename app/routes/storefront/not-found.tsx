import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { handleUnknownPath, senderOf } from "~/modules/redirects/redirects.server";

/** Any deeper unknown path: a configured redirect answers it, else it is logged and 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const target = await handleUnknownPath(new URL(request.url).pathname, senderOf(context));
  if (target) throw redirect(target.to, target.status);
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
