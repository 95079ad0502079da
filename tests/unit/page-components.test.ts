import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, describe, expect, it, vi } from "vitest";
import { componentsForSave, parseComponents, readComponents } from "~/modules/cms/page-components.schema";
import { formDataSchema, formDefinitionSchema, senderOf } from "~/modules/forms/form.schema";
import type { FormFieldDefinition } from "~/.server/db/schema";

/** Page components (decision 0014) and form definitions and data (decision 0019). */
const media = { driveId: "abc-1", title: "Krov", alt: "Krov kuće", width: 1200, height: 800 };

describe("page components", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps every known component in order, with defaults", () => {
    const { components, skipped } = parseComponents([
      { type: "hero", title: "Novi krov", cta: { label: "Kontakt", linkType: "page", target: "kontakt" } },
      { type: "text", html: "<p>Tekst</p>" },
      { type: "image", image: media },
      { type: "gallery", images: [media] },
      { type: "productSlider", tag: "Top proizvodi" },
      { type: "productSlider", category: "krovni-paneli", limit: 4 },
      { type: "postList" },
      { type: "contactForm" },
      { type: "form", slug: "upit-za-montazu" },
      { type: "cta", title: "Pišite nam", link: { label: "Pišite", linkType: "external", target: "https://example.com" } },
      { type: "map", lat: 45.7, lon: 16.07 },
      { type: "logoList", logos: [{ image: media }] },
      { type: "certificates", items: [{ title: "ISO 9001" }] },
    ]);
    expect(skipped).toEqual([]);
    expect(components.map((c) => c.type)).toEqual([
      "hero",
      "text",
      "image",
      "gallery",
      "productSlider",
      "productSlider",
      "postList",
      "contactForm",
      "form",
      "cta",
      "map",
      "logoList",
      "certificates",
    ]);
    expect(components[4]).toMatchObject({ limit: 10, title: "" });
    expect(components[6]).toMatchObject({ limit: 3 });
    expect(components[10]).toMatchObject({ zoom: 16 });
  });

  it("skips an unknown type or bad fields and logs them on read, never throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const read = readComponents(
      [
        { type: "carousel3d" },
        null,
        "text",
        { type: "productSlider" },
        { type: "productSlider", tag: "A", category: "b" },
        { type: "image", image: { ...media, driveId: "../etc" } },
        { type: "text", html: "<p>ok</p>" },
      ],
      "page 1 (hrv)",
    );
    expect(read).toEqual([{ type: "text", html: "<p>ok</p>" }]);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(String(warn.mock.calls[0][0])).toContain('unknown type "carousel3d"');
    expect(readComponents("not a list", "x")).toEqual([]);
    expect(readComponents(undefined, "x")).toEqual([]);
  });

  it("refuses a list with a bad entry on save", () => {
    expect(() => componentsForSave([{ type: "text", html: "" }, { type: "nope" }])).toThrow(/#1 unknown type/);
    expect(componentsForSave([{ type: "postList", limit: 2 }])).toEqual([{ type: "postList", title: "", limit: 2 }]);
  });

  it("sanitises text HTML and refuses limits out of range", () => {
    expect(parseComponents([{ type: "text", html: '<h1>A</h1><script>x()</script><p onclick="y()">B</p>' }]).components).toEqual([
      { type: "text", html: "<h2>A</h2><p>B</p>" },
    ]);
    expect(parseComponents([{ type: "postList", limit: 0 }]).skipped).toHaveLength(1);
    expect(parseComponents([{ type: "productSlider", tag: "A", limit: 21 }]).skipped).toHaveLength(1);
    expect(parseComponents([{ type: "map", lat: 91, lon: 0 }]).skipped).toHaveLength(1);
  });
});

const FIELDS: FormFieldDefinition[] = [
  { name: "name", type: "text", label: { hr: "Ime" }, required: true, maxLength: 5 },
  { name: "email", type: "email", label: { hr: "E-mail" }, required: true },
  { name: "phone", type: "tel", label: { hr: "Telefon" }, required: false },
  { name: "kind", type: "select", label: { hr: "Vrsta" }, required: false, options: [{ value: "house", label: { hr: "Kuća" } }] },
  { name: "note", type: "textarea", label: { hr: "Poruka" }, required: false },
  { name: "agree", type: "checkbox", label: { hr: "Slažem se" }, required: true },
];
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

/** A post parsed as the form route does: the fields' values and sender, or the first message of every wrong field. */
function parseFormData(fields: readonly FormFieldDefinition[], posted: FormData) {
  const submission = parseWithZod(posted, { schema: formDataSchema(fields) });
  if (submission.status !== "success") {
    return {
      ok: false as const,
      errors: Object.fromEntries(
        Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages?.length ? [[name, messages[0]]] : [])),
      ),
    };
  }
  const value: Record<string, unknown> = submission.value;
  const data = Object.fromEntries(fields.map((f) => [f.name, value[f.name]]));
  return { ok: true as const, data, email: senderOf(fields, data) };
}

describe("forms defined in the database", () => {
  it("takes valid data: trimmed, e-mail lower-cased, checkbox as a boolean, the e-mail field is the sender", () => {
    expect(parseFormData(FIELDS, form({ name: " Ana ", email: "Ana@Example.COM", kind: "house", agree: "on" }))).toEqual({
      ok: true,
      data: { name: "Ana", email: "ana@example.com", phone: "", kind: "house", note: "", agree: true },
      email: "ana@example.com",
    });
  });

  it("names every wrong field with its translated message key", () => {
    expect(parseFormData(FIELDS, form({ name: "Predugo ime", email: "x@", phone: "abc", kind: "castle" }))).toEqual({
      ok: false,
      errors: {
        name: 'core.validation.maxLength|{"length":5}',
        email: "core.validation.email",
        phone: "forms.validation.contactNumber",
        kind: "forms.validation.option",
        agree: "core.validation.required",
      },
    });
    expect(parseFormData(FIELDS, form({})).ok).toBe(false);
    const missing = parseFormData(FIELDS, form({ agree: "on" }));
    expect(missing.ok ? null : missing.errors).toEqual({ name: "core.validation.required", email: "core.validation.required" });
  });

  it("a file field takes at most 10 files (spec §5 public uploads)", () => {
    const schema = formDataSchema([{ name: "photos", type: "file", label: { hr: "Fotografije" }, required: true }]);
    const files = (n: number) => Array.from({ length: n }, (_, i) => new File(["x"], `f${i}.pdf`));
    expect(schema.safeParse({ photos: files(10) }).success).toBe(true);
    expect(schema.safeParse({ photos: files(1)[0] }).success).toBe(true);
    const eleven = schema.safeParse({ photos: files(11) });
    expect(eleven.error?.issues.map((i) => i.message)).toEqual(['forms.upload.tooMany|{"max":10}']);
    expect(schema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(["core.validation.required"]);
  });

  it("a file input left empty (a nameless empty file) is no file: required names it, optional takes none", () => {
    const empty = () => {
      const form = new FormData();
      form.append("photos", new File([], ""));
      return form;
    };
    const field = { name: "photos", type: "file", label: { hr: "Fotografije" } } as const;
    expect(parseFormData([{ ...field, required: true }], empty())).toEqual({ ok: false, errors: { photos: "core.validation.required" } });
    expect(parseFormData([{ ...field, required: false }], empty())).toMatchObject({ ok: true, data: { photos: [] } });
  });

  it("checks an editor's definition: field types, unique and unreserved names", () => {
    expect(formDefinitionSchema.safeParse(FIELDS).success).toBe(true);
    // "file" is a type since decision 0078 (spec §5 public uploads); anything else is still refused.
    expect(formDefinitionSchema.safeParse([{ ...FIELDS[0], type: "file" }]).success).toBe(true);
    expect(formDefinitionSchema.safeParse([{ ...FIELDS[0], type: "video" }]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([FIELDS[0], FIELDS[0]]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([{ ...FIELDS[0], name: "csrf" }]).success).toBe(false);
    expect(formDefinitionSchema.safeParse([{ ...FIELDS[0], name: "1x" }]).success).toBe(false);
  });
});
