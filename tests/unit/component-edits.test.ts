import { describe, expect, it } from "vitest";
import { ADDABLE_COMPONENTS, BadSectionIndex, changeSections, newComponent } from "~/modules/editing/component-edits";

/** The section manager's changes (decision 0051) on a stored component list. */
const list = [{ type: "hero", title: "A" }, { type: "text", html: "<p>B</p>" }, { type: "contactForm" }];

describe("section changes", () => {
  it("adds, moves, duplicates, hides and removes without touching the input", () => {
    expect(changeSections(list, { op: "add", at: 99, component: newComponent("postList") }).at(-1)).toEqual({
      type: "postList",
      title: "",
      limit: 3,
    });
    expect(changeSections(list, { op: "move", index: 0, to: 2 }).map((c) => c.type)).toEqual(["text", "contactForm", "hero"]);
    expect(changeSections(list, { op: "duplicate", index: 1 }).map((c) => c.type)).toEqual(["hero", "text", "text", "contactForm"]);
    expect(changeSections(list, { op: "hide", index: 2, hidden: true })[2]).toEqual({ type: "contactForm", hidden: true });
    expect(changeSections(list, { op: "remove", index: 0 })).toHaveLength(2);
    expect(list).toHaveLength(3);
  });

  it("keeps a section's type and visibility when its panel replaces its fields", () => {
    const hidden = changeSections(list, { op: "hide", index: 0, hidden: true });
    expect(changeSections(hidden, { op: "replace", index: 0, component: { type: "text", title: "C", hidden: false } })[0]).toEqual({
      type: "hero",
      title: "C",
      hidden: true,
    });
  });

  it("refuses an index outside the list instead of changing another section", () => {
    expect(() => changeSections(list, { op: "remove", index: 3 })).toThrow(BadSectionIndex);
    expect(() => changeSections(list, { op: "move", index: 0, to: 5 })).toThrow(BadSectionIndex);
  });

  it("offers only types whose new section is valid as it is", () => {
    for (const type of ADDABLE_COMPONENTS) expect(newComponent(type).type).toBe(type);
  });
});
