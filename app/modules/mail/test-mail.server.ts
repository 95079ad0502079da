import type { Staff } from "~/modules/kernel/staff.server";
import type { MailKind } from "~/modules/templates/mail-kinds";
import { previewTemplate, requireTemplateScope } from "~/modules/templates/mail-template-admin.server";
import type { TemplateText } from "~/modules/templates/template-render.server";
import { sendMail } from "./mail.server";

/**
 * A test of the form's (possibly unsaved) template with the sample values, to the signed-in
 * user's own address: an ordinary outbox mail of the template's kind (seen in /admin/mail).
 */
export async function sendTestMail(staff: Staff, kind: MailKind, input: TemplateText, subjectPrefix: string): Promise<number> {
  requireTemplateScope(staff, kind);
  const mail = previewTemplate(kind, input);
  const sent = await sendMail({
    kind,
    to: staff.email,
    subject: `${subjectPrefix} ${mail.subject}`.trim(),
    text: mail.text,
    html: mail.html,
  });
  return sent.id;
}
