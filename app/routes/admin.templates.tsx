import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireStaff } from "~/modules/admin/staff.server";

// Content screen: editors and admins (issue 16 builds it).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return null;
}

export default function AdminTemplates() {
  return <ComingSoon titleKey="admin.templates" />;
}
