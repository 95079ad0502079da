import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb, type Executor } from "~/.server/db/client.server";
import { newsletterSubscribers, options } from "~/.server/db/schema";
import { SITE_ID } from "~/modules/kernel/options";
import { DomainError } from "~/.server/domain-error";
import { getFixedT } from "~/.server/i18n.server";
import type { Locale } from "~/lib/locales";
import type { ConsentUserType } from "~/modules/consent/consent.schema";
import { logConsents, validateConsents } from "~/modules/consent/consent.server";
import { sendMail, type OutboxMail, wakeMailRelay } from "~/modules/mail/mail.server";

/**
 * Newsletter sign-up (spec §2 Home newsletter block, §7 Marketing newsletter/subscribe).
 * A valid address with every required newsletter consent is stored with its consent log
 * in one transaction. A known address changes nothing and answers the spec's
 * alreadySubscribedToNewsletter. With the option NewsletterDoubleOptIn the address waits
 * as pending until the link of a confirmation mail is opened.
 */

/** The path of the confirmation link (GET, see routes/storefront/actions.newsletter.ts). */
export const CONFIRM_PATH = "/actions/newsletter";

export type SubscribeInput = {
  /** The address, parsed by the route with newsletterSchema (trimmed, lower-cased). */
  email: string;
  acceptedIds: readonly number[];
  locale: Locale;
  userType: ConsentUserType;
  /** Absolute origin of the shop, for the link in the confirmation mail. */
  origin: string;
};

const alreadySubscribed = () =>
  new DomainError("alreadySubscribed", {
    message: "E-mail is already subscribed to the newsletter",
    key: "newsletter.alreadySubscribedToNewsletter",
    status: 409,
  });

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The option NewsletterDoubleOptIn (spec §3 CMS options); read fresh, an admin may just have changed it. */
async function doubleOptIn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, "NewsletterDoubleOptIn")));
  return row?.value === true;
}

export async function subscribeToNewsletter(input: SubscribeInput): Promise<{ status: "subscribed" | "pending" }> {
  const { email } = input;
  const accepted = await validateConsents("newsletter", input.acceptedIds);
  const db = await getDb();
  const pending = await doubleOptIn(db);
  const token = pending ? randomBytes(32).toString("base64url") : null;
  const t = pending ? await getFixedT(input.locale) : null;

  const { status, mail } = await db.transaction(async (tx) => {
    // One statement decides who wins when the same address is posted twice at once.
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({
        siteId: SITE_ID,
        email,
        status: pending ? "pending" : "subscribed",
        locale: input.locale,
        confirmedAt: pending ? null : new Date(),
        tokenHash: token ? hashToken(token) : null,
      })
      // An address the backoffice unsubscribed may sign up again by its owner's own new consent.
      .onConflictDoUpdate({
        target: [newsletterSubscribers.siteId, newsletterSubscribers.email],
        set: {
          status: pending ? "pending" : "subscribed",
          locale: input.locale,
          createdAt: new Date(),
          confirmedAt: pending ? null : new Date(),
          tokenHash: token ? hashToken(token) : null,
          unsubscribedAt: null,
        },
        setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
      })
      .returning({ id: newsletterSubscribers.id });
    if (!row) throw alreadySubscribed();
    await logConsents(tx, { kind: "newsletter", acceptedIds: accepted, userType: input.userType, email });
    let mail: OutboxMail | null = null;
    if (token && t) {
      const link = `${input.origin.replace(/\/+$/, "")}${CONFIRM_PATH}?token=${token}`;
      mail = await sendMail(
        {
          kind: "newsletterConfirmation",
          to: email,
          subject: t("newsletter.confirmMail.subject"),
          text: t("newsletter.confirmMail.text", { link }),
          template: { locale: input.locale, values: { link, email } },
        },
        tx,
      );
    }
    return { status: pending ? ("pending" as const) : ("subscribed" as const), mail };
  });
  // After the commit: a sign-up that rolled back has mailed nobody.
  if (mail) wakeMailRelay();
  return { status };
}

// base64url of 32 random bytes; anything else cannot be a token and is not looked up.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Confirms a pending address by the token of its mail; the token works once. Returns the
 * subscriber's language (to land on the right home page), or null for an unknown token.
 */
export async function confirmNewsletter(token: unknown): Promise<{ locale: string } | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "subscribed", confirmedAt: new Date(), tokenHash: null })
    .where(and(eq(newsletterSubscribers.tokenHash, hashToken(token)), eq(newsletterSubscribers.status, "pending")))
    .returning({ locale: newsletterSubscribers.locale });
  return row ?? null;
}

/**
 * The owner's own opt-out (a signed-in customer, by their account's e-mail): the row stays
 * as the record of it, as when the backoffice unsubscribes an address, and its pending
 * confirmation link stops working. False when the address was not subscribed.
 */
export async function unsubscribeFromNewsletter(email: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date(), tokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.siteId, SITE_ID),
        eq(newsletterSubscribers.email, email.trim().toLowerCase()),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
