import { z } from "zod/v4";
import { id, integer, optionalText, text, typeError } from "~/lib/schema-fields";

/**
 * The media library's forms (spec §3 Media item, decision 0052): the texts per language
 * (title, alt, description, display name; Croatian required as the source), access, folder;
 * the list's bulk actions and the folder forms. Every text is bounded.
 */
export const MEDIA_TYPES = ["image", "document", "other"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_ACCESS = ["public", "private"] as const;
export type MediaAccess = (typeof MEDIA_ACCESS)[number];
export const MEDIA_VIEWS = ["grid", "list"] as const;
/** The list's type filter: pictures, PDF documents, anything else (ZIP). */
export const mediaTypeOf = (mime: string): MediaType =>
  mime.startsWith("image/") ? "image" : mime === "application/pdf" ? "document" : "other";

const texts = (required: boolean) =>
  z.object({
    title: required ? text({ max: 200, required: true }) : text({ max: 200 }),
    alt: text({ max: 300 }),
    description: text({ max: 2000, multiline: true }),
    displayName: text({ max: 200 }),
  });

/** A folder select's value: "" is the library's root. */
const folderChoice = z.preprocess((value) => (value === "" ? undefined : value), id().optional());

/**
 * A picture's focal point (decision 0125): whole percent of its width and height, 0–100.
 * Not posted (a form without the fields, the in-page dialog) keeps the stored point.
 */
export const FOCAL_DEFAULT = 50;
export const FOCAL_STEP = 5;
const focal = () => integer({ min: 0, max: 100, message: "adminMedia.errors.focalRange" }).optional();
export const focalPointFields = { focalX: focal(), focalY: focal() };

export const mediaEditFields = {
  intent: z.literal("save"),
  revision: integer({ min: 0 }),
  access: z.enum(MEDIA_ACCESS, typeError("core.validation.required")),
  folderId: folderChoice,
  texts: z.object({ hr: texts(true), en: texts(false), de: texts(false) }),
  ...focalPointFields,
};
export const mediaEditSchema = z.object(mediaEditFields);
export type MediaEditInput = z.output<typeof mediaEditSchema>;

/** The detail page's forms: save the texts, replace the file (multipart), delete. */
export const mediaPageSchema = z.discriminatedUnion("intent", [
  mediaEditSchema,
  z.object({ intent: z.literal("replace"), revision: integer({ min: 0 }) }),
  z.object({ intent: z.literal("delete"), revision: integer({ min: 0 }) }),
]);

/** The list page's posts: an upload (multipart), the bulk actions, the folder forms. */
export const mediaListPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), access: z.enum(MEDIA_ACCESS).default("public"), folderId: folderChoice }),
  z.object({ intent: z.literal("move"), ids: z.array(id()).max(100).default([]), folderId: folderChoice }),
  z.object({ intent: z.literal("delete"), ids: z.array(id()).max(100).default([]) }),
  z.object({ intent: z.literal("createFolder"), name: text({ max: 100, required: true }) }),
  z.object({ intent: z.literal("renameFolder"), folder: id(), name: text({ max: 100, required: true }) }),
  z.object({ intent: z.literal("deleteFolder"), folder: id() }),
]);
export type MediaListPost = z.output<typeof mediaListPostSchema>;

/** The JSON route of the in-page dialog: its own small forms. */
export const mediaDialogPostSchema = z.discriminatedUnion("intent", [
  // The library page's form sends its files here one per request (with JavaScript), with its access.
  z.object({ intent: z.literal("upload"), access: z.enum(MEDIA_ACCESS).default("public"), folderId: folderChoice }),
  z.object({
    intent: z.literal("texts"),
    id: id(),
    revision: integer({ min: 0 }),
    texts: z.object({
      hr: texts(true).pick({ title: true, alt: true }),
      en: texts(false).pick({ title: true, alt: true }),
      de: texts(false).pick({ title: true, alt: true }),
    }),
  }),
]);

export const optionalSearch = optionalText({ max: 100 });
