import type { CategoryProducts } from "../types";
import { PANELS } from "./products-panels";
import { SHEETS } from "./products-sheets";
import { DOWNPIPES, GUTTERS } from "./products-gutters";
import { FLASHINGS } from "./products-flashings";
import { FASTENERS } from "./products-fasteners";
import { WINDOWS } from "./products-windows";
import { SERVICES, TOOLS } from "./products-tools";

export { ATTRIBUTES, MATERIAL_COLOURS, RAL_COLOURS, thicknessValue } from "./attributes";
export { CATEGORIES } from "./categories";

/** "Hero" marks the two products of the home page hero; the others are ordinary tags. */
export const TAGS = ["Hero", "Top proizvodi", "Novo"];

export const PRODUCT_GROUPS: CategoryProducts[] = [PANELS, SHEETS, GUTTERS, DOWNPIPES, FLASHINGS, FASTENERS, WINDOWS, TOOLS, SERVICES];

/** The cut-to-length option of spec §5/§9 (length hint 270–15000 mm). */
export const CUSTOM_LENGTH_OPTION = {
  optionType: "number" as const,
  code: "duljina",
  label: { hr: "Duljina", en: "Length", de: "Länge" },
  required: true,
  minValue: 270,
  maxValue: 15000,
  unit: "mm",
  // The length a product sold per running metre is priced by.
  isLength: true,
};
