import { z } from "zod/v4";

/**
 * The one shape of every list the API answers (decision 0129): `{ records, page, perPage,
 * totalRecords, totalPages }` (spec §3 "totalPages, totalRecords and records"), asked for with
 * the same `page` and bounded `perPage` everywhere (in the body of a POST, the query of a GET).
 * A page past the end is empty and names the page asked for, so a "load more" client stops,
 * where the shop's HTML pages (and the services they share) show the last page instead.
 *
 * The list's schema is made here and remembered, so that the OpenAPI document marks the call
 * (`x-pagination`) and a test can walk every list without a hand-kept list of them.
 */
export const API_MAX_PAGE = 100_000;

/** A list's page size: the default when none is asked for, and the most a call may ask for. */
export type ListBounds = { perPage: number; maxPerPage: number };

/** The page a call asks for, resolved against its bounds. */
export type PageRequest = { page: number; perPage: number };

export type ListPage<T> = { records: T[]; page: number; perPage: number; totalRecords: number; totalPages: number };

/** Where a list's records travel, as the document says it (`x-pagination`). */
export type ListMarker = { records: string };
const lists = new WeakMap<z.ZodType, ListMarker>();

const pageSchema = <S extends z.ZodType>(schema: S) => schema.describe("The page, from 1; a page past the end is empty") as S;
const perPageSchema = <S extends z.ZodType>(schema: S, { perPage, maxPerPage }: ListBounds) =>
  schema.describe(`Records a page: ${perPage} unless asked, at most ${maxPerPage}`) as S;
const limitSchema = <S extends z.ZodType>(schema: S) =>
  schema.describe("The spec's name of perPage (perPage wins when both are sent)") as S;

/** The body fields of a POST list: `page` and a bounded `perPage`. */
export function pageFields(bounds: ListBounds) {
  return {
    page: pageSchema(z.number().int().min(1).max(API_MAX_PAGE)).optional(),
    perPage: perPageSchema(z.number().int().min(1).max(bounds.maxPerPage), bounds).optional(),
  };
}

/** The spec's `limit` for perPage, on the calls whose spec §7 body names it (web/filter, term/filterStandard, consents). */
export function limitField(bounds: ListBounds) {
  return { limit: limitSchema(z.number().int().min(1).max(bounds.maxPerPage)).optional() };
}

/** The same as query parameters of a GET list (text in the URL). */
export function pageQueryFields(bounds: ListBounds) {
  return {
    page: pageSchema(z.coerce.number<string | number>().int().min(1).max(API_MAX_PAGE)).optional(),
    perPage: perPageSchema(z.coerce.number<string | number>().int().min(1).max(bounds.maxPerPage), bounds).optional(),
  };
}

/** `limit` as a query parameter (spec §4: the wishlist is refetched with limit 9999). */
export function limitQueryField(bounds: ListBounds) {
  return { limit: limitSchema(z.coerce.number<string | number>().int().min(1).max(bounds.maxPerPage)).optional() };
}

/** The page a call's parsed input asks for. */
export function pageRequest(input: { page?: number; perPage?: number; limit?: number } | undefined, bounds: ListBounds): PageRequest {
  return { page: input?.page ?? 1, perPage: input?.perPage ?? input?.limit ?? bounds.perPage };
}

export const pageCount = (totalRecords: number, perPage: number) => Math.max(1, Math.ceil(totalRecords / perPage));

/**
 * The answer for a page whose records a service read (it may have read the last page for one
 * past the end, as the HTML pages show): past the end the records are none.
 */
export function listPage<T>(records: T[], asked: PageRequest, totalRecords: number): ListPage<T> {
  const totalPages = pageCount(totalRecords, asked.perPage);
  return { records: asked.page > totalPages ? [] : records, page: asked.page, perPage: asked.perPage, totalRecords, totalPages };
}

/** The page of a list read whole (a handful of rows: terms, consents, domains). */
export function pageOfAll<T>(all: T[], asked: PageRequest): ListPage<T> {
  const start = (asked.page - 1) * asked.perPage;
  return listPage(all.slice(start, start + asked.perPage), asked, all.length);
}

type ListShape<T extends z.ZodType, K extends string> = { [P in K]: z.ZodArray<T> } & {
  page: z.ZodNumber;
  perPage: z.ZodNumber;
  totalRecords: z.ZodNumber;
  totalPages: z.ZodNumber;
};

/**
 * The schema of a list of `record`: the one shape, with what else the call answers beside its
 * records (`extra`). `recordsKey` only where spec §7 fixes another name (consent filter: data.data).
 */
export function listOf<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>, K extends "records" | "data" = "records">(
  record: T,
  { extra, recordsKey }: { extra?: E; recordsKey?: K } = {},
) {
  const key = recordsKey ?? "records";
  const shape = {
    [key]: z.array(record),
    page: z.number().int().describe("The page asked for"),
    perPage: z.number().int(),
    totalRecords: z.number().int(),
    totalPages: z.number().int().describe("At least 1; a page after it is empty"),
    ...extra,
  } as ListShape<T, K> & E;
  const schema = z.strictObject(shape);
  lists.set(schema, { records: key });
  return schema;
}

/** Whether (and how) a response schema is a list of the one shape. */
export const listMarker = (schema: z.ZodType): ListMarker | undefined => lists.get(schema);
