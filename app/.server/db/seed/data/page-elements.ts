import { COMPANY } from "./options";

type Element = {
  title: string;
  handler: "header-section" | "footer-section" | "cookie-section";
  languageCode: string;
  slug: string;
  options: Record<string, unknown>;
};

export const HEADER_ELEMENT: Element = {
  title: "Zaglavlje",
  handler: "header-section",
  languageCode: "hrv",
  slug: "zaglavlje",
  options: {
    phone: COMPANY.phone,
    email: COMPANY.email,
    tagline: "Aluminijski krovni sustavi od 1998.",
  },
};

export const FOOTER_ELEMENT: Element = {
  title: "Podnožje",
  handler: "footer-section",
  languageCode: "hrv",
  slug: "podnozje",
  options: {
    company: COMPANY,
    textBlocks: [
      {
        title: "O nama",
        text: "Alu Krov projektira, proizvodi i montira aluminijske krovne sustave, opšave i oluke za obiteljske kuće i industrijske objekte diljem Hrvatske.",
      },
      {
        title: "Radno vrijeme",
        text: "Ponedjeljak – petak: 7:00 – 16:00\nSubota: 8:00 – 12:00",
      },
    ],
    euNotice: {
      text: "Projekt je sufinancirala Europska unija iz Europskog fonda za regionalni razvoj. Sadržaj internetske stranice isključiva je odgovornost tvrtke Alu Krov d.o.o.",
      logos: [
        { src: "/brand/eu-flag.svg", alt: "Europska unija" },
        { src: "/brand/esif.svg", alt: "Europski strukturni i investicijski fondovi" },
      ],
    },
    logos: [
      { src: "/brand/logo.svg", alt: "Alu Krov" },
    ],
    certificates: [
      { src: "/brand/cert-iso9001.svg", alt: "ISO 9001" },
      { src: "/brand/cert-ce.svg", alt: "CE" },
    ],
  },
};

export const COOKIE_ELEMENT: Element = {
  title: "Kolačići",
  handler: "cookie-section",
  languageCode: "hrv",
  slug: "kolacici",
  options: {
    text: "Koristimo kolačiće kako bismo vam pružili najbolje iskustvo na našim stranicama. Nužni kolačići uvijek su uključeni; marketinške i analitičke možete odabrati.",
    policySlug: "politika-kolacica",
  },
};

/** English and German versions of the blocks; other languages fall back to Croatian. */
export const TRANSLATED_ELEMENTS: Element[] = [
  {
    ...HEADER_ELEMENT,
    title: "Header",
    languageCode: "eng",
    slug: "header",
    options: { ...HEADER_ELEMENT.options, tagline: "Aluminium roof systems since 1998." },
  },
  {
    ...HEADER_ELEMENT,
    title: "Kopfzeile",
    languageCode: "ger",
    slug: "kopfzeile",
    options: { ...HEADER_ELEMENT.options, tagline: "Aluminium-Dachsysteme seit 1998." },
  },
  {
    ...FOOTER_ELEMENT,
    title: "Footer",
    languageCode: "eng",
    slug: "footer",
    options: {
      ...FOOTER_ELEMENT.options,
      company: { ...COMPANY, country: "Croatia" },
      textBlocks: [
        {
          title: "About us",
          text: "Alu Krov designs, manufactures and installs aluminium roof systems, flashings and gutters for family homes and industrial buildings across Croatia.",
        },
        { title: "Opening hours", text: "Monday – Friday: 7:00 – 16:00\nSaturday: 8:00 – 12:00" },
      ],
      euNotice: {
        text: "This project was co-financed by the European Union from the European Regional Development Fund. The content of this website is the sole responsibility of Alu Krov d.o.o.",
        logos: [
          { src: "/brand/eu-flag.svg", alt: "European Union" },
          { src: "/brand/esif.svg", alt: "European Structural and Investment Funds" },
        ],
      },
    },
  },
  {
    ...FOOTER_ELEMENT,
    title: "Fußzeile",
    languageCode: "ger",
    slug: "fusszeile",
    options: {
      ...FOOTER_ELEMENT.options,
      company: { ...COMPANY, country: "Kroatien" },
      textBlocks: [
        {
          title: "Über uns",
          text: "Alu Krov plant, fertigt und montiert Aluminium-Dachsysteme, Verblechungen und Dachrinnen für Einfamilienhäuser und Industriegebäude in ganz Kroatien.",
        },
        { title: "Öffnungszeiten", text: "Montag – Freitag: 7:00 – 16:00\nSamstag: 8:00 – 12:00" },
      ],
      euNotice: {
        text: "Das Projekt wurde von der Europäischen Union aus dem Europäischen Fonds für regionale Entwicklung kofinanziert. Für den Inhalt dieser Website ist allein Alu Krov d.o.o. verantwortlich.",
        logos: [
          { src: "/brand/eu-flag.svg", alt: "Europäische Union" },
          { src: "/brand/esif.svg", alt: "Europäische Struktur- und Investitionsfonds" },
        ],
      },
    },
  },
];
