import type { CategorySeed } from "../types";

/**
 * Product categories, parents before children. Sort ids are spec §9's: 1 newest, 2 oldest,
 * 3 cheapest, 4 most expensive, 5 A-Z, 6 Z-A, 7 low priority, 8 high priority first.
 * Slugs match the links of the footer navigation (seed/data/navigations.ts).
 */
export const CATEGORIES: CategorySeed[] = [
  {
    slug: "krovni-paneli",
    name: "Krovni paneli",
    title: "Aluminijski krovni paneli",
    description:
      "<p>Lagani aluminijski krovni paneli s izgledom crijepa, šindre ili falcanog krova. Ne hrđaju, ne pucaju na mrazu i idealni su za nove krovove i rekonstrukcije.</p>",
    sortTypes: [1, 3, 4, 5, 6],
    sortDefaultType: 1,
    i18n: { eng: { name: "Roof panels", slug: "roof-panels" }, ger: { name: "Dachpaneele", slug: "dachpaneele" } },
  },
  {
    slug: "trapezni-limovi",
    name: "Trapezni limovi",
    title: "Trapezni i valoviti limovi",
    description: "<p>Trapezni i valoviti limovi za krovove i fasade gospodarskih, industrijskih i stambenih objekata. Po standardnim duljinama ili rezani po mjeri.</p>",
    sortTypes: [3, 4, 5, 6],
    sortDefaultType: 3,
    i18n: { eng: { name: "Trapezoidal sheets", slug: "trapezoidal-sheets" }, ger: { name: "Trapezbleche", slug: "trapezbleche" } },
  },
  {
    slug: "oluci-i-odvodnja",
    name: "Oluci i odvodnja",
    title: "Oluci i krovna odvodnja",
    description: "<p>Kompletan sustav krovne odvodnje: polukružni i kutni oluci, odvodne cijevi, kuke, lijevci i spojni elementi u istim RAL bojama kao i krov.</p>",
    sortTypes: [],
    sortDefaultType: 1,
    i18n: {
      eng: { name: "Gutters and drainage", slug: "gutters-and-drainage" },
      ger: { name: "Dachrinnen und Entwässerung", slug: "dachrinnen-und-entwaesserung" },
    },
  },
  {
    slug: "oluci",
    parent: "oluci-i-odvodnja",
    name: "Oluci",
    title: "Aluminijski oluci",
    description: "<p>Polukružni i kutni oluci od aluminija i bakra s pripadajućim kukama i čepovima.</p>",
    sortTypes: [],
    sortDefaultType: 3,
    i18n: { eng: { name: "Gutters", slug: "gutters" }, ger: { name: "Dachrinnen", slug: "dachrinnen" } },
  },
  {
    slug: "odvodne-cijevi",
    parent: "oluci-i-odvodnja",
    name: "Odvodne cijevi",
    title: "Odvodne cijevi i spojni elementi",
    description: "<p>Okrugle odvodne cijevi, koljena, obujmice i hvatači kišnice.</p>",
    sortTypes: [],
    sortDefaultType: 1,
    i18n: { eng: { name: "Downpipes", slug: "downpipes" }, ger: { name: "Fallrohre", slug: "fallrohre" } },
  },
  {
    slug: "opsavi",
    name: "Opšavi",
    title: "Krovni opšavi i okapnice",
    description: "<p>Zidni, zabatni i strehni opšavi, opšavi dimnjaka i uvale, savijeni od plastificiranog aluminija.</p>",
    sortTypes: [5, 6, 3, 4],
    sortDefaultType: 5,
    i18n: { eng: { name: "Flashings", slug: "flashings" }, ger: { name: "Verblechungen", slug: "verblechungen" } },
  },
  {
    slug: "pribor",
    name: "Pričvrsni pribor",
    title: "Vijci, brtve i pričvrsni pribor",
    description: "<p>Samobušivi vijci s EPDM podloškom, zakovice, snjegobrani, trake i kitovi za trajno nepropusne spojeve.</p>",
    sortTypes: [8, 7, 3, 4, 5],
    sortDefaultType: 8,
    i18n: {
      eng: { name: "Fasteners and accessories", slug: "fasteners-and-accessories" },
      ger: { name: "Befestigung und Zubehör", slug: "befestigung-und-zubehoer" },
    },
  },
  {
    slug: "krovni-prozori-i-svjetlarnici",
    name: "Krovni prozori i svjetlarnici",
    title: "Krovni prozori, izlazi i svjetlarnici",
    description: "<p>Krovni prozori s aluminijskim opšavom za sve vrste pokrova, krovni izlazi i polikarbonatni svjetlarnici.</p>",
    sortTypes: [],
    sortDefaultType: 1,
    i18n: {
      eng: { name: "Roof windows and skylights", slug: "roof-windows-and-skylights" },
      ger: { name: "Dachfenster und Lichtkuppeln", slug: "dachfenster-und-lichtkuppeln" },
    },
  },
  {
    slug: "alati",
    name: "Alati",
    title: "Alati za obradu lima",
    description: "<p>Škare, savijači, kliješta i električni alati za rezanje i oblikovanje aluminijskog lima.</p>",
    sortTypes: [1, 2, 3, 4],
    sortDefaultType: 4,
    i18n: { eng: { name: "Tools", slug: "tools" }, ger: { name: "Werkzeuge", slug: "werkzeuge" } },
  },
  {
    slug: "usluge",
    name: "Usluge",
    title: "Izmjera i montaža",
    description: "<p>Izmjera krova na terenu, izrada specifikacije materijala i montaža sustava odvodnje.</p>",
    sortTypes: [5, 6],
    sortDefaultType: 5,
    i18n: { eng: { name: "Services", slug: "services" }, ger: { name: "Dienstleistungen", slug: "dienstleistungen" } },
  },
];
