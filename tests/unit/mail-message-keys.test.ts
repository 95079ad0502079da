import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/messages.server";
import { LOCALES } from "~/lib/locales";

/**
 * A staff message saying a mail was sent has a twin saying it waits, chosen when no SMTP is
 * configured (mailMessageKey, decision 0101): both exist in every language, and the twin
 * never claims the mail was sent.
 */
const APP = path.resolve(__dirname, "../../app");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
const keys = [
  ...new Set(files(APP).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/mailMessageKey\("([\w.]+)"\)/g)].map((m) => m[1]!))),
];

describe("messages about a mail", () => {
  it("are chosen for the staff screens that send one", () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        "adminUsers.invited",
        "adminUsers.done.reinvite",
        "adminCustomers.reset.done",
        "adminOrders.resent",
        "adminOrders.moved.ship",
        "adminEnquiries.reply.sent",
        "adminEnquiries.draft.created",
        "adminTemplates.testSent",
      ]),
    );
  });

  it.each(LOCALES)("have their waiting twin in %s, which says the mail waits", (locale) => {
    const { exists, t } = translatorFor(locale);
    for (const key of keys) {
      expect(exists(key), key).toBe(true);
      expect(exists(`${key}Waiting`), `${key}Waiting`).toBe(true);
    }
    for (const key of keys) expect(t(`${key}Waiting`), key).toMatch(/čeka u redu|waiting to be sent|wartet auf den/);
  });
});
