import { and, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { mailTemplates } from "~/.server/db/schema";
import type { Locale } from "~/lib/locales";
import type { MailKind } from "~/modules/templates/mail-kinds";
import { SITE_ID } from "~/modules/kernel/options";
import type { TemplateText } from "./template-render.server";

/**
 * The backoffice's template of `kind` in `locale`, or null when there is none (or it was
 * reset): then the sender's built-in text goes out. Read in the sender's transaction, one
 * indexed row per mail; not cached, so an edit reaches the very next mail.
 */
export async function storedTemplate(executor: Executor, kind: MailKind, locale: Locale): Promise<TemplateText | null> {
  const [row] = await executor
    .select({ subject: mailTemplates.subject, bodyHtml: mailTemplates.bodyHtml })
    .from(mailTemplates)
    .where(and(eq(mailTemplates.siteId, SITE_ID), eq(mailTemplates.kind, kind), eq(mailTemplates.locale, locale)));
  if (!row || row.subject === null || row.bodyHtml === null) return null;
  return { subject: row.subject, bodyHtml: row.bodyHtml };
}
