import { z } from "zod/v4";
import { COMMENT_ENTITIES } from "~/.server/db/schema";
import { MAX_COMMENT_LENGTH, MAX_STARS } from "~/modules/comments/comment-options";
import { editComment, getCommentOptions, loadComments, postComment } from "~/modules/comments/comments.server";
import { defineEndpoint } from "../api-endpoint";
import { listOf, pageFields, pageOfAll, pageRequest } from "../api-lists";
import { notFound } from "../api-errors.server";
import { idParam } from "../api-router.server";
import { ID_MAX } from "./shared-schemas";

/**
 * Comments and ratings of products and posts (spec §7 CMS comments), through the same
 * service as the comment block of the HTML pages (app/modules/comments).
 */

const commentSchema = z.object({
  id: z.number().int(),
  author: z.string().describe("First name and the initial of the last name"),
  rating: z.number().int().nullable(),
  content: z.string(),
  date: z.string().describe("ISO 8601"),
  own: z.boolean(),
  pending: z.boolean().describe("The caller's own comment waiting for approval"),
  editable: z.boolean(),
  reply: z.object({ text: z.string(), date: z.string() }).nullable(),
});

const commentOptionsSchema = z.object({
  requireAdminPublishing: z.boolean(),
  requireRating: z.boolean(),
  requireContent: z.boolean(),
  stars: z.number().int(),
  blogComments: z.enum(["loggedUsersOnly", "disabled"]),
  userCanEdit: z.boolean(),
  oneUserOneComment: z.boolean(),
  onSite: z.object({ products: z.boolean(), posts: z.boolean() }),
});

/** What a comment holds (the service checks the rating against the stars and the shop's rules). */
const commentInput = {
  rating: z
    .number()
    .int()
    .min(1)
    .max(MAX_STARS)
    .nullable()
    .default(null)
    .describe(`Stars, 1 to the shop's scale (comment/getOptions stars: 5 unless set, at most ${MAX_STARS}); null: no rating`),
  content: z
    .string()
    .max(MAX_COMMENT_LENGTH * 2)
    .default("")
    .describe(`The comment's text, at most ${MAX_COMMENT_LENGTH} characters after trimming`),
};

/** A product's or post's comments: a page holds 100 unless asked for fewer. */
const COMMENT_PAGES = { perPage: 100, maxPerPage: 100 };

const COMMENT_RULE_ERRORS = [
  { status: 400, message: "Invalid rating" },
  { status: 400, message: "Comment too long" },
  { status: 400, message: "Empty comment" },
  { status: 400, message: "A comment requires a rating" },
  { status: 400, message: "A rating requires a comment" },
];

export const commentEndpoints = {
  "cms.comment.filterStandard": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/comment/filterStandard",
    service: "cms",
    description:
      "entityType product or post, entityId its id. form says what the caller may do: state open (may comment), login (send a token: loggedUsersOnly), closed, or oneUserOneComment (has commented); stars, requireRating and requireContent are the rules comment/create checks.",
    auth: "public",
    summary:
      "The published comments of a product or post, newest first, with the rating summary (and, with a token, the caller's own waiting ones)",
    body: z.object({
      entityType: z.enum(COMMENT_ENTITIES),
      entityId: z.number().int().positive().max(ID_MAX),
      ...pageFields(COMMENT_PAGES),
    }),
    response: listOf(commentSchema, {
      extra: {
        summary: z.object({ average: z.number(), count: z.number().int() }).nullable(),
        form: z.object({
          state: z
            .enum(["open", "login", "closed", "oneUserOneComment"])
            .describe("login: loggedUsersOnly; oneUserOneComment: the caller has commented"),
          stars: z.number().int(),
          requireRating: z.boolean(),
          requireContent: z.boolean(),
          maxLength: z.number().int(),
        }),
      },
    }),
    errors: [{ status: 404, message: "Comments are closed" }],
    handler: async ({ body, user }) => {
      const data = await loadComments(body.entityType, body.entityId, await user());
      if (!data) throw notFound("Comments are closed");
      return { ...pageOfAll(data.comments, pageRequest(body, COMMENT_PAGES)), summary: data.summary, form: data.form };
    },
  }),
  "cms.comment.create": defineEndpoint({
    method: "POST",
    path: "/cms/comment/create",
    service: "cms",
    auth: "public",
    strict: true,
    summary: "A new comment (and rating) on a product or post; waits for approval with RequireAdminPublishing",
    description: "Logged users only (send the bearer token); one comment per user when OneUserOneComment is on.",
    body: z.object({ entityType: z.enum(COMMENT_ENTITIES), entityId: z.number().int().positive().max(ID_MAX), ...commentInput }),
    response: z.object({ status: z.enum(["pending", "approved"]) }),
    errors: [
      { status: 401, message: "Logged users only" },
      { status: 403, message: "Comments are closed" },
      { status: 404, message: "Not found" },
      { status: 409, message: "One user one comment" },
      ...COMMENT_RULE_ERRORS,
    ],
    handler: async ({ body, user }) => {
      const { status } = await postComment(await user(), body.entityType, body.entityId, { rating: body.rating, content: body.content });
      return { status: status === "approved" ? ("approved" as const) : ("pending" as const) };
    },
  }),
  "cms.comment.update": defineEndpoint({
    method: "PATCH",
    path: "/cms/comment/update/:id",
    service: "cms",
    description: "rating and content as comment/create takes them. The comment waits for approval again when the shop requires it.",
    params: { id: "The comment's id (comment/filterStandard records[].id, own true)" },
    auth: "customer",
    summary: "The author edits their comment (when UserCanEditComment is on)",
    body: z.object(commentInput),
    response: z.object({ status: z.enum(["pending", "approved"]) }),
    errors: [{ status: 403, message: "Comment edit not allowed" }, { status: 404, message: "Not found" }, ...COMMENT_RULE_ERRORS],
    handler: async ({ body, params, user }) => {
      const { status } = await editComment(await user(), idParam(params.id), { rating: body.rating, content: body.content });
      return { status: status === "approved" ? ("approved" as const) : ("pending" as const) };
    },
  }),
  "cms.comment.getOptions": defineEndpoint({
    method: "POST",
    readOnly: true,
    path: "/cms/comment/getOptions",
    service: "cms",
    description: "stars: the rating scale (a rating is 1..stars). store_id is accepted for the spec's shape (one store).",
    auth: "public",
    summary: "The comment and rating options of the store",
    body: z.object({ store_id: z.number().int().positive().max(ID_MAX).optional() }).default({}),
    response: commentOptionsSchema,
    handler: () => getCommentOptions(),
  }),
};
