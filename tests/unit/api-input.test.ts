import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { isClosedObject, namesField, unknownFields } from "~/modules/api/api-input";

/**
 * The API's closed inputs (decision 0128): the keys of a call's body or query that its
 * schema does not name, found wherever they are, whatever wraps the object.
 */
describe("unknownFields", () => {
  const line = z.object({ productId: z.number(), qty: z.number(), options: z.object({ variantId: z.number().optional() }).optional() });

  it("finds a top-level key the object does not name, and nothing in a body that keeps to it", () => {
    expect(unknownFields(line, { productId: 1, qty: 2, colour: "red" })).toEqual([["colour"]]);
    expect(unknownFields(line, { productId: 1, qty: 2, options: { variantId: 3 } })).toEqual([]);
  });

  it("finds keys at any depth: nested objects, arrays of objects, records' values", () => {
    const schema = z.object({
      lines: z.array(line),
      byCode: z.record(z.string(), z.object({ value: z.string() })),
    });
    const body = { lines: [{ productId: 1, qty: 1, options: { variant: 3 } }], byCode: { a: { value: "x", extra: 1 } } };
    expect(unknownFields(schema, body)).toEqual([
      ["lines", 0, "options", "variant"],
      ["byCode", "a", "extra"],
    ]);
  });

  it("looks through optional, nullable, default, refinements, transforms and preprocessing", () => {
    const wrapped = z.preprocess(
      (v) => v,
      line
        .refine(() => true)
        .transform((v) => v)
        .nullable()
        .optional()
        .default(null),
    );
    expect(unknownFields(wrapped, { productId: 1, qty: 1, x: 1 })).toEqual([["x"]]);
    expect(unknownFields(wrapped, undefined)).toEqual([]);
  });

  it("takes a union's option that fits the value best, and leaves a loose object open", () => {
    const union = z.union([z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b"), b: z.number() })]);
    expect(unknownFields(union, { kind: "b", b: 1, c: 2 })).toEqual([["c"]]);
    expect(unknownFields(z.looseObject({ a: z.number() }), { a: 1, anything: 2 })).toEqual([]);
    expect(unknownFields(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual([["b"]]);
  });

  it("is a closed object for z.object and z.strictObject, not for a loose one or a record", () => {
    expect(isClosedObject(z.object({}))).toBe(true);
    expect(isClosedObject(z.strictObject({}))).toBe(true);
    expect(isClosedObject(z.looseObject({}))).toBe(false);
    expect(isClosedObject(z.record(z.string(), z.string()))).toBe(false);
  });

  it("says whether a body names a field (the key in the legacy sign-in's body)", () => {
    expect(
      namesField(
        z.object({ apiKey: z.string().optional() }).refine(() => true),
        "apiKey",
      ),
    ).toBe(true);
    expect(namesField(line, "apiKey")).toBe(false);
    expect(namesField(z.record(z.string(), z.string()), "apiKey")).toBe(false);
    expect(namesField(undefined, "apiKey")).toBe(false);
  });
});
