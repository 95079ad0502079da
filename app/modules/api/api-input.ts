import { safeParse, type z } from "zod/v4";

/**
 * The API's closed inputs (decision 0128): a field the call does not name is refused, not
 * silently dropped, so a client's typo ("colour", "quantity") answers 400 naming it instead
 * of a call that seems to work. zod's `z.object` strips unknown keys; rather than declaring
 * every request schema strict (and every form schema the API shares with the HTML forms),
 * the router walks the value along the schema once (`unknownFields`), and the document says
 * the same of every request object (`isClosedObject`: additionalProperties false).
 */
type Schema = z.core.$ZodType;
type Def = {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  valueType?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  getter?: () => Schema;
};
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isRecordLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An object schema that takes no other keys than its own: a plain or strict z.object (a loose one takes any). */
export function isClosedObject(schema: Schema): boolean {
  const def = defOf(schema);
  return def.type === "object" && (!def.catchall || defOf(def.catchall).type === "never");
}

type Path = (string | number)[];

/**
 * The paths of the keys of `value` that `schema` does not name, found by walking the value
 * along the schema (objects, arrays, records' values, optional, nullable and default
 * wrappers, pipes, unions by the option that takes the value). Types and ranges are zod's
 * to check; this finds only the unknown keys, whatever else is wrong.
 */
export function unknownFields(schema: Schema, value: unknown, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isRecordLike(value)) return [];
      const open = def.catchall && defOf(def.catchall).type !== "never" ? def.catchall : null;
      return Object.entries(value).flatMap(([key, inner]) => {
        if (Object.hasOwn(def.shape!, key)) return unknownFields(def.shape![key], inner, [...path, key]);
        return open ? unknownFields(open, inner, [...path, key]) : [[...path, key]];
      });
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return value === undefined || value === null ? [] : unknownFields(def.innerType!, value, path);
    case "pipe":
      // A preprocess (a transform first) is read by what it feeds.
      return unknownFields(defOf(def.in!).type === "transform" ? def.out! : def.in!, value, path);
    case "lazy":
      return unknownFields(def.getter!(), value, path);
    case "array":
      return Array.isArray(value) ? value.flatMap((item, i) => unknownFields(def.element!, item, [...path, i])) : [];
    case "tuple":
      return Array.isArray(value)
        ? value.flatMap((item, i) => {
            const itemSchema = def.items![i] ?? def.rest;
            return itemSchema ? unknownFields(itemSchema, item, [...path, i]) : [];
          })
        : [];
    case "record":
      return isRecordLike(value)
        ? Object.entries(value).flatMap(([key, inner]) => unknownFields(def.valueType!, inner, [...path, key]))
        : [];
    case "union": {
      // The option that takes the value with the fewest unknown keys (the caller's meaning); none: zod names the problem.
      const fits = def.options!.filter((option) => safeParse(option, value).success).map((option) => unknownFields(option, value, path));
      return fits.length ? fits.reduce((best, next) => (next.length < best.length ? next : best)) : [];
    }
    case "intersection": {
      // A key is unknown when neither side names it.
      const right = new Set(unknownFields(def.right!, value, path).map((p) => JSON.stringify(p)));
      return unknownFields(def.left!, value, path).filter((p) => right.has(JSON.stringify(p)));
    }
    default:
      return [];
  }
}

/** Whether an object schema (behind optional, default or a pipe) names a top-level field. */
export function namesField(schema: Schema | undefined, key: string): boolean {
  return schema !== undefined && unknownFields(schema, { [key]: null }).length === 0 && isObjectSchema(schema);
}

function isObjectSchema(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === "object") return true;
  if (def.innerType) return isObjectSchema(def.innerType);
  if (def.type === "pipe") return isObjectSchema(defOf(def.in!).type === "transform" ? def.out! : def.in!);
  return false;
}
