import { z } from "zod/v4";
import { sanitizeCmsHtml } from "~/modules/kernel/sanitize.server";

/**
 * The page components an editor stores in page_translations.components (decision 0014),
 * checked on save and again on every read: a list of typed sections rendered in order.
 * Text HTML goes through the CMS allow-list both times. An entry of an unknown type or
 * with bad fields is skipped and logged, never a failed page.
 */
const text = (max: number) => z.string().trim().max(max).default("");
const media = z.object({
  driveId: z.string().regex(/^[\w-]{1,100}$/),
  title: z.string().max(200),
  alt: z.string().max(300).default(""),
  width: z.number().int().positive().max(10000).nullable().default(null),
  height: z.number().int().positive().max(10000).nullable().default(null),
  version: z.number().int().nonnegative().optional(),
});
// spec §2 Links: the link types of app/lib/links.ts resolveLink.
// spec §3 link object: `newTab` (hrefNewTab) and `rel` as the link options dialog sets them (decision 0051); optional, so older links stay valid.
const link = z.object({
  label: text(120),
  linkType: z.string().max(20),
  target: z.string().trim().min(1).max(500),
  newTab: z.boolean().optional(),
  rel: z
    .string()
    .trim()
    .regex(/^[a-z ]{0,60}$/)
    .optional(),
});
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,200}$/);

export const COMPONENT_SCHEMAS = {
  hero: z.object({
    type: z.literal("hero"),
    title: text(200),
    text: text(1000),
    image: media.nullable().default(null),
    cta: link.nullable().default(null),
  }),
  text: z.object({
    type: z.literal("text"),
    html: z
      .string()
      .max(100_000)
      .transform((html) => sanitizeCmsHtml(html))
      // Still a string after sanitising: what the API's document says of it.
      .pipe(z.string()),
  }),
  image: z.object({ type: z.literal("image"), image: media, caption: text(300) }),
  gallery: z.object({ type: z.literal("gallery"), title: text(200), images: z.array(media).min(1).max(48) }),
  productSlider: z
    .object({
      type: z.literal("productSlider"),
      title: text(200),
      tag: z.string().trim().min(1).max(100).optional(),
      category: slug.optional(),
      limit: z.number().int().min(1).max(20).default(10),
    })
    .refine((c) => Boolean(c.tag) !== Boolean(c.category), "a product slider takes a tag or a category"),
  postList: z.object({ type: z.literal("postList"), title: text(200), limit: z.number().int().min(1).max(20).default(3) }),
  contactForm: z.object({ type: z.literal("contactForm") }),
  form: z.object({ type: z.literal("form"), slug }),
  cta: z.object({ type: z.literal("cta"), title: text(200), text: text(1000), link }),
  map: z.object({
    type: z.literal("map"),
    title: text(200),
    address: text(300),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    zoom: z.number().int().min(1).max(19).default(16),
  }),
  logoList: z.object({
    type: z.literal("logoList"),
    title: text(200),
    logos: z.array(z.object({ image: media, link: link.nullable().default(null) })).max(48),
  }),
  certificates: z.object({
    type: z.literal("certificates"),
    title: text(200),
    items: z.array(z.object({ title: text(200), text: text(1000), image: media.nullable().default(null) })).max(48),
  }),
  // A master component by reference (masters.server.ts): the page shows the master's current content.
  master: z.object({ type: z.literal("master"), masterId: z.number().int().positive().max(2_147_483_647) }),
} as const;

export type StoredComponentType = keyof typeof COMPONENT_SCHEMAS;

/**
 * `hidden` (the section manager's "hide", decision 0051): kept on the page for the editor, not
 * rendered for shoppers. Optional, so every component stored before it stays valid.
 */
export type StoredComponent = {
  [K in StoredComponentType]: z.output<(typeof COMPONENT_SCHEMAS)[K]> & { hidden?: boolean };
}[StoredComponentType];
export const MAX_COMPONENTS = 50;

const isKnown = (type: unknown): type is StoredComponentType => typeof type === "string" && Object.hasOwn(COMPONENT_SCHEMAS, type);

export type ComponentsParse = { components: StoredComponent[]; skipped: { index: number; reason: string; issues?: z.ZodIssue[] }[] };

/** The valid components in order; the rest reported in `skipped` (the caller logs or refuses them). */
export function parseComponents(raw: unknown): ComponentsParse {
  const list = Array.isArray(raw) ? raw.slice(0, MAX_COMPONENTS) : [];
  const components: StoredComponent[] = [];
  const skipped: ComponentsParse["skipped"] = [];
  list.forEach((entry, index) => {
    const type = (entry as { type?: unknown } | null)?.type;
    if (!isKnown(type)) return skipped.push({ index, reason: `unknown type ${JSON.stringify(type)}` });
    const { hidden, ...fields } = entry as { hidden?: unknown };
    const parsed = COMPONENT_SCHEMAS[type].safeParse(fields);
    if (!parsed.success) return skipped.push({ index, reason: `${type}: ${parsed.error.issues[0].message}`, issues: parsed.error.issues });
    components.push((hidden === true ? { ...parsed.data, hidden: true } : parsed.data) as StoredComponent);
  });
  return { components, skipped };
}

/** Components as a page reads them: bad entries are logged and left out. */
export function readComponents(raw: unknown, where: string): StoredComponent[] {
  const { components, skipped } = parseComponents(raw);
  for (const skip of skipped) console.warn(`Page component ${skip.index} of ${where} skipped: ${skip.reason}`);
  return components;
}

/** Components to store: refused as a whole when one is wrong, so an editor's mistake is not silently dropped. */
export function componentsForSave(raw: unknown): StoredComponent[] {
  const { components, skipped } = parseComponents(raw);
  if (skipped.length > 0) throw new Error(`Page components refused: ${skipped.map((s) => `#${s.index} ${s.reason}`).join("; ")}`);
  return components;
}
