import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { listMax, measureLists, nameSegments, oversizedLists } from "~/.server/form-lists.server";
import { LIST_TOO_LONG, screenLists, UNKNOWN_FIELD } from "~/.server/forms.server";
import { FORM_BUILDER_MAX_FIELDS, formPageSchema } from "~/modules/forms/form-builder.schema";
import { text } from "~/lib/schema-fields";

/**
 * The shared boundary of every form's lists (app/.server/form-lists.server.ts, used by
 * readSubmission and readListQuery): a list longer than the schema's own `.max()` is
 * refused from the names alone, before conform builds it; so is an index where the schema
 * has no list, and a name conform cannot read. Odd indexes: huge, negative, non-numeric,
 * sparse, repeated names, appends, nested lists, unions.
 */
const schema = z.object({
  intent: z.literal("save"),
  title: text({ max: 20 }),
  rows: z
    .array(
      z.object({
        label: text({ max: 20 }),
        tags: z
          .array(text({ max: 5 }))
          .max(3)
          .default([]),
      }),
    )
    .max(5)
    .default([]),
  ids: z.array(z.coerce.number()).max(4).default([]),
});

const post = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const entries = (names: string[]) => names.map((name) => [name, "x"] as [string, string]);
const refusedBy = (names: string[]) => oversizedLists(entries(names), schema);

describe("nameSegments reads names as conform does", () => {
  it.each([
    ["rows[3].label", ["rows", 3, "label"]],
    ["rows[03].label", ["rows", 3, "label"]],
    ["ids[]", ["ids", ""]],
    ["title", ["title"]],
    ["a.b.c", ["a", "b", "c"]],
  ])("%s", (name, segments) => expect(nameSegments(name)).toEqual(segments));

  it.each([
    "rows[-1].label",
    "rows[x].label",
    "rows[1.5]",
    "rows[]label",
    "rows[].label",
    "a..b",
    "a]",
    "",
    "__intent__",
    "__state__",
    "a.__proto__",
    `rows[${"9".repeat(400)}]`,
  ])("cannot read %j", (name) => expect(nameSegments(name)).toBeNull());
});

describe("measureLists", () => {
  it("measures a list by its highest index, sparse or not, and by repeated names", () => {
    const { lists } = measureLists(entries(["rows[0].label", "rows[4].label", "rows[2].tags[7]", "ids", "ids", "ids[]", "title"]));
    const length = (path: unknown[]) => lists.find((l) => JSON.stringify(l.path) === JSON.stringify(path))?.length;
    expect(length(["rows"])).toBe(5);
    expect(length(["rows", 2, "tags"])).toBe(8);
    expect(length(["ids"])).toBe(3);
    expect(length(["title"])).toBeUndefined();
  });
});

describe("listMax reads the schema's bound", () => {
  it("through objects, lists, defaults, effects and unions", () => {
    expect(listMax(schema, ["rows"])).toBe(5);
    expect(listMax(schema, ["rows", 0, "tags"])).toBe(3);
    expect(listMax(schema, ["title"])).toBe(-1);
    expect(listMax(schema, ["nothing"])).toBe(-1);
    expect(listMax(formPageSchema, ["fields"])).toBe(FORM_BUILDER_MAX_FIELDS + 1);
  });
});

describe("oversizedLists", () => {
  it("accepts lists within their bounds, sparse ones included", () => {
    expect(refusedBy(["intent", "rows[0].label", "rows[4].label", "rows[4].tags[2]", "ids", "ids", "ids", "ids"])).toEqual({
      lists: [],
      unreadable: [],
    });
  });

  it.each([
    ["one past the schema's max", ["rows[5].label"], 5],
    ["a sparse list whose last index is past the max", ["rows[0].label", "rows[999].label"], 5],
    ["a huge index", ["rows[99999999999].label"], 5],
    ["a nested list past its own max", ["rows[1].tags[3]"], 3],
    ["repeated values past the max", ["ids", "ids", "ids", "ids", "ids"], 4],
    ["appends past the max", ["ids[]", "ids[]", "ids[]", "ids[]", "ids[]"], 4],
    ["an index where the schema has no list", ["title[0]"], 0],
    ["an index under a field the schema does not have", ["unknown[2].x"], 0],
  ])("refuses %s", (_case, names, max) => {
    const { lists } = refusedBy(names);
    expect(lists.length).toBeGreaterThan(0);
    expect(lists[0].max).toBe(max);
  });

  it("leaves repeated values of a field that is not a list, and repeated files, to the schema", () => {
    expect(refusedBy(["title", "title"]).lists).toEqual([]);
    const files = Array.from({ length: 9 }, () => ["ids", new File(["x"], "a.pdf")] as [string, File]);
    expect(oversizedLists(files, schema).lists).toEqual([]);
    expect(oversizedLists([...files, ["ids[9]", new File(["x"], "a.pdf")]], schema).lists).toHaveLength(1);
  });

  it("refuses any index past the max, whatever the list (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 4 }), (index, other) => {
        expect(refusedBy([`rows[${other}].label`, `rows[${index}].label`]).lists).toHaveLength(1);
        expect(refusedBy([`rows[${other}].label`]).lists).toHaveLength(0);
      }),
    );
  });
});

describe("screenLists: the refusal readSubmission answers with", () => {
  it("a form-wide translated message and the post without the list, so nothing long is built or shown", () => {
    const form = post([
      ["intent", "save"],
      ["title", "Naslov"],
      ["rows[0].label", "a"],
      ["rows[999].label", "b"],
    ]);
    const { form: kept, refused } = screenLists(form, schema);
    expect(refused).toEqual({ "": `${LIST_TOO_LONG}|{"max":5}` });
    expect([...kept.keys()]).toEqual(["intent", "title"]);
  });

  it.each(["rows[-1].label", "rows[x].label", "__intent__"])("refuses an unreadable name (%s) as an unknown field", (name) => {
    const { form: kept, refused } = screenLists(
      post([
        ["intent", "save"],
        [name, '{"type":"update","payload":{"name":"rows[9999]"}}'],
      ]),
      schema,
    );
    expect(refused).toEqual({ "": UNKNOWN_FIELD });
    expect([...kept.keys()]).toEqual(["intent"]);
  });

  it("passes a post within bounds untouched", () => {
    const form = post([
      ["intent", "save"],
      ["rows[4].label", "x"],
    ]);
    expect(screenLists(form, schema)).toEqual({ form, refused: null });
    // conform then builds at most the schema's rows.
    const parsed = parseWithZod(form, { schema });
    expect((parsed.payload.rows as unknown[]).length).toBe(5);
  });

  it("bounds the form builder's own post (fields[999].label)", () => {
    const { refused } = screenLists(
      post([
        ["intent", "save"],
        ["fields[999].label.hr", "x"],
      ]),
      formPageSchema,
    );
    expect(refused).toEqual({ "": `${LIST_TOO_LONG}|{"max":${FORM_BUILDER_MAX_FIELDS + 1}}` });
  });
});
