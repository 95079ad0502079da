import { describe, expect, it } from "vitest";
import {
  bundleReadiness,
  defaultSelection,
  findVariant,
  formPrefill,
  lowStockCount,
  productPrices,
  readSelection,
  selectionSearch,
  type AssociatedProduct,
  type BundlePart,
  type Configuration,
} from "~/modules/catalog/product-view";

const prices = productPrices({ retail: 1690, price: 1690, membership: null, taxRateBp: 2500 });
const variant = (id: number, boja: number, debljina: number): AssociatedProduct => ({
  id,
  sku: `V-${id}`,
  attributes: { boja, debljina },
  prices,
  images: [],
  inStock: true,
  madeToOrder: false,
  available: null,
  lowStock: null,
});
// Colours 1 (default) and 2, thicknesses 10 and 11 (default); colour 2 has no 11.
const CONFIG: Configuration = {
  associatedProductsAttributes: [
    {
      attributeCode: "boja",
      label: "Boja",
      inputType: "visualSwatch",
      customClass: "",
      values: [
        { id: 1, value: "ral-7016", label: "RAL 7016", isMedia: true, swatch: "#383E42", shopDefault: true },
        { id: 2, value: "ral-3009", label: "RAL 3009", isMedia: true, swatch: "#642424", shopDefault: false },
      ],
    },
    {
      attributeCode: "debljina",
      label: "Debljina",
      inputType: "numberField",
      customClass: "",
      values: [
        { id: 10, value: "0.5", label: "0,5 mm", isMedia: false, swatch: null, shopDefault: false },
        { id: 11, value: "0.7", label: "0,7 mm", isMedia: false, swatch: null, shopDefault: true },
      ],
    },
  ],
  associatedProducts: [variant(100, 1, 10), variant(101, 1, 11), variant(102, 2, 10)],
};

describe("product prices", () => {
  it("splits the VAT off the final price and rounds the discount percent (spec §9)", () => {
    expect(productPrices({ retail: 1690, price: 1490, membership: 1400, taxRateBp: 2500 })).toEqual({
      basicCents: 1192,
      retailCents: 1690,
      membershipCents: 1400,
      finalCents: 1490,
      taxCents: 298,
      taxRateBp: 2500,
      discountPercent: 12, // 11.83 rounds up
    });
    expect(productPrices({ retail: 890, price: 790, membership: null, taxRateBp: 2500 }).discountPercent).toBe(11); // 11.24
  });
});

describe("product configuration (spec §4)", () => {
  it("starts every attribute at its shop default and finds the matching variant", () => {
    expect(defaultSelection(CONFIG)).toEqual({ boja: 1, debljina: 11 });
    expect(findVariant(CONFIG, defaultSelection(CONFIG))?.id).toBe(101);
  });

  it("reads machine values or value ids from the URL, ignoring what it does not know", () => {
    expect(readSelection(CONFIG, new URLSearchParams("boja=ral-3009&debljina=10"))).toEqual({ boja: 2, debljina: 10 });
    expect(readSelection(CONFIG, new URLSearchParams("boja=green&debljina=&x=1"))).toEqual({ boja: 1, debljina: 11 });
    expect(readSelection(CONFIG, new URLSearchParams("p5.boja=ral-3009"), "p5.")).toEqual({ boja: 2, debljina: 11 });
  });

  it("prefers an edited cart item's variant to the defaults, and the URL to both", () => {
    expect(readSelection(CONFIG, new URLSearchParams(), "", 102)).toEqual({ boja: 2, debljina: 10 });
    expect(readSelection(CONFIG, new URLSearchParams("debljina=0.7"), "", 102)).toEqual({ boja: 2, debljina: 11 });
    expect(readSelection(CONFIG, new URLSearchParams(), "", 999)).toEqual({ boja: 1, debljina: 11 });
  });

  it("has no variant for a combination nobody makes", () => {
    expect(findVariant(CONFIG, { boja: 2, debljina: 11 })).toBeNull();
    expect(findVariant(CONFIG, {})).toBeNull();
  });

  it("writes the selection into the query and keeps the other parameters", () => {
    const search = selectionSearch(CONFIG, { boja: 2, debljina: 10 }, new URLSearchParams("cartItemId=7&boja=ral-7016"));
    expect(search).toBe("cartItemId=7&boja=ral-3009&debljina=0.5");
  });
});

describe("bundle readiness (spec §4 Cart: Addable)", () => {
  const part = (id: number, format: BundlePart["format"], configuration: Configuration | null = null): BundlePart => ({
    id,
    name: `P${id}`,
    sku: `P-${id}`,
    format,
    quantity: 1,
    slug: null,
    image: null,
    configuration,
  });

  it("is ready when every configurable part resolves to a variant", () => {
    const parts = [part(1, "configurable", CONFIG), part(2, "simple")];
    const ready = bundleReadiness(parts, { 1: { boja: 2, debljina: 10 } });
    expect(ready).toMatchObject({ ready: true, unconfigured: [], nestedBundle: false });
    expect(ready.variants[1]?.id).toBe(102);
    expect(bundleReadiness(parts, { 1: { boja: 2, debljina: 11 } })).toMatchObject({ ready: false, unconfigured: [1] });
    expect(bundleReadiness(parts, {})).toMatchObject({ ready: false, unconfigured: [1] });
  });

  it("is never ready with a bundle among its parts", () => {
    expect(bundleReadiness([part(1, "simple"), part(3, "bundle")], {})).toMatchObject({ ready: false, nestedBundle: true });
  });
});

describe("cart-item edit prefill", () => {
  const product = {
    id: 7,
    customOptions: [
      {
        id: 1,
        code: "duljina",
        type: "number" as const,
        label: "Duljina",
        required: true,
        min: 270,
        max: 15000,
        unit: "mm",
        isLength: true,
      },
    ],
  };

  it("uses the spec's defaults without an item", () => {
    expect(formPrefill(product, null)).toEqual({ itemId: null, quantity: 1, options: { duljina: "" }, variantId: null, bundleOptions: {} });
  });

  it("takes quantity, personalisations and the variant from the item being edited", () => {
    const item = {
      itemId: "abc",
      productId: 7,
      variantId: 55,
      quantity: 4,
      options: { duljina: "3200", other: "x" },
      bundleOptions: { 3: 9 },
    };
    expect(formPrefill(product, item)).toEqual({
      itemId: "abc",
      quantity: 4,
      options: { duljina: "3200" },
      variantId: 55,
      bundleOptions: { 3: 9 },
    });
  });

  it("ignores an item of another product and clamps a quantity outside 1–999", () => {
    const item = { itemId: "abc", productId: 8, variantId: null, quantity: 4, options: {}, bundleOptions: {} };
    expect(formPrefill(product, item).itemId).toBeNull();
    expect(formPrefill(product, { ...item, productId: 7, quantity: 5000 }).quantity).toBe(999);
    expect(formPrefill(product, { ...item, productId: 7, quantity: 0 }).quantity).toBe(1);
  });
});

describe("the low-stock hint's count (decision 0037)", () => {
  it("is the stock from the threshold down to 1, and null for more, none or an untracked stock", () => {
    expect(lowStockCount(3, 5)).toBe(3);
    expect(lowStockCount(5, 5)).toBe(5);
    expect(lowStockCount(1, 5)).toBe(1);
    expect(lowStockCount(6, 5)).toBeNull();
    expect(lowStockCount(0, 5)).toBeNull();
    expect(lowStockCount(null, 5)).toBeNull();
    // Threshold 0 turns the hint off.
    expect(lowStockCount(1, 0)).toBeNull();
  });
});
