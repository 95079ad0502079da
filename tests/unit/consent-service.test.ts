import { afterEach, describe, expect, it, vi } from "vitest";
import type { Executor } from "~/.server/db/client.server";

// The database is down: every query fails. What the rules do then is the point here.
vi.mock("~/.server/db/client.server", () => ({ getDb: () => Promise.reject(new Error("connection refused")) }));

const { getFormConsents, logConsents, validateConsents } = await import("~/modules/consent/consent.server");

const failingExecutor = {
  select: () => {
    throw new Error("connection lost");
  },
} as unknown as Executor;

describe("consent service when the database fails", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stops a form with error.consentsNotFetched when the consents cannot be loaded (spec §5)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(getFormConsents("newsletter", "hr")).rejects.toMatchObject({ key: "error.consentsNotFetched", status: 503 });
    // No consents loaded means nothing can be checked: the submission is not waved through.
    await expect(validateConsents("newsletter", [1, 2])).rejects.toMatchObject({ key: "error.consentsNotFetched" });
  });

  it("answers error.failedConsentLog when the log row cannot be written", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const entry = { kind: "contactForm", acceptedIds: [1], userType: "guest", email: "a@b.hr" } as const;
    await expect(logConsents(failingExecutor, entry)).rejects.toMatchObject({ key: "error.failedConsentLog" });
    expect(logged).toHaveBeenCalled(); // the cause is kept for the operator
  });

  it("treats an unknown user type as a programming error, not as a failed log", async () => {
    const entry = { kind: "contactForm", acceptedIds: [1], userType: "admin", email: null } as never;
    await expect(logConsents(failingExecutor, entry)).rejects.toThrow(TypeError);
  });
});
