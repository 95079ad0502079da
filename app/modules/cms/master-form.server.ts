import { inArray } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { isLocalPath } from "~/lib/local-path";
import { isWebAddress, resolveLink } from "~/lib/links";
import { DEFAULT_LOCALE } from "~/lib/locales";
import type { MediaRef } from "~/lib/media";
import { id, integer, optionalText, REQUIRED, text, typeError } from "~/lib/schema-fields";
import { toMediaRef } from "~/modules/media/media-ref.server";
import { publicImages } from "~/modules/media/media-upload.server";

/**
 * The master's screen (/admin/masters/:id, decision 0133): one form for every field kind a
 * section's schema has — texts, numbers, a product slider's source, pictures (chosen from the
 * media library with the backoffice's MediaChooser, radio buttons or checkboxes without
 * JavaScript) and links (a label and an address: a local path or an http(s) address, the
 * rule navigations use). The posted fields become the section's own fields here; the
 * section's schema checks the result (masters.server.ts).
 */
export type MasterField =
  | "title"
  | "text"
  | "html"
  | "caption"
  | "address"
  | "slug"
  | "tag"
  | "category"
  | "limit"
  | "lat"
  | "lon"
  | "zoom"
  | "image"
  | "images"
  | "link";

export const MASTER_FIELDS: Record<string, readonly MasterField[]> = {
  hero: ["title", "text", "image", "link"],
  text: ["html"],
  image: ["image", "caption"],
  gallery: ["title", "images"],
  productSlider: ["title", "tag", "category", "limit"],
  postList: ["title", "limit"],
  contactForm: [],
  form: ["slug"],
  cta: ["title", "text", "link"],
  map: ["title", "address", "lat", "lon", "zoom"],
  // A logo keeps its link when it stays chosen; certificates' items keep their texts and pictures.
  logoList: ["title", "images"],
  certificates: ["title"],
};
export const NUMBER_FIELDS: readonly MasterField[] = ["limit", "lat", "lon", "zoom"];
/** Where a type keeps its picture(s) and its link. */
const IMAGE_KEY: Record<string, string> = { hero: "image", image: "image", gallery: "images", logoList: "logos" };
const LINK_KEY: Record<string, string> = { hero: "cta", cta: "link" };
/** A link the section cannot go without (a call to action's button). */
const LINK_REQUIRED = new Set(["cta"]);

const mediaId = id("core.validation.pattern");
const shared = {
  revision: integer({ min: 0 }),
  version: integer({ min: 0 }),
  name: text({ max: 120, required: true }),
  title: optionalText({ max: 200 }),
  text: optionalText({ max: 1000, multiline: true }),
  html: z.string().max(100_000).optional(),
  caption: optionalText({ max: 300 }),
  address: optionalText({ max: 300 }),
  slug: optionalText({ max: 200 }),
  tag: optionalText({ max: 100 }),
  category: optionalText({ max: 200 }),
  limit: integer({ min: 1, max: 20 }).optional(),
  lat: z.number(typeError(REQUIRED, "core.validation.number")).min(-90).max(90).optional(),
  lon: z.number(typeError(REQUIRED, "core.validation.number")).min(-180).max(180).optional(),
  zoom: integer({ min: 1, max: 19 }).optional(),
  image: mediaId.optional(),
  images: z.array(mediaId).max(48).optional(),
  linkLabel: optionalText({ max: 120 }),
  linkHref: optionalText({ max: 500 }),
};
/** "Spremi skicu" and "Objavi" post the same fields: publishing saves what is typed first. */
export const masterFormSchema = z.object({ intent: z.literal("draft"), ...shared });
const publishForm = z.object({ intent: z.literal("publish"), ...shared });
export type MasterForm = z.output<typeof masterFormSchema> | z.output<typeof publishForm>;

/** Every post of the master's screen: the form, and the buttons of its draft, history and copies. */
export const masterActionSchema = z.discriminatedUnion("intent", [
  masterFormSchema,
  publishForm,
  z.object({ intent: z.literal("discard"), revision: integer({ min: 0 }) }),
  z.object({ intent: z.literal("restore"), versionId: id(), version: integer({ min: 0 }) }),
  z.object({ intent: z.literal("linkCopies") }),
  z.object({ intent: z.literal("linkCopy"), pageId: id(), languageCode: text({ max: 3, required: true }) }),
]);
export const MASTER_FORM_FIELDS = Object.keys(shared);

type StoredLink = { label: string; linkType: string; target: string; newTab?: boolean; rel?: string };

/** The address a stored link is shown as: what it opens in Croatian (an external or typed address as it is). */
export function linkAddress(link: StoredLink | null | undefined, homeSlug: string): string {
  if (!link) return "";
  if (link.linkType === "external" || link.linkType === "path") return link.target;
  return resolveLink(link, DEFAULT_LOCALE, homeSlug).href;
}

const refused = (field: string, key: string) => new DomainError("invalidMasterField", { message: key, key, status: 400, field });

/**
 * The link as it will be stored. An unchanged address keeps the link's own kind (a page link
 * stays a page link and keeps following the page's slug in every language); a new one is
 * an http(s) address or a local path, anything else is refused.
 */
function linkOf(type: string, form: MasterForm, current: StoredLink | null, homeSlug: string): StoredLink | null {
  const href = form.linkHref ?? "";
  const label = form.linkLabel ?? "";
  if (!href) {
    if (LINK_REQUIRED.has(type)) throw refused("linkHref", REQUIRED);
    if (label) throw refused("linkHref", REQUIRED);
    return null;
  }
  if (current && href === linkAddress(current, homeSlug)) return { ...current, label };
  const options = { ...(current?.newTab ? { newTab: true } : {}), ...(current?.rel ? { rel: current.rel } : {}) };
  if (isWebAddress(href)) return { label, linkType: "external", target: href, ...options };
  if (isLocalPath(href)) return { label, linkType: "path", target: href, ...options };
  throw refused("linkHref", "adminContent.masters.errors.linkHref");
}

/** The chosen media ids as pictures a section keeps; an id that is no public image is refused. */
async function picturesOf(ids: readonly number[], field: string): Promise<MediaRef[]> {
  if (ids.length === 0) return [];
  const usable = await publicImages([...ids]);
  if (ids.some((mediaRowId) => !usable.has(mediaRowId))) throw refused(field, "adminContent.masters.errors.image");
  const db = await getDb();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((mediaRowId) => toMediaRef(byId.get(mediaRowId)!, DEFAULT_LOCALE));
}

/** The media ids of the pictures a section shows now (what the chooser has ticked). */
export async function chosenMediaIds(component: Record<string, unknown>): Promise<number[]> {
  const key = IMAGE_KEY[String(component.type)];
  const value = key ? component[key] : undefined;
  const refs = (Array.isArray(value) ? value : value ? [value] : []) as (MediaRef | { image: MediaRef })[];
  const driveIds = refs.map((ref) => ("image" in ref ? ref.image.driveId : ref.driveId));
  if (driveIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({ id: media.id, driveId: media.driveId }).from(media).where(inArray(media.driveId, driveIds));
  const byDrive = new Map(rows.map((row) => [row.driveId, row.id]));
  return driveIds.flatMap((driveId) => (byDrive.has(driveId) ? [byDrive.get(driveId)!] : []));
}

/**
 * The posted fields of the master's type as section fields. An emptied text clears it, an
 * emptied number keeps its value; pictures and the link as above.
 */
export async function masterFieldsOf(
  form: MasterForm,
  current: Record<string, unknown>,
  homeSlug: string,
): Promise<Record<string, unknown>> {
  const type = String(current.type);
  const fields: Record<string, unknown> = {};
  for (const name of MASTER_FIELDS[type] ?? []) {
    if (name === "link") fields[LINK_KEY[type]] = linkOf(type, form, (current[LINK_KEY[type]] as StoredLink | null) ?? null, homeSlug);
    else if (name === "image") {
      const [picture] = await picturesOf(form.image ? [form.image] : [], "image");
      fields.image = picture ?? null;
    } else if (name === "images") {
      const pictures = await picturesOf(form.images ?? [], "images");
      if (type === "logoList") {
        const links = new Map(((current.logos ?? []) as { image: MediaRef; link: unknown }[]).map((l) => [l.image.driveId, l.link]));
        fields.logos = pictures.map((image) => ({ image, link: links.get(image.driveId) ?? null }));
      } else fields.images = pictures;
    } else if (name === "tag" || name === "category") {
      // A slider takes a tag or a category: an emptied one is left out, not kept as "".
      fields[name] = form[name] || undefined;
    } else {
      const value = form[name] ?? (NUMBER_FIELDS.includes(name) ? undefined : "");
      if (value !== undefined) fields[name] = value;
    }
  }
  return fields;
}
