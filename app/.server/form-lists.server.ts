import type { ZodType } from "zod/v4";
import { FIELD_INDEX_MAX } from "~/lib/schema-fields";

/**
 * The lists of a post, bounded by the form's own schema before conform builds them.
 *
 * conform (parseWithZod) turns `fields[999].label` into a list of 1 000 rows, and a form
 * that shows what was posted renders every one of them: one post of a few bytes can keep
 * the server busy for a minute. So the list a post would build is measured first, from the
 * names alone: its length is its highest index + 1, or the number of values posted under
 * one name (`ids=1&ids=2`, `tags[]`). Where the schema has a list at that place, the
 * length must be within the list's `.max()` (every form list has one:
 * tests/unit/schema-bounds.test.ts); where it has none, an index is refused (no form of the
 * shop makes one) and repeated values are left to the schema. Only where the schema does
 * not say (`z.any()`) the general FIELD_INDEX_MAX applies.
 */
export type Segment = string | number;

// The path syntax of conform (@conform-to/dom parsePath): keys, `[n]` indexes, a final `[]`.
const TOKEN = /([^.[\]]+)|\[(\d*)\]/g;
// Names conform keeps for its own list and state intents; none of the shop's forms posts them.
const RESERVED = new Set(["__intent__", "__state__"]);

/** A posted name as conform reads it; null for one it cannot read or would not take as a field. */
export function nameSegments(name: string): Segment[] | null {
  if (RESERVED.has(name)) return null;
  const segments: Segment[] = [];
  let end = 0;
  for (const match of name.matchAll(TOKEN)) {
    if (match.index !== end && !(match.index === end + 1 && name[end] === ".")) return null;
    const [, key, index] = match;
    if (key === "__proto__" || key === "constructor" || key === "prototype") return null;
    segments.push(key ?? (index === "" ? "" : Number(index)));
    end = match.index + match[0].length;
  }
  if (end !== name.length || segments.length === 0) return null;
  // "[]" (append) only at the end; an index must be a whole number conform can use.
  const bad = segments.some((s, i) => (s === "" && i < segments.length - 1) || (typeof s === "number" && !Number.isSafeInteger(s)));
  return bad ? null : segments;
}

/** A list the post would build: where (its path), how long, and how it got that long. */
type Measured = { path: Segment[]; length: number; indexed: boolean };

/** A posted field: its name and value (FormData and URLSearchParams entries). */
type Entry = [name: string, value: unknown];

/**
 * Every list the entries would build, by path: the highest index + 1, or how many values
 * share the name. Files are not counted as repeated values: one is never shown back, and
 * a file field's own rule counts them with its own message (spec §5, forms.upload.tooMany).
 */
export function measureLists(entries: Iterable<Entry>): { lists: Measured[]; unreadable: string[] } {
  const lists = new Map<string, Measured>();
  const repeated = new Map<string, { path: Segment[]; count: number }>();
  const unreadable: string[] = [];
  const grow = (path: Segment[], length: number, indexed: boolean) => {
    const key = JSON.stringify(path);
    const known = lists.get(key);
    if (!known) lists.set(key, { path, length, indexed });
    else {
      known.length = Math.max(known.length, length);
      known.indexed ||= indexed;
    }
  };
  for (const [name, value] of entries) {
    const segments = nameSegments(name);
    if (!segments) {
      unreadable.push(name);
      continue;
    }
    segments.forEach((segment, i) => {
      if (typeof segment === "number") grow(segments.slice(0, i), segment + 1, true);
    });
    if (typeof Blob !== "undefined" && value instanceof Blob) continue;
    const path = segments.at(-1) === "" ? segments.slice(0, -1) : segments;
    const key = JSON.stringify(path);
    const seen = repeated.get(key) ?? { path, count: 0 };
    seen.count += 1;
    repeated.set(key, seen);
  }
  for (const { path, count } of repeated.values()) if (count > 1) grow(path, count, false);
  return { lists: [...lists.values()], unreadable };
}

/** No list at this place of the schema. */
const NONE = -1;
/** The schema does not say (z.any(), z.unknown()): the general bound. */
const OPEN = FIELD_INDEX_MAX + 1;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: ZodType) => schema._zod.def as unknown as Def;

/**
 * The most items the schema's list at `path` takes: its `.max()` (or `.length()`); NONE
 * where the schema has no list there; OPEN where it does not say. A union takes the most
 * any of its options takes.
 */
export function listMax(schema: ZodType, path: Segment[], at = 0): number {
  const def = defOf(schema);
  const inner = (next: unknown, step = 0) => listMax(next as ZodType, path, at + step);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "catch":
    case "readonly":
      return inner(def.innerType);
    case "pipe":
      // A transform or preprocess: the list is the one the input side takes.
      return defOf(def.in as ZodType).type === "transform" ? inner(def.out) : inner(def.in);
    case "lazy":
      return inner((def.getter as () => ZodType)());
    case "union":
      return Math.max(NONE, ...(def.options as ZodType[]).map((option) => inner(option)));
    case "intersection":
      return Math.max(inner(def.left), inner(def.right));
    case "any":
    case "unknown":
      return OPEN;
  }
  const segment = path[at];
  if (def.type === "array") {
    // `.max()` and `.length()` leave their bound in the schema's bag.
    const bound = schema._zod.bag.maximum as number | undefined;
    if (at === path.length) return bound ?? OPEN;
    return typeof segment === "number" ? inner(def.element, 1) : NONE;
  }
  if (at === path.length || typeof segment !== "string") return NONE;
  if (def.type === "object") {
    const shape = def.shape as Record<string, ZodType>;
    if (Object.hasOwn(shape, segment)) return inner(shape[segment], 1);
    // No catchall: unknown keys are stripped; `.strict()` makes it `never`, `.passthrough()` `unknown`.
    const catchall = def.catchall as ZodType | undefined;
    if (catchall && defOf(catchall).type !== "never") return inner(catchall, 1);
    return NONE;
  }
  if (def.type === "record") return inner(def.valueType, 1);
  return NONE;
}

/** A list refused: where it is and the most rows its form takes (0: the form has no list there). */
export type RefusedList = { path: Segment[]; max: number };

/**
 * The lists of a post that are longer than its schema allows, and the names conform could
 * not read (`a[-1]`, `a[x]`, `__intent__`); both empty when the post is within bounds.
 */
export function oversizedLists(entries: Iterable<Entry>, schema: ZodType): { lists: RefusedList[]; unreadable: string[] } {
  const { lists, unreadable } = measureLists(entries);
  const refused: RefusedList[] = [];
  for (const { path, length, indexed } of lists) {
    const max = listMax(schema, path);
    if (max === NONE ? indexed : length > max) refused.push({ path, max: Math.max(max, 0) });
  }
  return { lists: refused, unreadable };
}

/** Whether a name lies within one of these lists (its entries are left out of the answer). */
export function withinList(name: string, lists: RefusedList[]): boolean {
  const segments = nameSegments(name);
  return segments !== null && lists.some(({ path }) => path.every((segment, i) => segments[i] === segment));
}
