import { readSignedToken, signedToken } from "~/.server/auth/signed-token.server";
import { DomainError } from "~/.server/domain-error";
import { env } from "~/.server/env.server";
import { LOCALE_LANGUAGE_CODE, LOCALES, type Locale } from "~/lib/locales";
import { href } from "~/lib/routes-table";
import { readComponents } from "~/modules/cms/page-components.schema";
import { getPageById, type PageView } from "~/modules/cms/pages.server";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";
import { CONTENT_LANGUAGES } from "./edit.schema";
import { readPageDraft } from "./page-drafts.server";

/**
 * A draft's preview link (decision 0124), for the owner to approve a change before it is
 * published: /pregled/{token} (/en/preview, /de/vorschau), the token naming the page, the
 * language, the draft and when the link expires, signed like the shop's other links
 * (signed-token.server.ts). Nothing is stored: a link cannot be withdrawn, it ends with its
 * expiry or its draft. Whoever opens it sees the draft as it is at that moment (the editor
 * may go on changing it), never who changed it or when. Once the draft is published or
 * discarded the link says so; a later draft of the same page is another draft and needs a
 * link of its own.
 */
export const PREVIEW_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const PURPOSE = "draft-preview";

export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export type PreviewTarget = { pageId: number; languageCode: ContentLanguage; draftId: number; expiresAt: Date };

const isContentLanguage = (value: string): value is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(value);

/** The interface language of a content language ("eng" → "en"). */
export const localeOfLanguage = (code: ContentLanguage): Locale => LOCALES.find((l) => LOCALE_LANGUAGE_CODE[l] === code) ?? "hr";

export function previewToken(target: PreviewTarget): string {
  const expires = Math.floor(target.expiresAt.getTime() / 1000);
  return signedToken(PURPOSE, [String(target.pageId), target.languageCode, String(target.draftId), String(expires)]);
}

/** What a token names when its signature checks out, else null (tampered, cut short, or not a preview token). */
export function readPreviewToken(token: string): PreviewTarget | null {
  const fields = readSignedToken(PURPOSE, token);
  if (!fields || fields.length !== 4) return null;
  const [pageId, languageCode, draftId, expires] = fields as [string, string, string, string];
  if (!/^\d{1,9}$/.test(pageId) || !/^\d{1,9}$/.test(draftId) || !/^\d{1,12}$/.test(expires) || !isContentLanguage(languageCode))
    return null;
  return { pageId: Number(pageId), languageCode, draftId: Number(draftId), expiresAt: new Date(Number(expires) * 1000) };
}

/** The preview page's path for a token, in the language of the draft it names. */
export const previewPath = (token: string, languageCode: ContentLanguage) =>
  href("draftPreview", localeOfLanguage(languageCode), { token });

const refused = (code: string, key: string, status: number) => new DomainError(code, { message: code, key, status });

/**
 * A preview link of the page's draft in one language, valid for PREVIEW_LINK_DAYS from `now`:
 * the absolute address (PUBLIC_URL) and when it expires. A page without a draft in that
 * language has nothing to preview (409).
 */
export async function makePreviewLink(
  target: { pageId: number; languageCode: ContentLanguage },
  now = new Date(),
): Promise<{ url: string; expiresAt: Date }> {
  const locale = localeOfLanguage(target.languageCode);
  const [page, draft] = await Promise.all([getPageById(target.pageId, locale), readPageDraft(target)]);
  if (!page) throw refused("notFound", "editing.errors.notFound", 404);
  if (!draft) throw refused("noDraft", "editing.errors.noDraft", 409);
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS);
  const token = previewToken({ ...target, draftId: draft.id, expiresAt });
  return { url: `${env.PUBLIC_URL}${previewPath(token, target.languageCode)}`, expiresAt };
}

export type DraftPreview =
  /** Tampered with, not a preview token, or its page deleted: 404. */
  | { state: "notFound" }
  /** Past its expiry: 410. */
  | { state: "expired"; locale: Locale }
  /** Its draft was published or discarded: 410, with the page's address when shoppers can see it. */
  | { state: "gone"; locale: Locale; livePath: string | null }
  /** The page as its draft would publish, in the draft's language. */
  | { state: "draft"; locale: Locale; page: PageView };

/** What a preview link shows now. */
export async function openDraftPreview(token: string, now = new Date()): Promise<DraftPreview> {
  const target = readPreviewToken(token);
  if (!target) return { state: "notFound" };
  const locale = localeOfLanguage(target.languageCode);
  if (target.expiresAt.getTime() <= now.getTime()) return { state: "expired", locale };
  const [found, draft] = await Promise.all([getPageById(target.pageId, locale), readPageDraft(target)]);
  if (!found) return { state: "notFound" };
  if (!draft || draft.id !== target.draftId)
    return { state: "gone", locale, livePath: found.live ? (found.page.alternates[locale] ?? null) : null };
  const { content } = draft;
  return {
    state: "draft",
    locale,
    page: {
      ...found.page,
      title: content.title,
      metaDescription: content.metaDescription,
      // Sanitised when saved and again when shown, as every page body.
      bodyHtml: sanitizeCmsHtml(content.bodyHtml),
      components: readComponents(content.components, `draft ${draft.id} of page ${target.pageId}`),
      contentLocale: locale,
    },
  };
}

/**
 * What the preview-link screen names (the editor's way without JavaScript): the page's title in
 * the language, where it is edited, and whether it has a draft there; null when there is no such page.
 */
export async function previewSubject(target: { pageId: number; languageCode: ContentLanguage }) {
  const locale = localeOfLanguage(target.languageCode);
  const [found, draft] = await Promise.all([getPageById(target.pageId, locale), readPageDraft(target)]);
  if (!found) return null;
  return {
    title: draft?.content.title ?? found.page.title,
    editPath: `${found.page.alternates[locale] ?? href("page", locale)}?editPage=true`,
    hasDraft: draft !== null,
  };
}
