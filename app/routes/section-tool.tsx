import type { LoaderFunctionArgs } from "@remix-run/node";
import { isProduction } from "~/.server/env.server";
import { ComingSoon } from "~/components/coming-soon";
import { requireBackofficeUser } from "~/modules/account/user.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["admin"] };

/** Dev-mode-only tool (spec §2): absent in production, for backoffice users elsewhere. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isProduction) throw new Response("Not Found", { status: 404 });
  await requireBackofficeUser(request);
  return null;
}

export default function SectionTool() {
  return <ComingSoon titleKey="admin.sectionTool" />;
}
