/**
 * Values made from a JSON Schema of the API document (decision 0128's contract test): a
 * valid one (the required fields, and some optional ones), and invalid ones of three
 * kinds (a field the schema does not name, a wrong type, a value out of range). Seeded,
 * so a failure repeats.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  dependentRequired?: Record<string, string[]>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const UNKNOWN_FIELD = "zzUnknownField";

export class SchemaValues {
  private serial = 0;
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly random: () => number,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    return schema.$ref ? this.resolve(this.components[schema.$ref.replace("#/components/schemas/", "")] ?? {}) : schema;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  private typeOf(schema: JsonSchema): string | undefined {
    return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  }

  /** A value the schema takes: its required fields, and each optional one when `optional` says so (a coin per field). */
  valid(schema: JsonSchema, optional: boolean, depth = 0): unknown {
    const s = this.resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return this.pick(s.enum);
    const variants = (s.anyOf ?? s.oneOf ?? []).filter((v) => this.resolve(v).type !== "null");
    if (variants.length) return this.valid(optional ? this.pick(variants) : variants[0], optional, depth + 1);
    if (s.allOf?.length) return this.valid(s.allOf[0], optional, depth + 1);
    const type = this.typeOf(s) ?? (s.properties ? "object" : undefined);
    if (type === "object") {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        const wanted = s.required?.includes(name) || (optional && depth < 3 && this.random() < 0.5);
        if (wanted) value[name] = this.valid(property, optional, depth + 1);
      }
      for (const [name, needs] of Object.entries(s.dependentRequired ?? {}))
        if (name in value) for (const other of needs) value[other] ??= this.valid(s.properties![other], optional, depth + 1);
      return value;
    }
    if (type === "array") {
      const count = s.minItems ?? 0;
      return Array.from({ length: optional ? Math.min(count + 1, s.maxItems ?? count + 1) : count }, () =>
        this.valid(s.items ?? {}, optional, depth + 1),
      );
    }
    if (type === "integer" || type === "number") {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : 1);
      const max = Math.min(s.maximum ?? min + 20, min + 20);
      return min + Math.floor(this.random() * (max - min + 1));
    }
    if (type === "boolean") return optional ? this.random() < 0.5 : false;
    // A text whose rule JSON Schema cannot say whole (a pattern) names an example that keeps it.
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if (s.format === "email") return `contract${Date.now()}${++this.serial}@example.com`;
    if (s.format === "uuid") return "7f3c2a10-4b5d-4e6f-8a9b-0c1d2e3f4a5b";
    if (s.format === "date-time") return "2026-12-01T10:00:00.000Z";
    if (s.format === "date") return "2026-12-01";
    const length = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 8, 8));
    return Array.from({ length }, () => this.pick([..."abcdefghijklmnopqrstuvwxyz"])).join("");
  }

  /** A value of another type than the schema takes, or null when the schema takes anything. */
  wrongType(schema: JsonSchema): unknown {
    const s = this.resolve(schema);
    if (s.enum || s.const !== undefined) return typeof (s.enum?.[0] ?? s.const) === "number" ? "not-a-choice" : 12345;
    const types = [s.type, ...(s.anyOf ?? s.oneOf ?? []).map((v) => this.resolve(v).type)].flat().filter(Boolean);
    if (types.length === 0) return null;
    if (!types.includes("string")) return "not-of-this-type";
    if (!types.includes("number") && !types.includes("integer")) return 12345;
    if (!types.includes("boolean")) return true;
    return null;
  }

  /** A value of the right type just outside the schema's bounds, or null when it has none. */
  outOfRange(schema: JsonSchema): unknown {
    const s = this.resolve(schema);
    const variant = (s.anyOf ?? s.oneOf ?? []).map((v) => this.resolve(v)).find((v) => v.type !== "null");
    if (variant) return this.outOfRange(variant);
    if (s.enum && typeof s.enum[0] === "string") return "zz-not-one-of-the-choices";
    if (s.maximum !== undefined) return s.maximum + 1;
    if (s.exclusiveMaximum !== undefined) return s.exclusiveMaximum;
    if (s.minimum !== undefined) return s.minimum - 1;
    if (s.exclusiveMinimum !== undefined) return s.exclusiveMinimum;
    if (s.maxLength !== undefined && s.maxLength < 3000) return "x".repeat(s.maxLength + 1);
    if (s.minLength) return "";
    if (s.maxItems !== undefined && s.maxItems < 200 && s.items)
      return Array.from({ length: s.maxItems + 1 }, () => this.valid(s.items!, false));
    return null;
  }
}
