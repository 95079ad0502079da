import { ComingSoon } from "~/components/coming-soon";
import { titleMeta } from "~/lib/meta";
import { titleLoader } from "~/lib/meta.server";

export const loader = titleLoader("routes.register");
export const meta = titleMeta;

export default function Screen() {
  return <ComingSoon titleKey="routes.register" />;
}
