import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ENQUIRY_CLOSE_MS, ENQUIRY_DIALOG_WIDTH } from "~/modules/enquiry/enquiry-fields";
import { enquirySchema } from "~/modules/enquiry/enquiry.schema";

/** The post parsed as the actions do (conform's parseWithZod), as the first message of every wrong field. */
function parseEnquiry(fields: FormData | Record<string, string>) {
  const form = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema: enquirySchema });
  if (submission.status === "success") return { ok: true, enquiry: submission.value };
  return { ok: false, errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]])) };
}

/** Spec §5: "Price enquiry: firstName, from (valid e-mail) and content required". */
const valid = { firstName: "Ana", lastName: "Kupac", from: "ana@example.com", contactNumber: "+385 1 6222 333", content: "Ponuda?" };

describe("price enquiry validation (spec §5)", () => {
  it("accepts the required three alone, trimming and lower-casing the address", () => {
    expect(parseEnquiry({ firstName: " Ana ", from: " Ana@Example.COM ", content: " Ponuda? " })).toEqual({
      ok: true,
      enquiry: { firstName: "Ana", lastName: "", from: "ana@example.com", contactNumber: "", content: "Ponuda?" },
    });
  });

  it("names every missing required field with core.validation.required; lastName and contactNumber may be empty", () => {
    expect(parseEnquiry({})).toEqual({
      ok: false,
      errors: { firstName: "core.validation.required", from: "core.validation.required", content: "core.validation.required" },
    });
    expect(parseEnquiry({ ...valid, firstName: "   ", content: "" })).toEqual({
      ok: false,
      errors: { firstName: "core.validation.required", content: "core.validation.required" },
    });
  });

  it("wants a valid e-mail in from", () => {
    for (const from of ["ana", "ana@", "@example.com", "ana@@example.com"]) {
      expect(parseEnquiry({ ...valid, from })).toEqual({ ok: false, errors: { from: "core.validation.email" } });
    }
  });

  it("checks the phone number's characters only when one is given", () => {
    for (const contactNumber of ["091 234 5678", "+385 (1) 622-2333", "01/6222333", ""])
      expect(parseEnquiry({ ...valid, contactNumber }).ok).toBe(true);
    for (const contactNumber of ["abc", "12", "091 234 5678 ext. 4"]) {
      expect(parseEnquiry({ ...valid, contactNumber })).toEqual({
        ok: false,
        errors: { contactNumber: "enquiry.validation.contactNumber" },
      });
    }
  });

  it("limits lengths with core.validation.maxLength and its length", () => {
    expect(parseEnquiry({ ...valid, content: "x".repeat(5001) })).toEqual({
      ok: false,
      errors: { content: 'core.validation.maxLength|{"length":5000}' },
    });
    expect(parseEnquiry({ ...valid, firstName: "x".repeat(101) })).toEqual({
      ok: false,
      errors: { firstName: 'core.validation.maxLength|{"length":100}' },
    });
    expect(parseEnquiry({ ...valid, content: "x".repeat(5000) }).ok).toBe(true);
  });

  it("treats a non-text value (a posted file, a number) as missing, never as a crash", () => {
    const form = new FormData();
    form.set("firstName", new File(["x"], "x.txt"));
    form.set("from", "ana@example.com");
    form.set("content", "Ponuda?");
    expect(parseEnquiry(form)).toEqual({ ok: false, errors: { firstName: "core.validation.required" } });
    expect(enquirySchema.safeParse({ ...valid, content: 42 }).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["content"], "core.validation.required"],
    ]);
  });

  it("keeps the spec's modal constants (spec §9: width 800, closes 1500 ms)", () => {
    expect([ENQUIRY_DIALOG_WIDTH, ENQUIRY_CLOSE_MS]).toEqual([800, 1500]);
  });
});
