import { z } from "zod";
import { COMMENT_ENTITIES } from "~/.server/db/schema";

/**
 * The comment form's post (spec §1, §5): a new comment on a product or post, or the
 * author's edit. The rules on what a comment must hold (rating and text both ways, the
 * stars, the length) depend on the shop's comment options and are the service's
 * (`checkInput`), answered as toasts.
 */
const id = z.number().int().positive().max(2 ** 31 - 1);
const common = {
  rating: z.number().optional(),
  content: z.string().default(""),
  redirectTo: z.string().optional(),
};

export const commentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), entityType: z.enum(COMMENT_ENTITIES), entityId: id, ...common }),
  z.object({ intent: z.literal("edit"), commentId: id, ...common }),
]);

/** The admin's decision on a waiting comment (routes/admin.comments.tsx). */
export const moderateCommentSchema = z.object({ commentId: id, intent: z.enum(["approve", "reject"]) });
