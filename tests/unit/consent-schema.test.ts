import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  acceptedConsentsSchema,
  checkConsents,
  normalizeAssignment,
  parseConsentIds,
  readAcceptedConsents,
} from "~/modules/consent/consent.schema";
import { createConsentSchema } from "~/modules/consent/consent-admin.schema";

describe("parseConsentIds / readAcceptedConsents", () => {
  it("keeps unique positive integers in first-seen order and drops junk", () => {
    expect(parseConsentIds(["3", " 1 ", "3", "0", "-2", "1.5", "abc", "", "1e3", "99999999999", 7, null, {}])).toEqual([3, 1, 7]);
    expect(parseConsentIds(["2147483647", "2147483648"])).toEqual([2147483647]);
  });

  it("reads the repeated acceptedConsents field of a posted form", () => {
    const form = new FormData();
    for (const value of ["2", "x", "5", "2"]) form.append("acceptedConsents", value);
    form.append("acceptedConsents", new Blob(["1"]));
    form.append("other", "9");
    expect(readAcceptedConsents(form)).toEqual([2, 5]);
    expect(readAcceptedConsents(new FormData())).toEqual([]);
  });

  it("works as a zod field for conform schemas", () => {
    expect(acceptedConsentsSchema.parse(undefined)).toEqual([]);
    expect(acceptedConsentsSchema.parse("4")).toEqual([4]);
    expect(acceptedConsentsSchema.parse(["4", "junk", "4", "6"])).toEqual([4, 6]);
  });
});

describe("checkConsents (spec §5)", () => {
  const form = [
    { id: 10, required: true },
    { id: 20, required: false },
    { id: 30, required: true },
  ];

  it("fails while a required consent is not ticked, naming the missing ones", () => {
    expect(checkConsents(form, [10, 20])).toEqual({ ok: false, accepted: [10, 20], missing: [30] });
    expect(checkConsents(form, [])).toMatchObject({ ok: false, missing: [10, 30] });
  });

  it("passes with every required one and keeps only ids of the form, in the form's order", () => {
    expect(checkConsents(form, [30, 99, 10])).toEqual({ ok: true, accepted: [10, 30] });
  });

  it("passes when nothing is assigned or nothing is required", () => {
    expect(checkConsents([], [1, 2])).toEqual({ ok: true, accepted: [] });
    expect(checkConsents([{ id: 1, required: false }], [])).toEqual({ ok: true, accepted: [] });
  });
});

describe("normalizeAssignment", () => {
  it("assigns every required consent, without duplicates, sorted", () => {
    expect(normalizeAssignment({ consents: [5, 2, 5], requiredConsents: [7, 2] })).toEqual({
      consents: [2, 5, 7],
      requiredConsents: [2, 7],
    });
  });
});

describe("createConsentSchema", () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return parseWithZod(form, { schema: createConsentSchema });
  };
  const errors = (fields: Record<string, string>) => {
    const submission = parse(fields);
    return submission.status === "error" ? submission.error : null;
  };

  it("accepts a consent with only the Croatian name and trims the input", () => {
    const submission = parse({ uniqueNumber: "12", "displayName.hr": "  Privola  ", "displayName.en": "", pageSlug: "" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ uniqueNumber: 12, displayName: { hr: "Privola" } });
  });

  it("answers every bad field with a locale key", () => {
    expect(errors({ uniqueNumber: "1.5", "displayName.hr": " ", "displayName.de": "x".repeat(301), pageSlug: "Ab" })).toEqual({
      uniqueNumber: ['consent.validation.uniqueNumber|{"max":2147483647}'],
      "displayName.hr": ["core.validation.required"],
      "displayName.de": ['core.validation.maxLength|{"length":300}'],
      pageSlug: ["core.validation.slugShort", "core.validation.slugFormat"],
    });
  });

  it("requires the unique number and a positive one", () => {
    expect(errors({ "displayName.hr": "a" })).toEqual({ uniqueNumber: ["core.validation.required"] });
    expect(errors({ uniqueNumber: "0", "displayName.hr": "a" })?.uniqueNumber).toHaveLength(1);
    expect(parse({ uniqueNumber: "4", "displayName.hr": "a", pageSlug: "uvjeti-koristenja" }).status).toBe("success");
    expect(errors({ uniqueNumber: "4", "displayName.hr": "a", pageSlug: "uvjeti--koristenja" })?.pageSlug).toEqual([
      "core.validation.slugFormat",
    ]);
  });
});
