import { z } from "zod/v4";
import { getCategory, listCategories, listTags } from "~/modules/catalog/catalog-reads.server";
import { layeredNavigation } from "~/modules/catalog/layered-navigation.server";
import { getProductBySlug, getProductForCart } from "~/modules/catalog/product-detail.server";
import { cardsWithGroupPrices } from "~/modules/catalog/group-card-prices.server";
import { productWithGroupPrices } from "~/modules/catalog/product-view";
import { shopperPriceGroup } from "~/modules/customer-group/group-pricing.server";
import { DEFAULT_LIMIT, MAX_LIMIT, searchProducts } from "~/modules/catalog/product-list.server";
import { filtersByAttributeId } from "~/modules/catalog/filter-keys.server";
import type { FilterValue } from "~/modules/catalog/filter-sql.server";
import { defineEndpoint, namedSchemas } from "../api-endpoint";
import { limitField, listOf, listPage, pageFields, pageOfAll, pageRequest } from "../api-lists";
import { ApiError, notFound } from "../api-errors.server";
import { idParam } from "../api-router.server";
import { filtersSchema, productCardSchema } from "./catalog-schemas";
import { bundlePartSchema, layeredFilterSchema, productDetailSchema } from "./product-schemas";
import { ID_MAX } from "./shared-schemas";

/**
 * Spec §7 Product: the catalogue reads of a storefront, each through the service the HTML
 * shop uses (product-list, layered-navigation, product-detail, the catalogue meta). Only
 * listable products (visible, not archived) ever come out; the language is X-Language-Code.
 * Limits (decision 0060): limit ≤ 100 per call; with allowUnlimited up to the service's own
 * cap (MAX_LIMIT, 480), never more.
 */
export const API_LIST_LIMIT = 100;
/** Spec §9 product list default limit 10; up to MAX_LIMIT with allowUnlimited. */
const PRODUCT_PAGES = { perPage: DEFAULT_LIMIT, maxPerPage: MAX_LIMIT };
/** The shop's tags: a page holds them all unless asked for fewer. */
const TAG_PAGES = { perPage: 100, maxPerPage: 100 };

const idSchema = z.number().int().positive().max(ID_MAX);
const queryInt = z
  .string()
  .regex(/^\d{1,9}$/, "Expected a positive whole number")
  .transform(Number);

const categorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  sortTypes: z.array(z.number().int().min(1).max(8)),
  sortDefaultType: z.number().int(),
  mediaId: z.number().int().nullable(),
});
/**
 * A tree node: its sub-categories in `children`, each the same shape, at any depth. The id
 * makes the document name it once (components/schemas/CategoryNode) and refer to itself.
 */
type CategoryNode = z.output<typeof categorySchema> & { children?: CategoryNode[] };
const categoryNodeSchema: z.ZodType<CategoryNode> = categorySchema
  .extend({
    get children() {
      return z.array(categoryNodeSchema).optional();
    },
  })
  .register(namedSchemas, { id: "CategoryNode" });

const UNKNOWN_FILTER = "Unknown filter: not an attribute code or id (layered/navigation attributeCode, attributeID)";

/** The body's filters keyed by attribute id; a key naming no attribute is refused, never searched without. */
async function attributeFilters(filters: Record<string, FilterValue> | undefined) {
  const { filters: byId, unknown } = await filtersByAttributeId(filters);
  if (unknown.length === 0) return byId;
  const errors = unknown.map((key) => ({ field: `body.filters.${key}`, message: UNKNOWN_FILTER }));
  throw new ApiError(400, `Invalid ${errors[0].field}: ${errors[0].message}`, errors);
}
const FILTER_ERRORS = [{ status: 400, message: `Invalid body.filters.<key>: ${UNKNOWN_FILTER}` }];

const filterBody = z.object({
  filters: filtersSchema.optional(),
  keywords: z.string().max(200).optional().describe("Words of the name, SKU or description (diacritics and case ignored)"),
  mainCategory: idSchema.optional().describe("The category view's main category: its products and its sub-categories'"),
  categoryId: idSchema.optional().describe("A category: its products and its sub-categories' (wins over mainCategory)"),
  select: z.array(z.string().max(60)).max(50).optional().describe("Fields asked for (spec §7); cards always carry all of theirs"),
  ...pageFields(PRODUCT_PAGES),
  ...limitField(PRODUCT_PAGES),
  /** Spec §9 sort option 1..8; restricted to the category's sortTypes (spec §5). */
  sort: z.number().int().min(1).max(8).optional().describe("Spec §9 sort option 1..8, within the category's sortTypes (category/get)"),
  allowUnlimited: z.boolean().optional().describe(`Lets limit go up to ${MAX_LIMIT}`),
  featured: z.boolean().optional().describe("Only the featured products (tagged Top proizvodi)"),
  discount: z.boolean().optional().describe("Only discounted products"),
});

export const catalogEndpoints = {
  "product.layered.navigation": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/product/layered/navigation",
    service: "product",
    description:
      "categoryId (or mainCategory): the category whose products count, with its sub-categories. filters: the active filters, as product/web/filter takes them (keyed by attribute code or id). Each value's totalProducts counts the products that match every other active filter, so a client shows what ticking it adds.",
    auth: "public",
    summary: "The filter panel of a category: filterable attributes with per-value product counts (faceted)",
    body: z.object({ filters: filtersSchema.optional(), categoryId: idSchema.optional(), mainCategory: idSchema.optional() }),
    response: z.object({ filters: z.array(layeredFilterSchema) }),
    errors: FILTER_ERRORS,
    handler: async ({ body, locale }) => ({
      filters: await layeredNavigation(
        { categoryId: body.categoryId ?? body.mainCategory, filters: await attributeFilters(body.filters) },
        locale,
      ),
    }),
  }),
  "product.web.get": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/product/web/get",
    service: "product",
    description:
      "By slug in the call's language (else the Croatian slug: redirectTo then names the language's own) or by id. Money in cents, VAT included: prices.finalCents is what one piece costs (one running metre when priceUnit is metre: the line's price follows the length option), retailCents the price before a discount, membershipCents the member card price. A configurable product is bought as a variant: configuration.associatedProducts (each with its own prices and stock), chosen by associatedProductsAttributes' values. A bundle's parts are in bundle.parts. customOptions: what addItem takes in options.personalizations. store and currency are accepted for the spec's shape.",
    auth: "public",
    summary: "A product page's data by slug (in the language, else the Croatian slug) or by id; hidden or archived products are 404",
    query: z.object({
      slug: z.string().min(1).max(200).optional().describe("The product's slug in the call's language, or its Croatian slug"),
      id: queryInt.optional().describe("The product's id (instead of slug)"),
      store: z.string().max(20).optional().describe("Accepted for the spec's shape (one store)"),
      currency: z.string().max(20).optional().describe("Accepted for the spec's shape (one currency)"),
    }),
    response: z.object({
      product: productDetailSchema,
      categoryPath: z
        .array(z.object({ name: z.string(), href: z.string() }))
        .describe("The breadcrumb's categories, top first (empty when asked by id)"),
      redirectTo: z.string().nullable().describe("The product's own path in the call's language when another slug was asked for"),
    }),
    errors: [
      { status: 400, message: "Give a slug or an id" },
      { status: 404, message: "Product not found" },
    ],
    handler: async ({ query, locale, shopper }) => {
      // A customer group's bearer token gets the group's prices, as the product page shows them (decision 0107).
      const group = await shopperPriceGroup(await shopper());
      if (query.slug) {
        const found = await getProductBySlug(query.slug, locale);
        if (!found) throw notFound("Product not found");
        return { ...found, product: productWithGroupPrices(found.product, group) };
      }
      if (query.id === undefined) throw new ApiError(400, "Give a slug or an id");
      const product = await getProductForCart(query.id, locale);
      if (!product) throw notFound("Product not found");
      return { product: productWithGroupPrices(product, group), categoryPath: [], redirectTo: null };
    },
  }),
  "product.web.filter": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/product/web/filter",
    service: "product",
    auth: "public",
    summary: "Product search and filter (spec §5): empty without keywords, filters, main category, select, limit or page",
    description: `perPage (or the spec's limit) defaults to 10 and is at most ${API_LIST_LIMIT}; with allowUnlimited it may go up to ${MAX_LIMIT}. Sort 1..8 (spec §9), restricted to the category's sortTypes.`,
    body: filterBody,
    response: listOf(productCardSchema),
    errors: [{ status: 400, message: `Invalid body.perPage: at most ${API_LIST_LIMIT} without allowUnlimited` }, ...FILTER_ERRORS],
    handler: async ({ body, locale, shopper }) => {
      const asked = pageRequest(body, PRODUCT_PAGES);
      if (asked.perPage > API_LIST_LIMIT && !body.allowUnlimited) {
        throw new ApiError(400, `Invalid body.perPage: at most ${API_LIST_LIMIT} without allowUnlimited`, [
          { field: "body.perPage", message: `At most ${API_LIST_LIMIT} without allowUnlimited` },
        ]);
      }
      const { allowUnlimited: _unused, perPage: _perPage, ...query } = { ...body, filters: await attributeFilters(body.filters) };
      // A call naming neither page nor size is the spec's empty query (spec §5), as before.
      const sized = body.perPage === undefined ? query : { ...query, limit: asked.perPage };
      const [list, group] = await Promise.all([searchProducts(sized, locale), shopper().then(shopperPriceGroup)]);
      return listPage(await cardsWithGroupPrices(list.records, group), asked, list.totalRecords);
    },
  }),
  "product.web.category.get": defineEndpoint({
    cacheable: true,
    method: "GET",
    path: "/product/web/category/get/:id",
    service: "product",
    description:
      "sortTypes: the sort options (spec §9, 1..8) product/web/filter takes in this category; sortDefaultType the default. mediaId: the category's image in the media library.",
    params: { id: "The category's id" },
    auth: "public",
    summary: "A product category in the language, with its allowed sort options",
    response: z.object({ category: categorySchema }),
    errors: [{ status: 404, message: "Category not found" }],
    handler: async ({ params, locale }) => {
      const category = await getCategory(idParam(params.id), locale);
      if (!category) throw notFound("Category not found");
      return { category };
    },
  }),
  "product.web.category.filter": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/product/web/category/filter",
    service: "product",
    description:
      "tree true (the default): the top categories with their sub-categories in children, at any depth; false: a flat list by id. filters.parentId: only the children of that category. sort is accepted for the spec's shape.",
    auth: "public",
    summary: "Product categories: the tree (tree true, the default) or a flat list by id ascending",
    body: z.object({
      filters: z.object({ parentId: idSchema.nullable().optional() }).optional(),
      tree: z.boolean().optional(),
      sort: z.string().max(40).optional(),
    }),
    response: z.object({ categories: z.array(categoryNodeSchema) }),
    handler: async ({ body, locale }) => ({
      categories: await listCategories(locale, { parentId: body.filters?.parentId ?? null, tree: body.tree ?? true }),
    }),
  }),
  "product.web.tag.filter": defineEndpoint({
    cacheable: true,
    method: "POST",
    readOnly: true,
    path: "/product/web/tag/filter",
    service: "product",
    description: "keywords: part of the tag's name; without it every tag.",
    auth: "public",
    summary: "Product tags of the shop, by name",
    body: z.object({ keywords: z.string().max(100).optional(), ...pageFields(TAG_PAGES) }),
    response: listOf(z.strictObject({ id: z.number().int(), name: z.string() })),
    handler: async ({ body }) => pageOfAll(await listTags(body), pageRequest(body, TAG_PAGES)),
  }),
  "product.checkBundles": defineEndpoint({
    method: "GET",
    path: "/product/checkBundles",
    service: "product",
    description:
      "product: the product's id. isBundle false: an ordinary product (parts empty). hasConfigurableParts: addItem needs options.bundleOptions for the parts that are configurable.",
    auth: "public",
    summary: "Whether a product is a bundle, and its parts (product, quantity, format)",
    query: z.object({ product: queryInt.describe("The product's id") }),
    response: z.object({
      productId: z.number().int(),
      isBundle: z.boolean(),
      hasConfigurableParts: z.boolean(),
      parts: z.array(bundlePartSchema),
    }),
    errors: [{ status: 404, message: "Product not found" }],
    handler: async ({ query, locale }) => {
      const product = await getProductForCart(query.product, locale);
      if (!product) throw notFound("Product not found");
      return {
        productId: product.id,
        isBundle: !!product.bundle,
        hasConfigurableParts: product.bundle?.hasConfigurableParts ?? false,
        parts: product.bundle?.parts ?? [],
      };
    },
  }),
};
