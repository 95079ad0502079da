import type { LinkType } from "../../schema";

type Item = { label: Record<string, string>; linkType: LinkType; target: string };
type Nav = { handle: string; title: string; items: Item[] };

export const NAVIGATIONS: Nav[] = [
  {
    handle: "main",
    title: "Glavna navigacija",
    items: [
      { label: { hr: "Naslovna", en: "Home", de: "Startseite" }, linkType: "page", target: "naslovna" },
      { label: { hr: "Trgovina", en: "Shop", de: "Shop" }, linkType: "route", target: "shop" },
      { label: { hr: "O nama", en: "About us", de: "Über uns" }, linkType: "page", target: "o-nama" },
      { label: { hr: "Reference", en: "References", de: "Referenzen" }, linkType: "page", target: "reference" },
      { label: { hr: "Blog", en: "Blog", de: "Blog" }, linkType: "route", target: "blog" },
      { label: { hr: "Kontakt", en: "Contact", de: "Kontakt" }, linkType: "page", target: "kontakt" },
    ],
  },
  {
    handle: "footer1",
    title: "Podnožje 1 – Proizvodi",
    items: [
      { label: { hr: "Krovni paneli", en: "Roof panels", de: "Dachpaneele" }, linkType: "category", target: "krovni-paneli" },
      { label: { hr: "Oluci", en: "Gutters", de: "Dachrinnen" }, linkType: "category", target: "oluci" },
      { label: { hr: "Opšavi", en: "Flashings", de: "Verblechungen" }, linkType: "category", target: "opsavi" },
      { label: { hr: "Pribor", en: "Accessories", de: "Zubehör" }, linkType: "category", target: "pribor" },
    ],
  },
  {
    handle: "footer2",
    title: "Podnožje 2 – Kupnja",
    items: [
      { label: { hr: "Košarica", en: "Cart", de: "Warenkorb" }, linkType: "route", target: "cart" },
      { label: { hr: "Moj profil", en: "My profile", de: "Mein Profil" }, linkType: "route", target: "profile" },
      { label: { hr: "Dostava i plaćanje", en: "Delivery and payment", de: "Lieferung und Zahlung" }, linkType: "page", target: "dostava-i-placanje" },
    ],
  },
  {
    handle: "footer3",
    title: "Podnožje 3 – Pravne informacije",
    items: [
      { label: { hr: "Uvjeti korištenja", en: "Terms of use", de: "Nutzungsbedingungen" }, linkType: "page", target: "uvjeti-koristenja" },
      { label: { hr: "Politika privatnosti", en: "Privacy policy", de: "Datenschutz" }, linkType: "page", target: "politika-privatnosti" },
      { label: { hr: "Politika kolačića", en: "Cookie policy", de: "Cookie-Richtlinie" }, linkType: "page", target: "politika-kolacica" },
    ],
  },
  {
    handle: "footer4",
    title: "Podnožje 4 – Pratite nas",
    items: [
      { label: { hr: "Facebook" }, linkType: "external", target: "https://www.facebook.com/alukrov" },
      { label: { hr: "Instagram" }, linkType: "external", target: "https://www.instagram.com/alukrov" },
      { label: { hr: "LinkedIn" }, linkType: "external", target: "https://www.linkedin.com/company/alukrov" },
    ],
  },
];
