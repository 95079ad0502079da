import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { pages } from "~/.server/db/schema";
import { hasScope } from "~/lib/backoffice-scopes";
import { LOCALE_LANGUAGE_CODE, type Locale } from "~/lib/locales";
import type { CurrentUser } from "~/.server/shopper.server";
import { readPageContent, type PageContent } from "~/modules/cms/page-content.server";
import { listMasterComponents, readPageDraft, type DraftInfo } from "./page-drafts.server";

/**
 * Edit mode (spec §4 "Edit mode: on when query editPage is 'true' and the user is a
 * backoffice user", DESIGN.md "Edit mode"): the page's editor is a backoffice user whose
 * scope reaches content (editor or admin); everyone else gets the shoppers' page with no
 * edit-mode data and no edit-mode code. The route reads the query and the session
 * (app/routes/http/edit-mode.server.ts).
 */
export function isPageEditor(user: CurrentUser | null): user is CurrentUser {
  return Boolean(user?.isBackofficeUser && hasScope(user.scope, "editor"));
}

export type PageEditContext = {
  pageId: number;
  languageCode: string;
  locale: Locale;
  status: string;
  postType: string;
  /** The live version of this language, null when the page has no translation in it yet. */
  liveVersion: number | null;
  draft: DraftInfo | null;
  /** What the editor edits: the draft, else the live content of this language (null: untranslated). */
  content: PageContent | null;
  /** The stored index of each component the page shows, in order (outlines map to sections by it). */
  shown: number[];
  masters: { id: number; name: string; type: string }[];
};

/** The page's content in the URL's language as the editor sees it: the draft over the live content. */
export async function pageEditContext(pageId: number, locale: Locale) {
  const languageCode = LOCALE_LANGUAGE_CODE[locale];
  const db = await getDb();
  const [live, draft, [page], masters] = await Promise.all([
    readPageContent(pageId, languageCode),
    readPageDraft({ pageId, languageCode }),
    db.select({ status: pages.status, postType: pages.postType }).from(pages).where(eq(pages.id, pageId)),
    listMasterComponents(),
  ]);
  return {
    pageId,
    languageCode,
    locale,
    status: page?.status ?? "draft",
    postType: page?.postType ?? "page",
    liveVersion: live?.version ?? null,
    draft: draft?.info ?? null,
    content: draft?.content ?? live?.content ?? null,
    masters: masters.map((m) => ({ id: m.id, name: m.name, type: String(m.component.type) })),
  };
}
