import { z } from "zod/v4";
import { BLOG_PAGE_SIZE, getTermBySlug, listPosts } from "~/modules/blog/blog.server";
import { getTerm, listTerms } from "~/modules/blog/terms.server";
import { decideSlug, FINDER_TYPES } from "~/modules/cms/finder.server";
import { getPageBySlug } from "~/modules/cms/pages.server";
import { listPublicMedia } from "~/modules/media/media-public.server";
import { handleUnknownPath } from "~/modules/redirects/redirects.server";
import { getSiteContext } from "~/modules/site/site.server";
import { defineEndpoint } from "../api-endpoint";
import { limitField, listOf, listPage, pageFields, pageOfAll, pageQueryFields, pageRequest } from "../api-lists";
import { notFound } from "../api-errors.server";
import { idParam } from "../api-router.server";
import { mediaRefSchema } from "./catalog-schemas";
import { elementSchema, navLinkSchema, pageSchema, postCardSchema, termSchema } from "./cms-schemas";

/**
 * Spec §7 CMS reads over the blog, pages, redirects and site-context services the HTML shop
 * renders with. Only published content; names and slugs in the X-Language-Code language.
 */

/** The blog's terms: a handful, all on one page unless asked (term/filter); term/filterStandard pages by 10. */
const TERM_PAGES = { perPage: 100, maxPerPage: 100 };
const TERM_STANDARD_PAGES = { perPage: 10, maxPerPage: 100 };
/** Spec §9: posts 10 a page. */
const POST_PAGES = { perPage: BLOG_PAGE_SIZE, maxPerPage: 100 };
const MEDIA_PAGES = { perPage: 20, maxPerPage: 100 };

/**
 * The site options a storefront may read (spec §7 option/filter): what the shop's own pages
 * show or act on. Anything else (seller bank details, custom code, cache settings, API
 * settings) stays on the server: an allow-list, so a new secret option never leaks.
 */
export const PUBLIC_OPTIONS = [
  "Logo",
  "CopyrightText",
  "CookieNotice",
  "ThemeNavigations",
  "HomePageSlug",
  "LowStockThreshold",
  "NumberOfStars",
  "CanCommentOnBlog",
  "UserCanEditComment",
  "OneUserOneComment",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "AnonymousCanMultipleReview",
  "OnSiteCommentOptions",
  "FreeDeliveryAmount",
  "CartRequestQuote",
  "GoogleAnalyticsId",
  "GoogleTagManagerId",
  "FacebookPixelId",
] as const;

const slugSchema = z.string().min(1).max(200);

const cmsBaseEndpoints = {
  "cms.term.filter": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/cms/term/filter",
    service: "cms",
    description: "type category or tag; without it both. href: the term's page in the call's language.",
    auth: "public",
    summary: "Blog categories and tags in editor order",
    query: z.object({
      type: z.enum(["category", "tag"]).optional().describe("Only categories or only tags"),
      ...pageQueryFields(TERM_PAGES),
    }),
    response: listOf(termSchema),
    handler: async ({ query, locale }) =>
      pageOfAll(await listTerms(locale, query.type ? [query.type] : []), pageRequest(query, TERM_PAGES)),
  }),
  "cms.term.filterStandard": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/cms/term/filterStandard",
    service: "cms",
    description:
      "termTypeTitles: category, tag or both (the default). A page past the end has no records; noPaginate answers every term at once.",
    auth: "public",
    summary: "Blog terms of the given types (termTypeTitles), 10 a page (at most 100) unless noPaginate",
    body: z.object({
      termTypeTitles: z
        .array(z.enum(["category", "tag"]))
        .max(2)
        .optional(),
      ...pageFields(TERM_STANDARD_PAGES),
      ...limitField(TERM_STANDARD_PAGES),
      noPaginate: z.boolean().optional().describe("Every term on one page"),
    }),
    response: listOf(termSchema),
    handler: async ({ body, locale }) => {
      const all = await listTerms(locale, body.termTypeTitles ?? []);
      if (body.noPaginate) return { records: all, page: 1, perPage: Math.max(1, all.length), totalRecords: all.length, totalPages: 1 };
      return pageOfAll(all, pageRequest(body, TERM_STANDARD_PAGES));
    },
  }),
  "cms.term.get": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/cms/term/get/:id",
    service: "cms",
    description: "href: the term's page in the call's language.",
    params: { id: "The term's id" },
    auth: "public",
    summary: "A blog term by id",
    response: z.object({ term: termSchema }),
    errors: [{ status: 404, message: "Term not found" }],
    handler: async ({ params, locale }) => {
      const term = await getTerm(idParam(params.id), locale);
      if (!term) throw notFound("Term not found");
      return { term };
    },
  }),
  "cms.term.getBySlug": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/cms/term/getBySlug/:slug",
    service: "cms",
    description:
      "redirectTo names the term's own slug in the call's language when another was asked for; alternates its path in every language.",
    params: { slug: "The term's slug in the call's language, else its Croatian slug" },
    auth: "public",
    summary: "A blog term by its slug in the language, else its Croatian (main) slug, with its URL in every language",
    response: z.object({ term: termSchema, alternates: z.record(z.string(), z.string()), redirectTo: z.string().nullable() }),
    errors: [{ status: 404, message: "Term not found" }],
    handler: async ({ params, locale }) => {
      const slug = slugSchema.safeParse(params.slug);
      const found = slug.success ? await getTermBySlug(slug.data, locale) : null;
      if (!found) throw notFound("Term not found");
      return found;
    },
  }),
  "cms.post.filterStandard": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/cms/post/filterStandard",
    service: "cms",
    auth: "public",
    summary:
      "Published posts newest first (postTypeSlugs [post], display legacy; optional termSlugs), or a page by slug (postTypeSlugs [page], display components)",
    description:
      "Posts: 10 a page, published_at descending (spec §9). A page: filters.slug in the language, else the Croatian slug; only published pages; it comes in cmsPage (the list's own page is its number).",
    body: z.object({
      filters: z.object({ slug: slugSchema.optional() }).optional(),
      postTypeSlugs: z
        .array(z.enum(["post", "page"]))
        .max(2)
        .optional(),
      termSlugs: z.array(slugSchema).max(1).optional(),
      display: z.enum(["legacy", "components"]).optional(),
      ...pageFields(POST_PAGES),
      sort: z.string().max(40).optional(),
    }),
    response: listOf(postCardSchema, {
      extra: { cmsPage: pageSchema.nullable().describe("The page filters.slug names (postTypeSlugs [page]); null for a list of posts") },
    }),
    errors: [
      { status: 404, message: "Page not found" },
      { status: 404, message: "Term not found" },
    ],
    handler: async ({ body, locale }) => {
      const types = body.postTypeSlugs ?? ["post"];
      if (types.includes("page") && body.filters?.slug) {
        const found = await getPageBySlug(body.filters.slug, locale);
        if (!found || !types.includes(found.page.postType as "post" | "page")) throw notFound("Page not found");
        return { ...listPage([], pageRequest(body, POST_PAGES), 0), cmsPage: found.page };
      }
      const termSlug = body.termSlugs?.[0];
      const term = termSlug ? await getTermBySlug(termSlug, locale) : null;
      if (termSlug && !term) throw notFound("Term not found");
      const asked = pageRequest(body, POST_PAGES);
      const list = await listPosts(locale, { ...asked, termId: term?.term.id });
      return { ...listPage(list.records, asked, list.info.totalRecords), cmsPage: null };
    },
  }),
  "cms.redirect.addFailedRequest": defineEndpoint({
    method: "POST",
    path: "/cms/redirect/addFailedRequest",
    service: "cms",
    description:
      "path: the shop path a visitor did not find (from /, no //, no spaces). The shop keeps a bounded 404 log for the backoffice; redirect is the configured redirect of that path (to and its status), else null.",
    auth: "public",
    strict: true,
    summary: "Log a path that was not found (the shop's 404 log); answers the configured redirect when there is one",
    body: z.object({
      path: z
        .string()
        .min(1)
        .max(500)
        .regex(/^\/(?!\/)[^\s\\]*$/, "A local path starting with /"),
    }),
    response: z.object({ redirect: z.object({ to: z.string(), status: z.number().int() }).nullable() }),
    // The 404 log's throttle counts an integration key's calls per key, a storefront's per address.
    handler: async ({ body, key, address }) => ({
      redirect: await handleUnknownPath(body.path, key?.kind === "integration" ? `key:${key.id}` : `address:${address}`),
    }),
  }),
  "cms.option.filter": defineEndpoint({
    method: "GET",
    path: "/cms/option/filter",
    service: "cms",
    description:
      "An allow-list of the options a storefront shows or acts on (Logo, CopyrightText, CookieNotice, ThemeNavigations, HomePageSlug, the comment options, FreeDeliveryAmount, the analytics ids, ...), each as the options page stores it (JSON); never secrets.",
    auth: "public",
    summary: "The site options a storefront may read (an allow-list; never secrets)",
    response: z.object({ options: z.record(z.string(), z.unknown()) }),
    handler: async ({ locale }) => {
      const { options } = await getSiteContext(locale);
      return { options: Object.fromEntries(PUBLIC_OPTIONS.filter((key) => key in options).map((key) => [key, options[key]])) };
    },
  }),
  "cms.element.getByHandlers": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/element/getByHandlers",
    service: "cms",
    description:
      "handlers: any of header, footer, cookie. Each element: its id, title and options (the block's content as the editor set it); null when the block is not set.",
    auth: "public",
    summary: "The header, footer and cookie blocks in the language (else Croatian)",
    body: z.object({
      handlers: z
        .array(z.enum(["header", "footer", "cookie"]))
        .min(1)
        .max(3),
    }),
    response: z.object({
      elements: z.object({ header: elementSchema.optional(), footer: elementSchema.optional(), cookie: elementSchema.optional() }),
    }),
    handler: async ({ body, locale }) => {
      const { elements } = await getSiteContext(locale);
      return { elements: Object.fromEntries(body.handlers.map((h) => [h, elements[h]])) };
    },
  }),
  "cms.navigation.tree": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/cms/navigation/tree/:id",
    service: "cms",
    description:
      "Each link: label, href (a shop path in the call's language, or an outside URL when external) and its sub-links in children.",
    params: { id: "The navigation's handle: main, footer1, footer2, footer3 or footer4" },
    auth: "public",
    summary: "A navigation as a tree by its handle (main, footer1..footer4), links in the language",
    response: z.object({ handle: z.string(), items: z.array(navLinkSchema) }),
    errors: [{ status: 404, message: "Navigation not found" }],
    handler: async ({ params, locale }) => {
      const handle = params.id ?? "";
      const { navigations } = await getSiteContext(locale);
      if (handle.length > 40 || !Object.hasOwn(navigations, handle)) throw notFound("Navigation not found");
      return { handle, items: navigations[handle] };
    },
  }),
};

const finderHitSchema = z.object({
  type: z.enum(FINDER_TYPES),
  id: z.number().int(),
  alternates: z.record(z.string(), z.string()),
  redirectTo: z.string().nullable(),
});
const finderTypes = z
  .union([z.enum(FINDER_TYPES), z.array(z.enum(FINDER_TYPES)).max(5)])
  .transform((t) => (Array.isArray(t) ? t : [t]))
  .optional()
  .describe("The types to look among, one or repeated (params=product&params=category); all when left out");

/** Spec §7 media/filterStandard, postType/filterStandard and the finder. */
const cmsMoreEndpoints = {
  "cms.media.filterStandard": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/media/filterStandard",
    service: "cms",
    description:
      "Only files the library marks public. driveIds: only these files; keywords: part of the title. url: a picture's medium size (other sizes from driveId, as media/option/filter says); null for a file that is not a picture.",
    auth: "public",
    summary: "Public media of the library, newest first (never private files); 20 a page, at most 100",
    body: z.object({
      driveIds: z.array(z.uuid()).max(100).optional(),
      keywords: z.string().max(100).optional(),
      ...pageFields(MEDIA_PAGES),
      ...limitField(MEDIA_PAGES),
    }),
    response: listOf(
      mediaRefSchema.extend({
        url: z.string().nullable(),
        mime: z.string(),
        // Where a front end that crops the picture should keep it in view (object-position), in percent; 50/50 is the centre.
        focalPoint: z.object({ x: z.number().int().min(0).max(100), y: z.number().int().min(0).max(100) }),
      }),
    ),
    handler: async ({ body, locale }) => {
      const asked = pageRequest(body, MEDIA_PAGES);
      const list = await listPublicMedia(locale, {
        driveIds: body.driveIds,
        keywords: body.keywords,
        limit: asked.perPage,
        page: asked.page,
      });
      return listPage(list.records, asked, list.totalRecords);
    },
  }),
  "cms.postType.filterStandard": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/postType/filterStandard",
    service: "cms",
    description: "Always the two of this shop: page (display components) and post (display legacy).",
    auth: "public",
    summary: "The post types of the site (page, post)",
    body: z.object({}),
    response: z.object({ postTypes: z.array(z.object({ slug: z.string(), display: z.enum(["components", "legacy"]) })) }),
    handler: () => ({
      postTypes: [
        { slug: "page", display: "components" as const },
        { slug: "post", display: "legacy" as const },
      ],
    }),
  }),
  "cms.finder.decide": defineEndpoint({
    method: "GET",
    path: "/cms/finder/decide",
    service: "cms",
    description:
      "slug: in the call's language, else the Croatian slug (redirectTo then names the language's own). params: the types to look among (page, post, product, category, term), one or repeated; without it all.",
    auth: "public",
    summary: "What a slug names: a page, post, product, category or blog term (params narrows the types), with its URL in every language",
    query: z.object({ slug: slugSchema.describe("A slug in the call's language, or a Croatian slug"), params: finderTypes }),
    response: finderHitSchema,
    errors: [{ status: 404, message: "Not found" }],
    handler: async ({ query, locale }) => {
      const hit = await decideSlug(query.slug, locale, query.params);
      if (!hit) throw notFound();
      return hit;
    },
  }),
  "cms.finder.searchSlugs": defineEndpoint({
    method: "GET",
    path: "/cms/finder/searchSlugs",
    service: "cms",
    description: "slug repeated for each (at most 20); params as finder/decide's.",
    auth: "public",
    summary:
      "finder/decide for several slugs at once (slug repeated, at most 20): each found slug with what it names; unknown ones are left out",
    query: z.object({
      slug: z
        .union([slugSchema, z.array(slugSchema).max(20)])
        .transform((s) => (Array.isArray(s) ? s : [s]))
        .describe("The slugs, repeated (slug=a&slug=b), at most 20"),
      params: finderTypes,
    }),
    response: z.object({ slugs: z.array(finderHitSchema.extend({ slug: z.string() })) }),
    handler: async ({ query, locale }) => {
      const hits = await Promise.all(
        [...new Set(query.slug)].map(async (slug) => ({ slug, hit: await decideSlug(slug, locale, query.params) })),
      );
      return { slugs: hits.flatMap(({ slug, hit }) => (hit ? [{ slug, ...hit }] : [])) };
    },
  }),
  "cms.finder.getUrlOnLanguage": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/finder/getUrlOnLanguage",
    service: "cms",
    description:
      "slug: in the call's language (X-Language-Code); language: the language whose URL is wanted; type narrows what the slug names. 404 when the thing has no page in that language.",
    auth: "public",
    summary: "The URL of a page, post, product, category or term (by its slug in the request's language) in another language",
    body: z.object({ slug: slugSchema, language: z.enum(["hr", "en", "de"]), type: z.enum(FINDER_TYPES).optional() }),
    response: z.object({ url: z.string(), type: z.enum(FINDER_TYPES), id: z.number().int() }),
    errors: [{ status: 404, message: "Not found" }],
    handler: async ({ body, locale }) => {
      const hit = await decideSlug(body.slug, locale, body.type ? [body.type] : undefined);
      const url = hit?.alternates[body.language];
      if (!hit || !url) throw notFound();
      return { url, type: hit.type, id: hit.id };
    },
  }),
};

export const cmsEndpoints = { ...cmsBaseEndpoints, ...cmsMoreEndpoints };
