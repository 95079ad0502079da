import { ComingSoon } from "~/components/coming-soon";

export default function AdminConsent() {
  return <ComingSoon titleKey="admin.consents" />;
}
