import { z } from "zod/v4";
import { LOCALE_LANGUAGE_CODE } from "~/lib/locales";
import { id } from "~/lib/schema-fields";
import { createPage } from "~/modules/cms/page-content.server";
import { newPageSchema, pageSettingsSchema, pageTextSchema } from "~/modules/content-admin/content-admin.schema";
import {
  findPage,
  pageIdBySlug,
  pageNotFound,
  postTypeOf,
  savePageSettings,
  savePageText,
  translateFromOriginal,
} from "~/modules/content-admin/page-admin.server";
import { libraryMediaId } from "~/modules/media-library/media-detail.server";
import { mediaNotFound, updateMedia } from "~/modules/media-library/media-admin.server";
import { mediaEditSchema } from "~/modules/media-library/media-library.schema";
import type { Staff } from "~/modules/kernel/staff.server";
import { defineEndpoint } from "../api-endpoint";
import type { ApiContext } from "../api-context.server";
import { idParam } from "../api-router.server";

/**
 * Spec §7's CMS write calls that the backoffice makes, for a backoffice user's token with
 * the scope of the screen that makes the same change (decision 0130): the content screens'
 * `editor`. Each runs the screen's own service with the screen's own form schema, so the
 * version check, the audit row and the cache clearing (dataChanged) are the screen's; the
 * API adds nothing but the JSON. The body replaces what the form replaces: every field the
 * form posts is required here, so a forgotten field never empties a text.
 */
const EDITOR = ["editor"];
const STALE = { status: 409, message: "The record was changed by someone else" };

/** The staff member a backoffice call acts for (the router has checked the token and the scope). */
const staffOf = async (context: ApiContext): Promise<Staff> => (await context.user())!;

async function postOf(rawId: string | undefined) {
  const pageId = idParam(rawId);
  const postType = await postTypeOf(pageId);
  if (!postType) throw pageNotFound();
  return { pageId, postType };
}

const postAnswer = z.object({
  id: z.number().int(),
  postType: z.enum(["page", "post"]),
  status: z.string().describe("published or draft"),
  publishedAt: z.string().nullable().describe("ISO time; a later one is scheduled"),
  version: z.number().int().describe("The settings' version, for the next settings call"),
});

async function postView(pageId: number) {
  const type = (await postTypeOf(pageId))!;
  const row = (await findPage(pageId, type))!;
  return { id: row.id, postType: type, status: row.status, publishedAt: row.publishedAt?.toISOString() ?? null, version: row.version };
}

// The form's text fields, each required: an omitted body or description would otherwise be saved empty.
const { intent: _textIntent, ...textFields } = pageTextSchema.shape;
const postTextBody = z.object({
  ...textFields,
  metaDescription: textFields.metaDescription.unwrap(),
  bodyHtml: textFields.bodyHtml.unwrap(),
});
const { intent: _settingsIntent, ...settingsFields } = pageSettingsSchema.shape;
// A post's picture, author and terms are replaced as the form replaces them: null and [] say "none" (a page ignores them).
const postSettingsBody = z.object({
  ...settingsFields,
  imageId: id().nullable(),
  authorId: id().nullable(),
  termIds: settingsFields.termIds.unwrap(),
});
const { intent: _mediaIntent, ...mediaFields } = mediaEditSchema.shape;
// null is the library's root; the form's empty select is not a JSON value.
const mediaBody = z.object({ ...mediaFields, folderId: id().nullable() });

export const cmsStaffEndpoints = {
  "cms.post.create": defineEndpoint({
    method: "POST",
    path: "/cms/post/create",
    service: "cms",
    auth: "backoffice",
    scope: EDITOR,
    summary: "A new page or post as a Croatian draft, as /admin/pages/new and /admin/posts/new make it",
    description:
      "title and slug by the new-page form's rules; a page starts from `template`, a post blank. Audited; the page is a draft until cms.post.settings publishes it.",
    body: newPageSchema.extend({ postType: z.enum(["page", "post"]).default("post") }),
    response: postAnswer.extend({ textVersion: z.number().int().describe("The Croatian text's version, for cms.post.update") }),
    errors: [
      { status: 400, message: "Slug belongs to a shop route" },
      { status: 409, message: "Slug already used" },
    ],
    handler: async (context) => {
      const { body } = context;
      const { pageId, version } = await createPage(await staffOf(context), {
        postType: body.postType,
        languageCode: "hrv",
        title: body.title,
        slug: body.slug,
        template: body.postType === "post" ? "blank" : body.template,
        publish: false,
      });
      return { ...(await postView(pageId)), textVersion: version };
    },
  }),
  "cms.post.update": defineEndpoint({
    method: "PATCH",
    path: "/cms/post/update/:id",
    params: { id: "The post's id" },
    service: "cms",
    auth: "backoffice",
    scope: EDITOR,
    summary: "A page's or post's text in one language (title, slug, meta description, body), as the editor's text form saves it",
    description:
      "Every field is required (send the unchanged ones too). `version` is the language's text version the change was made on (left out only when the language has no text yet); a version that moved on is 409 and changes nothing. The body HTML is sanitised; a changed slug keeps the old address as a redirect.",
    body: postTextBody,
    response: z.object({ id: z.number().int(), language: z.enum(["hr", "en", "de"]), textVersion: z.number().int() }),
    errors: [
      { status: 400, message: "Slug belongs to a shop route" },
      { status: 404, message: "Page not found" },
      STALE,
      { status: 409, message: "Slug already used" },
      { status: 409, message: "The home page stays published" },
    ],
    handler: async (context) => {
      const { pageId, postType } = await postOf(context.params.id);
      const textVersion = await savePageText(await staffOf(context), pageId, postType, { ...context.body, intent: "text" });
      return { id: pageId, language: context.body.language, textVersion };
    },
  }),
  "cms.post.settings": defineEndpoint({
    method: "PATCH",
    path: "/cms/post/settings/:id",
    params: { id: "The post's id" },
    service: "cms",
    auth: "backoffice",
    scope: EDITOR,
    summary: "Publishes, schedules or hides a page or post; for a post also its picture, author and terms (the editor's settings form)",
    description:
      "`publishedAt` is the shop's local time `YYYY-MM-DDTHH:mm` (left out or empty: the date it has, else now when published); `version` the settings' version. imageId (a public picture of the library), authorId (a backoffice user) and termIds replace the post's; null and [] for none. The home page stays published.",
    body: postSettingsBody,
    response: postAnswer,
    errors: [
      { status: 400, message: "Author not found" },
      { status: 404, message: "Page not found" },
      STALE,
      { status: 409, message: "The home page stays published" },
    ],
    handler: async (context) => {
      const { pageId, postType } = await postOf(context.params.id);
      const { imageId, authorId, ...settings } = context.body;
      const input = { ...settings, imageId: imageId ?? undefined, authorId: authorId ?? undefined, intent: "settings" as const };
      await savePageSettings(await staffOf(context), pageId, postType, input, null);
      return postView(pageId);
    },
  }),
  "cms.link.createTranslationFromOriginal": defineEndpoint({
    method: "POST",
    path: "/cms/link/:slug/createTranslationFromOriginal",
    params: { slug: "The Croatian slug of the page or post to translate" },
    service: "cms",
    auth: "backoffice",
    scope: EDITOR,
    summary: "A page's missing language made from its Croatian original, named by the Croatian slug (the editor's \"translate\" button)",
    description: "Title, slug, description, body and sections are copied into `language` for the editor to translate; drafts included.",
    body: z.object({ language: z.enum(["en", "de"]) }),
    response: z.object({ id: z.number().int(), language: z.enum(["en", "de"]) }),
    errors: [
      { status: 404, message: "Page not found" },
      { status: 409, message: "No Croatian original" },
      { status: 409, message: "Already translated" },
      { status: 409, message: "Slug already used" },
    ],
    handler: async (context) => {
      const pageId = await pageIdBySlug(context.params.slug ?? "", LOCALE_LANGUAGE_CODE.hr);
      const postType = pageId === null ? null : await postTypeOf(pageId);
      if (pageId === null || !postType) throw pageNotFound();
      await translateFromOriginal(await staffOf(context), pageId, postType, context.body.language);
      return { id: pageId, language: context.body.language };
    },
  }),
  "cms.media.update": defineEndpoint({
    method: "PATCH",
    path: "/cms/media/update/:id",
    params: { id: "The media item's drive id (the library's driveId)" },
    service: "cms",
    auth: "backoffice",
    scope: EDITOR,
    summary: "A library file's texts per language, access, folder and focal point, by its driveId (the edit form of /admin/media/{id})",
    description:
      "Every language's texts are replaced (hr title required); folderId null is the library's root; focalX/focalY left out keep the point. `revision` is the one the change was made on. A file in use stays public; only images can be public.",
    body: mediaBody,
    response: z.object({
      driveId: z.string(),
      revision: z.number().int(),
      access: z.enum(["public", "private"]),
      folderId: z.number().int().nullable(),
      titles: z.record(z.string(), z.string()),
      alt: z.record(z.string(), z.string()),
      focalPoint: z.object({ x: z.number().int(), y: z.number().int() }),
    }),
    errors: [
      { status: 400, message: "Folder not found" },
      { status: 400, message: "Only images can be public" },
      { status: 404, message: "Media not found" },
      STALE,
      { status: 409, message: "Media is in use" },
    ],
    handler: async (context) => {
      const driveId = z.uuid().safeParse(context.params.id);
      const mediaId = driveId.success ? await libraryMediaId(driveId.data) : null;
      if (mediaId === null) throw mediaNotFound();
      const { folderId, ...input } = context.body;
      const row = await updateMedia(await staffOf(context), mediaId, { ...input, folderId: folderId ?? undefined });
      return {
        driveId: row.driveId,
        revision: row.revision,
        access: row.access,
        folderId: row.folderId,
        titles: row.titles,
        alt: row.alt,
        focalPoint: { x: row.focalX, y: row.focalY },
      };
    },
  }),
};
