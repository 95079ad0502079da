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
