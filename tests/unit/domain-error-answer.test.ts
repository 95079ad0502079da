import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { DomainError } from "~/.server/domain-error";
import { answerDomainError, toastDomainError } from "~/.server/http/domain-error.server";
import { messageKey } from "~/lib/validation-message";

/** The one mapper from a refused business rule to the form's answer (decision 0098). */
const schema = z.object({ slug: z.string(), title: z.string(), password: z.string().optional() });

function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

const slugTaken = new DomainError("slugTaken", {
  message: "Slug taken",
  key: "adminContent.errors.slugTaken",
  status: 409,
  field: "slug",
  values: { slug: "o-nama" },
});

describe("answerDomainError", () => {
  it("a DomainError at a field the form has becomes that field's message, with the error's status", () => {
    const answer = answerDomainError(slugTaken, posted({ slug: "o-nama", title: "O nama", password: "tajna1234" }), ["slug"]);
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toEqual({ slug: [messageKey("adminContent.errors.slugTaken", { slug: "o-nama" })] });
    // What was typed comes back, never a password.
    expect(answer.data.initialValue).toEqual({ slug: "o-nama", title: "O nama" });
  });

  it("a DomainError at a field the form does not show is the form-wide message", () => {
    const answer = answerDomainError(slugTaken, posted({ slug: "o-nama", title: "O nama" }), ["title"]);
    expect(answer.data.error).toEqual({ "": [messageKey("adminContent.errors.slugTaken", { slug: "o-nama" })] });
  });

  it("anything but a DomainError is rethrown as it is (a bug stays a 500)", () => {
    const bug = new TypeError("undefined is not a function");
    expect(() => answerDomainError(bug, posted({ slug: "a", title: "b" }))).toThrow(bug);
    const answer = new Response(null, { status: 404 });
    expect(() => answerDomainError(answer, posted({ slug: "a", title: "b" }))).toThrow();
  });
});

describe("toastDomainError", () => {
  it("a DomainError goes back to the page with its message as an error toast", async () => {
    const answer = await toastDomainError(slugTaken, "/admin/pages/7");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/pages/7");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^__toast=/);
  });

  it("anything else is rethrown as it is", async () => {
    const bug = new TypeError("undefined is not a function");
    await expect(toastDomainError(bug, "/admin/pages/7")).rejects.toBe(bug);
  });
});
