import { asc, eq } from "drizzle-orm";
import { sanitizeCmsHtml } from "~/modules/cms/sanitize.server";
import type { Executor } from "../client.server";
import { eventTranslations, events, media, pages, pageTranslations, postTerms, terms, termTranslations, users } from "../schema";
import { BLOG_POSTS, BLOG_TERMS, EVENTS } from "./data/blog";
import { SITE_ID } from "./data/options";
import { DEMO_ADMIN } from "./users.server";

const LANGUAGES = ["hrv", "eng", "ger"] as const;
const DAY = 24 * 60 * 60 * 1000;

/** Demo blog: categories and tags, posts by the demo admin with catalogue pictures, and events. */
export async function seedBlog(tx: Executor) {
  // Idempotent: a site that has terms already has its blog (an editor may have changed it).
  if ((await tx.select({ id: terms.id }).from(terms).where(eq(terms.siteId, SITE_ID)).limit(1)).length) return;
  const termIds = new Map<string, number>();
  for (const [position, term] of BLOG_TERMS.entries()) {
    const [row] = await tx.insert(terms).values({ siteId: SITE_ID, type: term.type, position }).returning({ id: terms.id });
    termIds.set(term.key, row.id);
    await tx.insert(termTranslations).values(LANGUAGES.map((code) => ({ termId: row.id, languageCode: code, name: term.names[code][0], slug: term.names[code][1] })));
  }
  const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  // Pictures from the media library the catalogue seeded (none without the demo catalogue).
  const pictures = await tx.select({ id: media.id }).from(media).orderBy(asc(media.id)).limit(6);
  const now = Date.now();
  for (const [i, post] of BLOG_POSTS.entries()) {
    const [row] = await tx
      .insert(pages)
      .values({
        siteId: SITE_ID,
        postType: "post",
        status: post.status ?? "published",
        publishedAt: new Date(now - post.daysAgo * DAY),
        author: author?.id ?? null,
        imageId: pictures.length ? pictures[i % pictures.length].id : null,
      })
      .returning({ id: pages.id });
    await tx.insert(pageTranslations).values(
      LANGUAGES.flatMap((code) => {
        const text = post[code];
        return text ? [{ pageId: row.id, languageCode: code, title: text.title, slug: text.slug, bodyHtml: sanitizeCmsHtml(text.bodyHtml) }] : [];
      }),
    );
    await tx.insert(postTerms).values(post.terms.map((key) => ({ postId: row.id, termId: termIds.get(key)! })));
  }
  for (const event of EVENTS) {
    const startsAt = new Date(Math.floor((now + event.daysFromNow * DAY) / 3_600_000) * 3_600_000);
    const [row] = await tx
      .insert(events)
      .values({ siteId: SITE_ID, startsAt, endsAt: new Date(startsAt.getTime() + event.hours * 3_600_000), place: event.place, attendees: event.attendees })
      .returning({ id: events.id });
    await tx.insert(eventTranslations).values(
      LANGUAGES.flatMap((code) => {
        const text = event[code];
        return text ? [{ eventId: row.id, languageCode: code, title: text.title, descriptionHtml: sanitizeCmsHtml(text.descriptionHtml) }] : [];
      }),
    );
  }
}
