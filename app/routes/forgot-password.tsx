import { ComingSoon } from "~/components/coming-soon";
import { titleMeta } from "~/lib/meta";
import { titleLoader } from "~/lib/meta.server";

export const loader = titleLoader("routes.forgotPassword");
export const meta = titleMeta;

export default function Screen() {
  return <ComingSoon titleKey="routes.forgotPassword" />;
}
