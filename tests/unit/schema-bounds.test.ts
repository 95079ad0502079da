import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod/v4";
import { INT4_MAX, INVALID_CHARACTERS, hasInvalidCharacters, id, integer, optionalText, text } from "~/lib/schema-fields";
import { formDataSchema } from "~/modules/forms/form.schema";

/**
 * Decision 0035 / DESIGN.md "Trust boundaries": every input is bounded. The shared
 * building blocks (app/lib/schema-fields.ts) refuse NUL and other invalid characters, too
 * long texts and numbers beyond int4; and every schema of app/modules/**\/*.schema.ts is
 * walked here: a string without a length limit or a number without a range fails the test,
 * so a new schema gets the bounds or this test names its field.
 */
describe("hasInvalidCharacters", () => {
  it.each([
    ["NUL", "a\0b"],
    ["another C0 control", "a\x07b"],
    ["escape", "\x1b[31m"],
    ["DEL", "a\x7fb"],
    ["a lone high surrogate", "a\uD800b"],
    ["a lone low surrogate", "\uDC00"],
    ["U+FFFE", "a\uFFFE"],
    ["U+FFFF", "\uFFFF"],
  ])("refuses %s everywhere", (_name, value) => {
    expect(hasInvalidCharacters(value)).toBe(true);
    expect(hasInvalidCharacters(value, { multiline: true })).toBe(true);
  });

  it("allows tab, CR and LF only in multi-line fields", () => {
    for (const value of ["a\tb", "a\r\nb", "a\nb"]) {
      expect(hasInvalidCharacters(value)).toBe(true);
      expect(hasInvalidCharacters(value, { multiline: true })).toBe(false);
    }
  });

  it("accepts any other text: Croatian letters, emoji (a surrogate pair), other scripts", () => {
    for (const value of ["Šime Čačić-Žganec", "Krov 👍 ok", "日本語", "Ω ≠ ∞", "a\u00a0b"])
      expect(hasInvalidCharacters(value, { multiline: false })).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (value) => {
        const expected = /[\0-\x1F\x7F\uFFFE\uFFFF]/.test(value); // eslint-disable-line no-control-regex -- the rule restated
        expect(hasInvalidCharacters(value)).toBe(expected);
      }),
    );
  });
});

describe("text, integer and id", () => {
  const name = text({ max: 5, required: true });
  const errors = (schema: ZodTypeAny, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("refuses invalid characters with core.validation.invalidCharacters, too long values with maxLength", () => {
    expect(errors(name, "a\0b")).toEqual([INVALID_CHARACTERS]);
    expect(errors(name, "abcdef")).toEqual(['core.validation.maxLength|{"length":5}']);
    expect(errors(name, "")).toEqual(["core.validation.required"]);
    expect(name.parse("  Ana ")).toBe("Ana");
    expect(errors(text({ max: 50, multiline: true }), "two\nlines\ttab")).toEqual([]);
    expect(errors(optionalText({ max: 10 }), "/\u0000x")).toEqual([INVALID_CHARACTERS]);
    expect(text({ max: 10 }).parse(undefined)).toBe("");
    expect(text({ max: 254, required: true, email: true }).parse("Ana@Example.COM")).toBe("ana@example.com");
  });

  it("keeps numbers within int4 (PostgreSQL integer)", () => {
    expect(errors(id(), 2_147_483_648)).toEqual(['core.validation.range|{"min":1,"max":2147483647}']);
    expect(errors(id(), INT4_MAX)).toEqual([]);
    expect(errors(id(), 0).length).toBe(1);
    expect(errors(id(), 1.5).length).toBeGreaterThan(0);
    expect(errors(id("checkout.paymentMethodUndefined"), undefined)).toEqual(["checkout.paymentMethodUndefined"]);
    expect(errors(integer({ min: 1, max: 999 }), 1000)).toEqual(['core.validation.range|{"min":1,"max":999}']);
  });
});

// Every schema module; a schema built by a function is checked through a call below.
const modules = import.meta.glob<Record<string, unknown>>("../../app/modules/**/*.schema.ts", { eager: true });

type Finding = string;

/** The fields of a schema that are not bounded: a string without max, a number without min and max within int4. */
function unbounded(schema: ZodTypeAny, path: string, seen = new Set<ZodTypeAny>()): Finding[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as { type: string } & Record<string, unknown>;
  const walk = (inner: unknown, at = path) => unbounded(inner as ZodTypeAny, at, seen);
  switch (def.type) {
    case "string": {
      const max = (schema as z.ZodString).maxLength;
      return max === null ? [`${path}: a string without max length`] : [];
    }
    case "number": {
      const number = schema as z.ZodNumber;
      const inRange =
        number.minValue !== null && number.maxValue !== null && number.minValue >= -INT4_MAX - 1 && number.maxValue <= INT4_MAX;
      return inRange ? [] : [`${path}: a number without a range within int4`];
    }
    case "object":
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, value]) => walk(value, path ? `${path}.${key}` : key));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "catch":
    case "readonly":
      return walk(def.innerType);
    case "pipe":
      return [...walk(def.in), ...walk(def.out)];
    case "array": {
      // readSubmission bounds a posted list by this max before conform builds it (form-lists.server.ts).
      const max = schema._zod.bag.maximum;
      return [...(max === undefined ? [`${path}: a list without max length`] : []), ...walk(def.element, `${path}[]`)];
    }
    case "record":
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case "union":
      return (def.options as ZodTypeAny[]).flatMap((option) => walk(option));
    case "intersection":
      return [...walk(def.left), ...walk(def.right)];
    // A transform's output is the shop's own value, checked on its way in.
    case "transform":
    case "literal":
    case "enum":
    case "boolean":
    case "undefined":
    case "null":
      return [];
    case "unknown":
    case "any":
      // Checked by the service that reads it (product options); readSubmission screens the raw value.
      return path.startsWith("options") ? [] : [`${path}: any value`];
    default:
      return [`${path}: unchecked zod type ${def.type}`];
  }
}

describe("every form schema is bounded", () => {
  const schemas = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => value instanceof z.ZodType)
      .map(([name, value]) => [`${file.replace("../../app/modules/", "")} ${name}`, value as ZodTypeAny] as const),
  );

  it("finds the schema modules", () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)("%s", (_name, schema) => {
    expect(unbounded(schema, "")).toEqual([]);
  });

  it("formDataSchema: a form built from its definition", () => {
    const schema = formDataSchema([
      { name: "name", type: "text", label: { hr: "Ime" }, required: true },
      { name: "email", type: "email", label: { hr: "E-mail" }, required: false },
      { name: "message", type: "textarea", label: { hr: "Poruka" }, required: false, maxLength: 3000 },
      { name: "kind", type: "select", label: { hr: "Vrsta" }, required: false, options: [{ value: "a", label: { hr: "A" } }] },
    ]);
    expect(unbounded(schema, "")).toEqual([]);
    const refused = schema.safeParse({ name: "Ana\0", message: "ok\nline" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", INVALID_CHARACTERS]]);
  });

  it("the walker itself finds an unbounded field", () => {
    expect(unbounded(z.object({ a: z.string(), b: z.number().int(), c: text({ max: 3 }) }), "")).toEqual([
      "a: a string without max length",
      "b: a number without a range within int4",
    ]);
  });
});
