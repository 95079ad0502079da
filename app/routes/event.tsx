import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { titleMeta } from "~/lib/meta";
import { titleLoader } from "~/lib/meta.server";

const title = titleLoader("routes.event");

/** Event page by id (spec §2); an id that is not a number is a bad request, not a 500. */
export async function loader(args: LoaderFunctionArgs) {
  if (!/^[1-9]\d{0,9}$/.test(args.params.id ?? "")) throw new Response("Bad Request", { status: 400 });
  return title(args);
}

export const meta = titleMeta;

export default function Screen() {
  return <ComingSoon titleKey="routes.event" />;
}
