import { asc } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb } from "~/.server/db/client.server";
import { countries, languages } from "~/.server/db/schema";
import { env } from "~/.server/env.server";
import { MEDIA_FORMATS, MEDIA_SIZES, type MediaSize } from "~/lib/media";
import { allowedCountries } from "~/modules/account/addresses.server";
import { getSiteContext } from "~/modules/site/site.server";
import { listDomains } from "~/modules/dev-tools/domains.server";
import { defineEndpoint } from "../api-endpoint";
import { limitField, listOf, pageFields, pageOfAll, pageQueryFields, pageRequest } from "../api-lists";
import { notFound } from "../api-errors.server";
import { storefrontKeyToken } from "../api-keys.server";

/**
 * The settings and media reads of spec §7 ("Master and settings", "Media"): the countries
 * and languages, the domain's storefront key, the domains, the public site options and the
 * media sizes (decision 0058).
 */

/** Whether the request comes from this shop's own domain (spec §7 domainDetect). */
function isOwnDomain(request: Request): boolean {
  const own = new URL(env.PUBLIC_URL).host;
  const named = [request.headers.get("Referer"), request.headers.get("Origin")].filter((v): v is string => !!v);
  for (const value of named) {
    try {
      return new URL(value).host === own;
    } catch {
      return false;
    }
  }
  return (request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host")) === own;
}

/** Site options a storefront may read (spec §3 CMS options); analytics ids and custom code are public in every page too. */
const PUBLIC_OPTIONS = new Set([
  "ThemeNavigations",
  "Logo",
  "CopyrightText",
  "CookieNotice",
  "AnonymousChat",
  "RequireAdminPublishing",
  "RequireRatingForComment",
  "RequireCommentForRating",
  "NumberOfStars",
  "LowStockThreshold",
  "CanCommentOnBlog",
  "UserCanEditComment",
  "OneUserOneComment",
  "HomePageSlug",
  "SocialLogin",
  "GoogleAnalyticsId",
  "GoogleTagManagerId",
  "FacebookPixelId",
]);

/** Reference lists a storefront reads whole (about 80 languages, the world's countries): one page unless asked. */
const COMMONS_PAGES = { perPage: 300, maxPerPage: 300 };
const DOMAIN_PAGES = { perPage: 100, maxPerPage: 100 };
const MEDIA_SIZE_PAGES = { perPage: 100, maxPerPage: 100 };

const jsonValue: z.ZodType<unknown> = z.unknown().describe("The option's JSON value (null when not configured)");

export const settingsEndpoints = {
  "settings.commons": defineEndpoint({
    method: "GET",
    path: "/settings/commons",
    service: "settings",
    description:
      "type languages: the shop's languages (code hr, en, de); countries: the countries the store delivers to (code: the ISO code). Names in `language` when given, else in X-Language-Code's.",
    auth: "public",
    summary: "The languages or the countries (the countries the store delivers to), with names in the requested language",
    query: z.object({
      type: z.enum(["languages", "countries"]).describe("What to list"),
      language: z.enum(["hr", "en", "de"]).optional().describe("The names' language (default: X-Language-Code's)"),
      ...pageQueryFields(COMMONS_PAGES),
    }),
    response: listOf(z.strictObject({ id: z.number().int(), code: z.string(), name: z.string() })),
    handler: async ({ query, locale }) => {
      const db = await getDb();
      const language = query.language ?? locale;
      const asked = pageRequest(query, COMMONS_PAGES);
      if (query.type === "languages") {
        const rows = await db.select().from(languages).orderBy(asc(languages.id));
        const name = (row: (typeof rows)[number]) => (language === "hr" ? row.nameHrv : language === "de" ? row.nameGer : row.nameEng);
        return pageOfAll(
          rows.map((row) => ({ id: row.id, code: row.code2 || row.code, name: name(row) })),
          asked,
        );
      }
      const allowed = new Set((await allowedCountries(db)).map((c) => c.iso));
      const rows = await db.select().from(countries).orderBy(asc(countries.name), asc(countries.id));
      return pageOfAll(
        rows.filter((row) => allowed.has(row.iso)).map((row) => ({ id: row.id, code: row.iso, name: row.name })),
        asked,
      );
    },
  }),
  "settings.domainDetect": defineEndpoint({
    method: "POST",
    path: "/settings/domainDetect",
    service: "settings",
    auth: "none",
    summary: "The storefront key and site of this shop's domain (by Referer, Origin or Host); read as data.data",
    description:
      "Spec §7: a storefront reads the answer as data.data, so the data holds { data: { apiKeyToken, siteID } }. Another domain is not found.",
    body: z.object({ domain: z.string().max(253).optional() }).optional(),
    response: z.object({ data: z.object({ apiKeyToken: z.string(), siteID: z.number().int() }) }),
    errors: [{ status: 404, message: "Domain not found" }],
    handler: async ({ request, body, locale }) => {
      const named = body?.domain;
      const own = new URL(env.PUBLIC_URL).host;
      if (named ? named.replace(/^https?:\/\//, "").replace(/\/.*$/, "") !== own : !isOwnDomain(request))
        throw notFound("Domain not found");
      const site = await getSiteContext(locale);
      return { data: { apiKeyToken: await storefrontKeyToken(), siteID: site.site.id } };
    },
  }),
  "settings.domain.filter": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/settings/domain/filter",
    service: "settings",
    description: "filters, page and limit are accepted for the spec's shape; the list is short and always whole (totalPages 1).",
    auth: "public",
    summary: "The shop's domains (name, url): the site option Domains, the same list the dev tooling's domain change offers",
    body: z
      .object({
        filters: z.record(z.string().max(50), z.unknown()).optional(),
        ...pageFields(DOMAIN_PAGES),
        ...limitField(DOMAIN_PAGES),
      })
      .optional(),
    response: listOf(z.strictObject({ name: z.string(), url: z.string() })),
    handler: async ({ body }) =>
      pageOfAll(
        (await listDomains()).map(({ name, url }) => ({ name, url })),
        pageRequest(body, DOMAIN_PAGES),
      ),
  }),
  "settings.general.user": defineEndpoint({
    method: "GET",
    path: "/settings/general/user",
    service: "settings",
    description:
      "key: one of the options a storefront may read (ThemeNavigations, Logo, CopyrightText, CookieNotice, NumberOfStars, LowStockThreshold, HomePageSlug, SocialLogin, the analytics ids, ...); any other key, a secret included, is not found. value: the option's JSON value.",
    auth: "public",
    summary: "A site option a storefront may read (by key; the group is accepted for the spec's shape); never a secret",
    query: z.object({
      group: z.string().max(50).optional().describe("Accepted for the spec's shape; answered back"),
      key: z.string().min(1).max(100).describe("The option's key (see the description)"),
    }),
    response: z.object({ group: z.string().nullable(), key: z.string(), value: jsonValue }),
    errors: [{ status: 404, message: "Setting not found" }],
    handler: async ({ query, locale }) => {
      if (!PUBLIC_OPTIONS.has(query.key)) throw notFound("Setting not found");
      const site = await getSiteContext(locale);
      const value = query.key === "SocialLogin" ? site.site.socialLoginEnabled : (site.options[query.key] ?? null);
      return { group: query.group ?? null, key: query.key, value };
    },
  }),
  "media.option.filter": defineEndpoint({
    method: "GET",
    path: "/media/option/filter",
    service: "media",
    description:
      "Image URLs are /media/1/{driveId}/{size}/{title-slug}.{format}, size one of these names, format one of formats (webp, jpg, png). autoResizeOnly is accepted: every size is made on first request.",
    auth: "public",
    summary: "The image sizes and formats the media service generates (spec §3 Media sizes)",
    query: z.object({
      autoResizeOnly: z.enum(["true", "false"]).optional().describe("Accepted for the spec's shape: every size is auto-resized"),
      ...pageQueryFields(MEDIA_SIZE_PAGES),
    }),
    response: listOf(
      z.strictObject({
        name: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        fit: z.enum(["cover", "inside"]),
        autoResize: z.boolean(),
      }),
      { extra: { formats: z.array(z.string()) } },
    ),
    handler: ({ query }) => ({
      // Every size is made on first request (media-variant.server.ts), so all are auto-resized.
      ...pageOfAll(
        (Object.keys(MEDIA_SIZES) as MediaSize[]).map((name) => ({ name, ...MEDIA_SIZES[name], autoResize: true })),
        pageRequest(query, MEDIA_SIZE_PAGES),
      ),
      formats: [...MEDIA_FORMATS],
    }),
  }),
};
