import { ComingSoon } from "~/components/coming-soon";

export default function AdminConsents() {
  return <ComingSoon titleKey="admin.consents" />;
}
