import { DomainError } from "~/.server/domain-error";

/**
 * The comment and rating options of the CMS (spec §1, §3 CMS option keys, §5), read from
 * the site's options with the built-in values as defaults.
 */
export type CommentOptions = {
  requireAdminPublishing: boolean;
  /** RequireRatingForComment: a comment must come with a rating. */
  requireRating: boolean;
  /** RequireCommentForRating: a rating must come with a comment. */
  requireContent: boolean;
  stars: number;
  /** CanCommentOnBlog: 'loggedUsersOnly' (built in); false or 'disabled' turns blog comments off. */
  blogComments: "loggedUsersOnly" | "disabled";
  userCanEdit: boolean;
  oneUserOneComment: boolean;
  onSite: { products: boolean; posts: boolean };
};

export const MAX_COMMENT_LENGTH = 2000;
/** The most stars the option NumberOfStars may set (5 when unset); a rating is 1 to the shop's stars. */
export const MAX_STARS = 10;
const DEFAULT_STARS = 5;

const bool = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);

export function commentOptions(options: Record<string, unknown>): CommentOptions {
  const stars = Number(options.NumberOfStars);
  const onSite = (options.OnSiteCommentOptions ?? {}) as { products?: unknown; posts?: unknown };
  const blog = options.CanCommentOnBlog;
  return {
    requireAdminPublishing: bool(options.RequireAdminPublishing, true),
    requireRating: bool(options.RequireRatingForComment, true),
    requireContent: bool(options.RequireCommentForRating, true),
    stars: Number.isInteger(stars) && stars >= 1 && stars <= MAX_STARS ? stars : DEFAULT_STARS,
    blogComments: blog === false || blog === "disabled" ? "disabled" : "loggedUsersOnly",
    userCanEdit: bool(options.UserCanEditComment, true),
    oneUserOneComment: bool(options.OneUserOneComment, false),
    onSite: { products: bool(onSite.products, true), posts: bool(onSite.posts, true) },
  };
}

export type CommentInput = { rating: number | null; content: string };

/** The spec's rules on what a comment must hold (§1, §5): both directions, 1..NumberOfStars, a length limit. */
export function checkInput(input: CommentInput, opts: CommentOptions): CommentInput {
  const content = input.content.trim();
  const rating = input.rating;
  if (rating !== null && (!Number.isInteger(rating) || rating < 1 || rating > opts.stars))
    throw new DomainError("invalidRating", { message: "Invalid rating", key: "comments.invalidRating", values: { stars: opts.stars } });
  if (content.length > MAX_COMMENT_LENGTH)
    throw new DomainError("commentTooLong", { message: "Comment too long", key: "comments.tooLong", values: { max: MAX_COMMENT_LENGTH } });
  if (!content && rating === null) throw new DomainError("emptyComment", { message: "Empty comment", key: "comments.empty" });
  if (content && rating === null && opts.requireRating)
    throw new DomainError("ratingRequired", { message: "A comment requires a rating", key: "comments.ratingRequired" });
  if (rating !== null && !content && opts.requireContent)
    throw new DomainError("commentRequired", { message: "A rating requires a comment", key: "comments.commentRequired" });
  return { rating, content };
}
