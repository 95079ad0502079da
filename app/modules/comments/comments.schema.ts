import { z } from "zod/v4";
import { COMMENT_ENTITIES } from "~/.server/db/schema";
import { FIELD_MAX_LENGTH, INT4_MAX, id as rowId, optionalText, text } from "~/lib/schema-fields";

/**
 * The comment form's post (spec §1, §5): a new comment on a product or post, or the
 * author's edit. The rules on what a comment must hold (rating and text both ways, the
 * stars, the length) depend on the shop's comment options and are the service's
 * (`checkInput`), answered as toasts.
 */
const id = rowId();
const common = {
  // Bounded here; the service answers a rating beyond the stars and a too-long text with its own toasts.
  rating: z.number().min(-INT4_MAX).max(INT4_MAX).optional(),
  content: text({ max: FIELD_MAX_LENGTH, multiline: true }),
  redirectTo: optionalText({ max: 2000 }),
};

export const commentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), entityType: z.enum(COMMENT_ENTITIES), entityId: id, ...common }),
  z.object({ intent: z.literal("edit"), commentId: id, ...common }),
]);

/** The admin's decision on a waiting comment (routes/admin/content/admin.comments.tsx). */
export const moderateCommentSchema = z.object({ commentId: id, intent: z.enum(["approve", "reject"]) });
