import type { FormFieldDefinition, LocalizedText } from "../../schema";
import { COMPANY } from "./options";

/**
 * Components of the built-in pages (decision 0014), per Croatian slug and content
 * language. Checked by componentsForSave when seeded, like an editor's.
 */
type Lang = "hrv" | "eng" | "ger";
const by = <T>(values: Record<Lang, T>) => values;

const MAP = { type: "map", lat: 45.7125, lon: 16.0756, zoom: 15, address: `${COMPANY.street}, ${COMPANY.city}` };

export const INSTALLATION_FORM_SLUG = "upit-za-montazu";

export const PAGE_COMPONENTS: Record<string, Record<Lang, unknown[]>> = {
  "o-nama": by({
    hrv: [
      { type: "certificates", title: "Certifikati", items: [{ title: "ISO 9001", text: "Certificirana proizvodnja" }, { title: "CE / EN 14782", text: "Krovni paneli i limovi" }] },
      { type: "productSlider", title: "Najtraženiji proizvodi", tag: "Top proizvodi", limit: 6 },
      { type: "cta", title: "Trebate novi krov?", text: "Pošaljite nam upit, izračunat ćemo materijal i montažu.", link: { label: "Kontaktirajte nas", linkType: "page", target: "kontakt" } },
    ],
    eng: [
      { type: "certificates", title: "Certificates", items: [{ title: "ISO 9001", text: "Certified production" }, { title: "CE / EN 14782", text: "Roof panels and sheets" }] },
      { type: "productSlider", title: "Most wanted products", tag: "Top proizvodi", limit: 6 },
      { type: "cta", title: "Need a new roof?", text: "Send us an enquiry, we will work out the material and installation.", link: { label: "Contact us", linkType: "page", target: "contact" } },
    ],
    ger: [
      { type: "certificates", title: "Zertifikate", items: [{ title: "ISO 9001", text: "Zertifizierte Produktion" }, { title: "CE / EN 14782", text: "Dachpaneele und Bleche" }] },
      { type: "productSlider", title: "Gefragteste Produkte", tag: "Top proizvodi", limit: 6 },
      { type: "cta", title: "Brauchen Sie ein neues Dach?", text: "Senden Sie uns eine Anfrage, wir berechnen Material und Montage.", link: { label: "Kontakt", linkType: "page", target: "kontakt" } },
    ],
  }),
  kontakt: by({
    hrv: [
      { type: "contactForm" },
      { ...MAP, title: "Kako do nas" },
      { type: "productSlider", title: "Krovni paneli", category: "krovni-paneli", limit: 8 },
    ],
    eng: [
      { type: "contactForm" },
      { ...MAP, title: "How to find us" },
      { type: "productSlider", title: "Roof panels", category: "roof-panels", limit: 8 },
    ],
    ger: [
      { type: "contactForm" },
      { ...MAP, title: "Anfahrt" },
      { type: "productSlider", title: "Dachpaneele", category: "dachpaneele", limit: 8 },
    ],
  }),
  reference: by({
    hrv: [
      { type: "postList", title: "Novosti s gradilišta", limit: 3 },
      { type: "form", slug: INSTALLATION_FORM_SLUG },
    ],
    eng: [
      { type: "postList", title: "News from our sites", limit: 3 },
      { type: "form", slug: INSTALLATION_FORM_SLUG },
    ],
    ger: [
      { type: "postList", title: "Neues von unseren Baustellen", limit: 3 },
      { type: "form", slug: INSTALLATION_FORM_SLUG },
    ],
  }),
};

/** A form defined in the database: a request for a site visit and installation quote. */
export const INSTALLATION_FORM: { slug: string; title: LocalizedText; fields: FormFieldDefinition[] } = {
  slug: INSTALLATION_FORM_SLUG,
  title: { hr: "Upit za izlazak na teren i montažu", en: "Site visit and installation request", de: "Anfrage für Besichtigung und Montage" },
  fields: [
    { name: "name", type: "text", label: { hr: "Ime i prezime", en: "Full name", de: "Vor- und Nachname" }, required: true, maxLength: 120 },
    { name: "email", type: "email", label: { hr: "E-mail adresa", en: "E-mail address", de: "E-Mail-Adresse" }, required: true },
    { name: "phone", type: "tel", label: { hr: "Telefon", en: "Phone", de: "Telefon" }, required: false },
    {
      name: "building",
      type: "select",
      label: { hr: "Vrsta objekta", en: "Building type", de: "Gebäudeart" },
      required: true,
      options: [
        { value: "house", label: { hr: "Obiteljska kuća", en: "Family house", de: "Einfamilienhaus" } },
        { value: "business", label: { hr: "Poslovni objekt", en: "Commercial building", de: "Gewerbegebäude" } },
        { value: "industry", label: { hr: "Industrijski objekt", en: "Industrial building", de: "Industriegebäude" } },
      ],
    },
    { name: "area", type: "text", label: { hr: "Približna površina krova (m²)", en: "Approximate roof area (m²)", de: "Ungefähre Dachfläche (m²)" }, required: false, maxLength: 20 },
    { name: "message", type: "textarea", label: { hr: "Poruka", en: "Message", de: "Nachricht" }, required: false, maxLength: 3000 },
    { name: "oldRoofRemoval", type: "checkbox", label: { hr: "Potrebno je uklanjanje starog krova", en: "The old roof needs removing", de: "Das alte Dach muss entfernt werden" }, required: false },
  ],
};
