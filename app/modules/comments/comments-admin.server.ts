import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod/v4";
import { getDb, type Executor } from "~/.server/db/client.server";
import {
  COMMENT_ENTITIES,
  comments,
  pageTranslations,
  productTranslations,
  users,
  type CommentEntity,
  type CommentStatus,
} from "~/.server/db/schema";
import { DomainError } from "~/.server/domain-error";
import { CSV_MAX_ROWS } from "~/lib/admin-list";
import { href } from "~/lib/routes-table";
import { id, integer, text, typeError } from "~/lib/schema-fields";
import { changedFields, recordAudit } from "~/modules/kernel/audit.server";
import { likePattern, listPage, listQuery } from "~/modules/kernel/list.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { checkVersion } from "~/modules/kernel/versioned.server";
import { getSiteContext } from "~/modules/site/site.server";
import { SITE_ID } from "~/modules/kernel/options";
import { checkInput, commentOptions, type CommentInput } from "./comment-options";
import { COMMENT_STATUSES } from "./comment-states";
import { dataChanged } from "~/modules/kernel/cache-impact.server";

/**
 * Comments in the backoffice (decision 0055): every comment with filters (status,
 * product or post, rating) and search (text, author, what it is on), bulk approve, reject
 * and delete, and one comment's page to edit its text and rating, answer as the shop and
 * delete it. Each change is audited (entity "comment") and clears the ratings cache, which
 * drops the rendered pages that show comments (comments.server.ts).
 */

export const commentListQuery = listQuery(
  { sorts: ["createdAt", "rating"], sort: "createdAt", dir: "desc" },
  {
    status: z.enum(COMMENT_STATUSES).optional(),
    entityType: z.enum(COMMENT_ENTITIES).optional(),
    rating: integer({ min: 1, max: 10 }).optional(),
  },
);
export type CommentListQuery = z.output<typeof commentListQuery>;

export const commentBulkSchema = z.object({ intent: z.enum(["approve", "reject", "delete"]), ids: z.array(id()).max(100).default([]) });

export const commentNotFound = () =>
  new DomainError("commentTargetNotFound", { message: "Not found", key: "comments.notFound", status: 404 });

const entityName = sql<string | null>`case ${comments.entityType}
  when 'product' then (select ${productTranslations.name} from ${productTranslations} where ${productTranslations.productId} = ${comments.entityId} and ${productTranslations.languageCode} = 'hrv' limit 1)
  else (select ${pageTranslations.title} from ${pageTranslations} where ${pageTranslations.pageId} = ${comments.entityId} and ${pageTranslations.languageCode} = 'hrv' limit 1) end`;
const entitySlug = sql<string | null>`case ${comments.entityType}
  when 'product' then (select ${productTranslations.slug} from ${productTranslations} where ${productTranslations.productId} = ${comments.entityId} and ${productTranslations.languageCode} = 'hrv' limit 1)
  else (select ${pageTranslations.slug} from ${pageTranslations} where ${pageTranslations.pageId} = ${comments.entityId} and ${pageTranslations.languageCode} = 'hrv' limit 1) end`;

function where(query: CommentListQuery): SQL | undefined {
  const p = query.q ? likePattern(query.q) : null;
  return and(
    eq(comments.siteId, SITE_ID),
    query.status ? eq(comments.status, query.status) : undefined,
    query.entityType ? eq(comments.entityType, query.entityType) : undefined,
    query.rating ? eq(comments.rating, query.rating) : undefined,
    p
      ? or(
          ilike(comments.content, p),
          ilike(comments.reply, p),
          ilike(users.email, p),
          sql`concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${p}`,
          sql`${entityName} ilike ${p}`,
        )
      : undefined,
  );
}

const columns = {
  id: comments.id,
  entityType: comments.entityType,
  entityId: comments.entityId,
  rating: comments.rating,
  content: comments.content,
  status: comments.status,
  reply: comments.reply,
  createdAt: comments.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  entityName,
  entitySlug,
};

function view(r: { [K in keyof typeof columns]: unknown } & Record<string, unknown>) {
  const entityType = r.entityType as CommentEntity;
  return {
    id: r.id as number,
    entityType,
    entityName: (r.entityName as string | null) ?? `#${r.entityId}`,
    entityHref: r.entitySlug ? href(entityType === "product" ? "product" : "page", "hr", { slug: r.entitySlug as string }) : null,
    author: [r.firstName, r.lastName].filter(Boolean).join(" ") || (r.email as string),
    email: r.email as string,
    rating: r.rating as number | null,
    content: r.content as string,
    status: r.status as CommentStatus,
    reply: r.reply as string,
    createdAt: (r.createdAt as Date).toISOString(),
  };
}

async function selectComments(query: CommentListQuery, limit: number, offset: number) {
  const db = await getDb();
  const direction = query.dir === "asc" ? asc : desc;
  const rows = await db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(where(query))
    .orderBy(direction(query.sort === "rating" ? comments.rating : comments.createdAt), direction(comments.id))
    .limit(limit)
    .offset(offset);
  return rows.map(view);
}
export type CommentListRow = ReturnType<typeof view>;

export async function listAdminComments(query: CommentListQuery) {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(where(query));
  const page = listPage(total, query);
  return { rows: await selectComments(query, page.limit, page.offset), page };
}

/** Every comment of the filtered list in the list's order (the CSV), bounded by CSV_MAX_ROWS. */
export const exportComments = (query: CommentListQuery) => selectComments(query, CSV_MAX_ROWS, 0);

export async function commentDetail(commentId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ ...columns, version: comments.version, repliedAt: comments.repliedAt })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, commentId), eq(comments.siteId, SITE_ID)));
  if (!row) return null;
  return { ...view(row), version: row.version, repliedAt: row.repliedAt?.toISOString() ?? null };
}

type CommentRow = typeof comments.$inferSelect;
const auditView = (r: CommentRow) => ({ status: r.status, rating: r.rating, content: r.content, reply: r.reply });

async function lockComment(tx: Executor, commentId: number): Promise<CommentRow> {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.siteId, SITE_ID)))
    .for("update");
  if (!row) throw commentNotFound();
  return row;
}

async function change(staff: Staff, commentId: number, version: number, action: string, patch: (row: CommentRow) => Partial<CommentRow>) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockComment(tx, commentId);
    checkVersion(before.version, version);
    const [after] = await tx
      .update(comments)
      .set({ ...patch(before), version: before.version + 1 })
      .where(eq(comments.id, commentId))
      .returning();
    await recordAudit(tx, staff, { entity: "comment", entityId: commentId, action, ...changedFields(auditView(before), auditView(after)) });
  });
  await dataChanged("comment");
}

/** The staff's edit of a comment's text and rating, by the same rules a shopper's comment follows. */
export async function editCommentAsStaff(staff: Staff, commentId: number, version: number, input: CommentInput): Promise<void> {
  const clean = checkInput(input, commentOptions((await getSiteContext("hr")).options));
  await change(staff, commentId, version, "edit", () => ({ rating: clean.rating, content: clean.content, updatedAt: new Date() }));
}

/** The shop's answer under the comment; an empty text removes it. */
export async function replyToComment(staff: Staff, commentId: number, version: number, reply: string): Promise<void> {
  await change(staff, commentId, version, reply ? "reply" : "removeReply", () => ({ reply, repliedAt: reply ? new Date() : null }));
}

export async function deleteCommentAsStaff(staff: Staff, commentId: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockComment(tx, commentId);
    checkVersion(before.version, version);
    await tx.delete(comments).where(eq(comments.id, commentId));
    await recordAudit(tx, staff, { entity: "comment", entityId: commentId, action: "delete", before: auditView(before) });
  });
  await dataChanged("comment");
}

const STATUS_OF = { approve: "approved", reject: "rejected" } as const;

/** The list's bulk actions on the ticked comments; how many changed (one already so is skipped). */
export async function changeComments(
  staff: Staff,
  ids: number[],
  intent: "approve" | "reject" | "delete",
): Promise<{ changed: number; skipped: number }> {
  if (ids.length === 0) return { changed: 0, skipped: 0 };
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(comments)
      .where(and(eq(comments.siteId, SITE_ID), inArray(comments.id, ids)))
      .for("update");
    const moving = intent === "delete" ? rows : rows.filter((r) => r.status !== STATUS_OF[intent]);
    for (const row of moving) {
      if (intent === "delete") {
        await tx.delete(comments).where(eq(comments.id, row.id));
        await recordAudit(tx, staff, { entity: "comment", entityId: row.id, action: "delete", before: auditView(row) });
      } else {
        await tx
          .update(comments)
          .set({ status: STATUS_OF[intent], version: row.version + 1 })
          .where(eq(comments.id, row.id));
        await recordAudit(tx, staff, {
          entity: "comment",
          entityId: row.id,
          action: intent,
          before: { status: row.status },
          after: { status: STATUS_OF[intent] },
        });
      }
    }
    return moving.length;
  });
  if (changed > 0) await dataChanged("comment");
  return { changed, skipped: ids.length - changed };
}

/** The comment page's forms. */
export const commentPageSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit"),
    version: integer({ min: 0 }),
    rating: integer({ min: 1, max: 10 }).optional(),
    content: text({ max: 20_000, multiline: true }),
  }),
  z.object({ intent: z.literal("reply"), version: integer({ min: 0 }), reply: text({ max: 2000, multiline: true }) }),
  z.object({
    intent: z.literal("delete"),
    version: integer({ min: 0 }),
    confirm: z.boolean(typeError("adminCommunity.comments.confirmDelete")).refine((v) => v, "adminCommunity.comments.confirmDelete"),
  }),
  z.object({ intent: z.enum(["approve", "reject"]), version: integer({ min: 0 }) }),
]);

export async function moderateAsStaff(staff: Staff, commentId: number, version: number, intent: "approve" | "reject") {
  await change(staff, commentId, version, intent, () => ({ status: STATUS_OF[intent] }));
}
