import type { AttributeType, LocalisedText } from "../../../schema";

type ValueSeed = { value: string; label: LocalisedText; swatch?: string };
type AttributeDef = { code: string; type: AttributeType; label: LocalisedText; unit?: string; values: ValueSeed[] };

/** RAL colours used on the range, with the usual screen approximation of each. */
export const RAL_COLOURS: ValueSeed[] = [
  { value: "ral-7016", label: { hr: "RAL 7016 antracit", en: "RAL 7016 anthracite grey", de: "RAL 7016 Anthrazitgrau" }, swatch: "#383E42" },
  { value: "ral-8017", label: { hr: "RAL 8017 čokoladno smeđa", en: "RAL 8017 chocolate brown", de: "RAL 8017 Schokoladenbraun" }, swatch: "#45322E" },
  { value: "ral-3009", label: { hr: "RAL 3009 oksidno crvena", en: "RAL 3009 oxide red", de: "RAL 3009 Oxidrot" }, swatch: "#642424" },
  { value: "ral-9006", label: { hr: "RAL 9006 bijeli aluminij", en: "RAL 9006 white aluminium", de: "RAL 9006 Weißaluminium" }, swatch: "#A5A5A5" },
  { value: "ral-9010", label: { hr: "RAL 9010 čisto bijela", en: "RAL 9010 pure white", de: "RAL 9010 Reinweiß" }, swatch: "#F1ECE1" },
  { value: "ral-6005", label: { hr: "RAL 6005 mahovina zelena", en: "RAL 6005 moss green", de: "RAL 6005 Moosgrün" }, swatch: "#114232" },
  { value: "ral-9005", label: { hr: "RAL 9005 crna", en: "RAL 9005 jet black", de: "RAL 9005 Tiefschwarz" }, swatch: "#0E0E10" },
];

/** Drawing colours of materials that are not painted. */
export const MATERIAL_COLOURS: Record<string, string> = {
  bakar: "#B87333",
  "aluminij-cink": "#B9BEC2",
  "pocincani-celik": "#9EA7AD",
  "nehrdajuci-celik": "#C4CACE",
  polikarbonat: "#BFDDEB",
  "epdm-guma": "#2B2B2B",
};

export const THICKNESSES = [0.5, 0.6, 0.7, 1.0];

export const ATTRIBUTES: AttributeDef[] = [
  { code: "boja", type: "visualSwatch", label: { hr: "Boja", en: "Colour", de: "Farbe" }, values: RAL_COLOURS },
  {
    code: "materijal",
    type: "dropdown",
    label: { hr: "Materijal", en: "Material", de: "Material" },
    values: [
      { value: "aluminij", label: { hr: "Aluminij", en: "Aluminium", de: "Aluminium" } },
      { value: "aluminij-cink", label: { hr: "Aluminij-cink", en: "Aluzinc", de: "Aluzink" } },
      { value: "bakar", label: { hr: "Bakar", en: "Copper", de: "Kupfer" } },
      { value: "pocincani-celik", label: { hr: "Pocinčani čelik", en: "Galvanised steel", de: "Verzinkter Stahl" } },
      { value: "nehrdajuci-celik", label: { hr: "Nehrđajući čelik", en: "Stainless steel", de: "Edelstahl" } },
      { value: "polikarbonat", label: { hr: "Polikarbonat", en: "Polycarbonate", de: "Polycarbonat" } },
      { value: "epdm-guma", label: { hr: "EPDM guma", en: "EPDM rubber", de: "EPDM-Gummi" } },
    ],
  },
  {
    code: "debljina",
    type: "numberField",
    unit: "mm",
    label: { hr: "Debljina lima", en: "Sheet thickness", de: "Blechstärke" },
    // Listed as values too, so the configurator can offer thicknesses by id.
    values: THICKNESSES.map((t) => {
      const [en, comma] = [thicknessValue(t), thicknessValue(t).replace(".", ",")];
      return { value: en, label: { hr: `${comma} mm`, en: `${en} mm`, de: `${comma} mm` } };
    }),
  },
  {
    code: "premaz",
    type: "multipleSelect",
    label: { hr: "Premaz", en: "Coating", de: "Beschichtung" },
    values: [
      { value: "poliester", label: { hr: "Poliester (PE)", en: "Polyester (PE)", de: "Polyester (PE)" } },
      { value: "pvdf", label: { hr: "PVDF", en: "PVDF", de: "PVDF" } },
      { value: "mat", label: { hr: "Mat strukturni", en: "Matt textured", de: "Matt strukturiert" } },
      { value: "filc", label: { hr: "Protukondenzacijski filc", en: "Anti-condensation felt", de: "Antikondensvlies" } },
      { value: "bez-premaza", label: { hr: "Bez premaza", en: "Uncoated", de: "Unbeschichtet" } },
    ],
  },
  { code: "rekonstrukcija", type: "yesNo", label: { hr: "Pogodno za rekonstrukciju", en: "Suitable for renovation", de: "Geeignet für Sanierung" }, values: [] },
  { code: "dostupno_od", type: "date", label: { hr: "Dostupno od", en: "Available from", de: "Verfügbar ab" }, values: [] },
];

/** The attribute_values.value of a thickness: "0.5", "1.0". */
export function thicknessValue(mm: number): string {
  return mm.toFixed(1);
}
