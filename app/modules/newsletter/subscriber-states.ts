/** What the backoffice shows of a subscriber: confirmed, waiting for the double opt-in, or unsubscribed (kept as the record). */
export const SUBSCRIBER_STATES = ["subscribed", "pending", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
