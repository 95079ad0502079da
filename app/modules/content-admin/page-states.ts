/** The post types of the content editor and the states a page is in (shared by the server and the screens). */
export type PostType = "page" | "post";
export const PAGE_STATES = ["published", "scheduled", "draft"] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** Live, scheduled (published with a later date) or draft. */
export function pageState(row: { status: string; publishedAt: Date | null }, now = new Date()): PageState {
  if (row.status !== "published") return "draft";
  return row.publishedAt && row.publishedAt > now ? "scheduled" : "published";
}

export const contentPath = (postType: PostType) => (postType === "post" ? "/admin/posts" : "/admin/pages");
