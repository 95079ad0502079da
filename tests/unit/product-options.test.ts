import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cartSchema } from "~/modules/cart/cart.schema";
import { validateProductOptions } from "~/modules/catalog/product-options.server";
import type { CustomOption } from "~/modules/catalog/product-view";

// The seeded cut-to-length option (spec §5 and §9: length hint 270–15000 mm).
const LENGTH: CustomOption = {
  id: 1,
  code: "duljina",
  type: "number",
  label: "Duljina",
  required: true,
  min: 270,
  max: 15000,
  unit: "mm",
  isLength: true,
};
const NOTE: CustomOption = {
  id: 2,
  code: "natpis",
  type: "text",
  label: "Natpis",
  required: false,
  min: 2,
  max: 20,
  unit: null,
  isLength: false,
};
const product = (locale: "hr" | "en" | "de" = "hr") => ({ locale, customOptions: [LENGTH, NOTE] });
/** The posted options as the cart action gets them: options.{code} fields parsed by the cart schema. */
const form = (fields: Record<string, string | Blob>) => {
  const data = new FormData();
  data.set("intent", "add");
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return (parseWithZod(data, { schema: cartSchema }).payload.options ?? {}) as Record<string, unknown>;
};

describe("validateProductOptions", () => {
  it.each([
    ["269", "Najmanja dopuštena vrijednost je 270 mm"],
    ["15001", "Najveća dopuštena vrijednost je 15000 mm"],
    ["abc", "Unesite broj"],
    ["12e3", "Unesite broj"],
    ["", "Unos ovog polja je obavezan"],
    ["   ", "Unos ovog polja je obavezan"],
    ["3000.5", "Unesite cijeli broj"],
  ])("refuses length %j with %j", async (value, message) => {
    const result = await validateProductOptions(product(), form({ "options.duljina": value }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({ "options.duljina": message });
  });

  it("refuses a missing required field, and a file instead of text", async () => {
    const missing = await validateProductOptions(product(), form({}));
    expect(!missing.ok && missing.errors["options.duljina"]).toBe("Unos ovog polja je obavezan");
    const file = await validateProductOptions(product(), form({ "options.duljina": new Blob(["3000"]) }));
    expect(!file.ok && file.errors["options.duljina"]).toBe("Unos ovog polja je obavezan");
  });

  it.each([
    ["270", 270],
    ["15000", 15000],
    [" 3000 ", 3000],
    ["4500,0", 4500],
  ])("accepts length %j as %d", async (value, parsed) => {
    const result = await validateProductOptions(product(), form({ "options.duljina": value, "options.ignored": "x" }));
    expect(result).toEqual({ ok: true, values: { duljina: parsed } });
  });

  it("takes an API client's length as a JSON number as it takes the form's text, by the same rules", async () => {
    expect(await validateProductOptions(product(), { duljina: 3000 })).toEqual({ ok: true, values: { duljina: 3000 } });
    const short = await validateProductOptions(product(), { duljina: 269 });
    expect(!short.ok && short.errors).toEqual({ "options.duljina": "Najmanja dopuštena vrijednost je 270 mm" });
    const fraction = await validateProductOptions(product(), { duljina: 3000.5 });
    expect(!fraction.ok && fraction.errors).toEqual({ "options.duljina": "Unesite cijeli broj" });
    const huge = await validateProductOptions(product(), { duljina: 1e21 });
    expect(!huge.ok && huge.errors).toEqual({ "options.duljina": "Unesite broj" });
  });

  it("checks a text option's length only when it is filled", async () => {
    expect(await validateProductOptions(product(), form({ "options.duljina": "300", "options.natpis": "Kuća Horvat" }))).toEqual({
      ok: true,
      values: { duljina: 300, natpis: "Kuća Horvat" },
    });
    const short = await validateProductOptions(product(), form({ "options.duljina": "300", "options.natpis": "K" }));
    expect(!short.ok && short.errors).toEqual({ "options.natpis": "Minimalan broj znakova je 2" });
    const long = await validateProductOptions(product(), form({ "options.duljina": "300", "options.natpis": "x".repeat(21) }));
    expect(!long.ok && long.errors).toEqual({ "options.natpis": "Maksimalan broj znakova je 20" });
  });

  it("speaks the product's language", async () => {
    const en = await validateProductOptions(product("en"), form({ "options.duljina": "100" }));
    expect(!en.ok && en.errors["options.duljina"]).toBe("The smallest allowed value is 270 mm");
    const de = await validateProductOptions(product("de"), form({ "options.duljina": "zwei" }));
    expect(!de.ok && de.errors["options.duljina"]).toBe("Geben Sie eine Zahl ein");
  });
});
