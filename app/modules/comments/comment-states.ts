/** A comment's states (comments.status), for the backoffice's filters and badges. */
export const COMMENT_STATUSES = ["pending", "approved", "rejected"] as const;
