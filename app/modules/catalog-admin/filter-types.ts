/**
 * Which of the eight filter types of spec §3 (Layered filter) a category may give an
 * attribute (docs/decisions/0048). The type decides how the shop's filter
 * panel shows the attribute, while the attribute's own type decides how its values are
 * stored and matched, so a filter type must read the same kind of value:
 * - a choice attribute (dropdown, multipleSelect, textSwatch, visualSwatch) may be shown as
 *   any of the four choice types (a list, chips, or colour/image swatches);
 * - numberField, date, dateTime and yesNo have one way to be filtered: their own type.
 */
export const FILTER_TYPES = [
  "dropdown",
  "numberField",
  "multipleSelect",
  "textSwatch",
  "visualSwatch",
  "yesNo",
  "dateTime",
  "date",
] as const;
export type FilterTypeName = (typeof FILTER_TYPES)[number];

const CHOICE_TYPES: readonly FilterTypeName[] = ["dropdown", "multipleSelect", "textSwatch", "visualSwatch"];

/** The filter types an attribute of this type can be shown with, its own type first. */
export function filterTypesFor(attributeType: FilterTypeName): FilterTypeName[] {
  if (!CHOICE_TYPES.includes(attributeType)) return [attributeType];
  return [attributeType, ...CHOICE_TYPES.filter((type) => type !== attributeType)];
}

export function filterTypeFits(attributeType: FilterTypeName, filterType: FilterTypeName): boolean {
  return filterTypesFor(attributeType).includes(filterType);
}

/** Attribute types whose products pick values from the attribute's list (values can be edited). */
export function hasValueList(attributeType: FilterTypeName): boolean {
  return CHOICE_TYPES.includes(attributeType) || attributeType === "numberField";
}
