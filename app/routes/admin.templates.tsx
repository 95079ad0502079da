import { ComingSoon } from "~/components/coming-soon";

export default function AdminTemplates() {
  return <ComingSoon titleKey="admin.templates" />;
}
