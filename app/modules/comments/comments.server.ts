import { and, asc, avg, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { customersChanged } from "~/.server/customer-views.server";
import { namedCache } from "~/.server/cache.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import { getDb } from "~/.server/db/client.server";
import {
  comments,
  pages,
  pageTranslations,
  products,
  productTranslations,
  users,
  type CommentEntity,
  type CommentStatus,
} from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { href } from "~/lib/routes-table";
import type { CurrentUser } from "~/.server/shopper.server";
import { livePost } from "~/modules/blog/blog.server";
import { getSiteContext } from "~/modules/site/site.server";
import { checkInput, commentOptions, MAX_COMMENT_LENGTH, type CommentInput, type CommentOptions } from "./comment-options";

export type CommentView = {
  id: number;
  author: string;
  rating: number | null;
  content: string;
  date: string;
  own: boolean;
  pending: boolean;
  editable: boolean;
  /** The shop's answer (backoffice, decision 0055), shown under the comment; null without one. */
  reply: { text: string; date: string } | null;
};
/** open: the form; login: a login link instead (loggedUsersOnly); closed: comments off; oneUserOneComment: already commented. */
export type CommentFormState = "open" | "login" | "closed" | "oneUserOneComment";
export type RatingSummary = { average: number; count: number };
export type CommentsData = {
  entityType: CommentEntity;
  entityId: number;
  comments: CommentView[];
  summary: RatingSummary | null;
  form: { state: CommentFormState; stars: number; requireRating: boolean; requireContent: boolean; maxLength: number };
};
export type { CommentInput };

// Averages of approved ratings per product: the product page reads them on every visit.
// Cleared whenever an approved comment appears or changes, which also drops the rendered
// anonymous pages that showed the old figures (the rendered-page cache is derived).
const ratings = namedCache<RatingSummary>("ratings", { ttlSeconds: 600 });

async function options(): Promise<CommentOptions> {
  return commentOptions((await getSiteContext("hr")).options);
}

/** The comment and rating options as the shop applies them (spec §7 comment/getOptions). */
export const getCommentOptions = options;

const displayName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName ? `${u.lastName.slice(0, 1)}.` : ""].filter(Boolean).join(" ") || "—";

function enabledFor(entityType: CommentEntity, opts: CommentOptions) {
  if (entityType === "product") return opts.onSite.products;
  return opts.onSite.posts && opts.blogComments !== "disabled";
}

/** Comments of a product or post for one viewer: the approved ones and the viewer's own waiting ones. */
export async function loadComments(entityType: CommentEntity, entityId: number, user: CurrentUser | null): Promise<CommentsData | null> {
  const opts = await options();
  if (!enabledFor(entityType, opts)) return null;
  const db = await getDb();
  const visible = user
    ? or(eq(comments.status, "approved"), and(eq(comments.userId, user.id), eq(comments.status, "pending")))
    : eq(comments.status, "approved");
  const rows = await db
    .select({
      id: comments.id,
      userId: comments.userId,
      rating: comments.rating,
      content: comments.content,
      status: comments.status,
      createdAt: comments.createdAt,
      reply: comments.reply,
      repliedAt: comments.repliedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.entityType, entityType), eq(comments.entityId, entityId), visible))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  const views = rows.map((r) => ({
    id: r.id,
    author: displayName(r),
    rating: r.rating,
    content: r.content,
    date: r.createdAt.toISOString(),
    own: r.userId === user?.id,
    pending: r.status === "pending",
    editable: r.userId === user?.id && opts.userCanEdit,
    reply: r.reply ? { text: r.reply, date: (r.repliedAt ?? r.createdAt).toISOString() } : null,
  }));
  let state: CommentFormState = "open";
  if (!user) state = "login";
  else if (opts.oneUserOneComment && (await ownCount(entityType, entityId, user.id)) > 0) state = "oneUserOneComment";
  return {
    entityType,
    entityId,
    comments: views,
    summary: await ratingSummary(entityType, entityId),
    form: {
      state,
      stars: opts.stars,
      requireRating: opts.requireRating,
      requireContent: opts.requireContent,
      maxLength: MAX_COMMENT_LENGTH,
    },
  };
}

async function ownCount(entityType: CommentEntity, entityId: number, userId: number) {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.entityType, entityType),
        eq(comments.entityId, entityId),
        eq(comments.userId, userId),
        ne(comments.status, "rejected"),
      ),
    );
  return n;
}

/** The average of approved ratings (null without any), cached per entity. */
export async function ratingSummary(entityType: CommentEntity, entityId: number): Promise<RatingSummary | null> {
  const summary = await ratings.wrap(`${entityType}:${entityId}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ average: avg(comments.rating), n: count(comments.rating) })
      .from(comments)
      .where(and(eq(comments.entityType, entityType), eq(comments.entityId, entityId), eq(comments.status, "approved")));
    return { average: row.n ? Math.round(Number(row.average) * 10) / 10 : 0, count: row.n };
  });
  return summary.count ? summary : null;
}

async function entityExists(entityType: CommentEntity, entityId: number): Promise<boolean> {
  const db = await getDb();
  const rows =
    entityType === "product"
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, entityId), eq(products.siteId, SITE_ID), eq(products.archived, false)))
      : await db
          .select({ id: pages.id })
          .from(pages)
          .where(and(eq(pages.id, entityId), livePost()));
  return rows.length > 0;
}

/** A new comment: waits for approval with RequireAdminPublishing, else is published at once. */
export async function postComment(
  user: CurrentUser | null,
  entityType: CommentEntity,
  entityId: number,
  input: CommentInput,
): Promise<{ status: CommentStatus }> {
  const opts = await options();
  if (!enabledFor(entityType, opts))
    throw new DomainError("commentsClosed", { message: "Comments are closed", key: "comments.closed", status: 403 });
  if (!user) throw new DomainError("loginRequired", { message: "Logged users only", key: "comments.loggedUsersOnly", status: 401 });
  if (!(await entityExists(entityType, entityId)))
    throw new DomainError("commentTargetNotFound", { message: "Not found", key: "comments.notFound", status: 404 });
  const clean = checkInput(input, opts);
  const status: CommentStatus = opts.requireAdminPublishing ? "pending" : "approved";
  const db = await getDb();
  await db.transaction(async (tx) => {
    // One comment per user and entity: the user's row lock makes two quick posts take turns.
    await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
    if (opts.oneUserOneComment) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(comments)
        .where(
          and(
            eq(comments.entityType, entityType),
            eq(comments.entityId, entityId),
            eq(comments.userId, user.id),
            ne(comments.status, "rejected"),
          ),
        );
      if (n > 0)
        throw new DomainError("oneCommentPerUser", { message: "One user one comment", key: "comments.oneUserOneComment", status: 409 });
    }
    await tx
      .insert(comments)
      .values({ siteId: SITE_ID, entityType, entityId, userId: user.id, rating: clean.rating, content: clean.content, status });
  });
  // Their own comment on the page: the kept page for customers is no longer theirs there.
  await customersChanged();
  if (status === "approved") await dataChanged("comment");
  return { status };
}

/** The author edits a comment (UserCanEditComment); an edited comment waits for approval again when publishing needs it. */
export async function editComment(user: CurrentUser | null, commentId: number, input: CommentInput): Promise<{ status: CommentStatus }> {
  const opts = await options();
  if (!user) throw new DomainError("loginRequired", { message: "Logged users only", key: "comments.loggedUsersOnly", status: 401 });
  const db = await getDb();
  const [row] = await db.select().from(comments).where(eq(comments.id, commentId));
  if (!row) throw new DomainError("commentTargetNotFound", { message: "Not found", key: "comments.notFound", status: 404 });
  if (row.userId !== user.id || !opts.userCanEdit || row.status === "rejected")
    throw new DomainError("commentEditNotAllowed", {
      message: "Comment edit not allowed",
      key: "comments.commentEditNotAllowed",
      status: 403,
    });
  const clean = checkInput(input, opts);
  const status: CommentStatus = opts.requireAdminPublishing ? "pending" : "approved";
  await db
    .update(comments)
    .set({ rating: clean.rating, content: clean.content, status, updatedAt: new Date() })
    .where(eq(comments.id, commentId));
  if (row.status === "approved" || status === "approved") await dataChanged("comment");
  return { status };
}

export type PendingComment = {
  id: number;
  entityType: CommentEntity;
  entityName: string;
  entityHref: string;
  author: string;
  email: string;
  rating: number | null;
  content: string;
  date: string;
};

/** The admin queue: comments waiting for approval, oldest first; entities named and linked in Croatian. */
export async function listPendingComments(): Promise<PendingComment[]> {
  const db = await getDb();
  const rows = await db
    .select({ c: comments, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.siteId, SITE_ID), eq(comments.status, "pending")))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(200);
  const ids = (type: CommentEntity) => [...new Set(rows.filter((r) => r.c.entityType === type).map((r) => r.c.entityId))];
  const [productNames, postTitles] = await Promise.all([
    ids("product").length
      ? db
          .select({ id: productTranslations.productId, name: productTranslations.name, slug: productTranslations.slug })
          .from(productTranslations)
          .where(and(inArray(productTranslations.productId, ids("product")), eq(productTranslations.languageCode, "hrv")))
      : [],
    ids("post").length
      ? db
          .select({ id: pageTranslations.pageId, name: pageTranslations.title, slug: pageTranslations.slug })
          .from(pageTranslations)
          .where(and(inArray(pageTranslations.pageId, ids("post")), eq(pageTranslations.languageCode, "hrv")))
      : [],
  ]);
  const names = { product: new Map(productNames.map((p) => [p.id, p])), post: new Map(postTitles.map((p) => [p.id, p])) };
  return rows.map(({ c, ...u }) => {
    const entity = names[c.entityType].get(c.entityId);
    return {
      id: c.id,
      entityType: c.entityType,
      entityName: entity?.name ?? `#${c.entityId}`,
      entityHref: entity ? href(c.entityType === "product" ? "product" : "page", "hr", { slug: entity.slug }) : "/",
      author: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email,
      email: u.email,
      rating: c.rating,
      content: c.content,
      date: c.createdAt.toISOString(),
    };
  });
}

/** Approve or reject a waiting comment; an approval changes the averages and the pages that show them. */
export async function moderateComment(commentId: number, status: "approved" | "rejected"): Promise<void> {
  const db = await getDb();
  const updated = await db
    .update(comments)
    .set({ status })
    .where(and(eq(comments.id, commentId), eq(comments.status, "pending")))
    .returning({ id: comments.id });
  if (updated.length === 0) throw new DomainError("commentTargetNotFound", { message: "Not found", key: "comments.notFound", status: 404 });
  if (status === "approved") await dataChanged("comment");
}
