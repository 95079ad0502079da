import type { CategoryProducts } from "../types";

export const TOOLS: CategoryProducts = {
  category: "alati",
  products: [
    {
      sku: "AK-ALT-SKR-RAV",
      name: "Ručne škare za lim, ravne",
      short: "Profesionalne škare za ravne rezove aluminijskog lima do 1 mm.",
      features: ["Krom-vanadij čelik", "Duljina 250 mm", "Ergonomske ručke"],
      retail: 2490,
      stock: 45,
      attrs: { materijal: "nehrdajuci-celik" },
      drawing: "tool",
    },
    {
      sku: "AK-ALT-NIB-500",
      name: "Električna grickalica za lim 500 W",
      short: "Grickalica reže trapezne i valovite limove bez deformacije i bez iskrenja.",
      features: ["Snaga 500 W", "Rez lima do 1,6 mm", "Rezanje u krivulje"],
      retail: 18990,
      price: 17490,
      stock: 6,
      tags: ["Novo"],
      drawing: "tool",
    },
    {
      sku: "AK-ALT-SAV-80",
      name: "Ručni savijač lima 80 mm",
      short: "Savijač za precizno podvijanje rubova opšava i falceva na gradilištu.",
      features: ["Širina čeljusti 80 mm", "Dubina savijanja do 40 mm", "Kovano tijelo"],
      retail: 3990,
      member: 3590,
      stock: 20,
      drawing: "tool",
    },
    {
      sku: "AK-ALT-KLJ-FALC",
      name: "Kliješta za falcanje ravna 60 mm",
      short: "Kliješta za zatvaranje stojećeg falca i završnu obradu opšava.",
      features: ["Širina čeljusti 60 mm", "Dvokomponentne ručke", "Za aluminij i bakar"],
      retail: 2890,
      stock: 0,
      drawing: "tool",
    },
    {
      sku: "AK-ALT-NAS-8",
      name: "Nasadni ključ za samobušive vijke 8 mm",
      short: "Magnetni nasadni ključ za akumulatorsku bušilicu, za vijke sa šesterokutnom glavom.",
      features: ["Šesterokut 8 mm", "Jaki magnet", "Prihvat 1/4\""],
      retail: 490,
      stock: 150,
      drawing: "tool",
    },
  ],
};

export const SERVICES: CategoryProducts = {
  category: "usluge",
  products: [
    {
      sku: "AK-USL-IZMJ",
      name: "Izmjera krova na terenu",
      short: "Naš tehničar dolazi na objekt, mjeri krov i izrađuje specifikaciju materijala i ponudu.",
      features: ["Na području Zagreba i Zagrebačke županije", "Specifikacija materijala u 48 sati", "Iznos se odbija od narudžbe iznad 2000 €"],
      retail: 6000,
      price: 4900,
      stock: null,
      type: "service",
      drawing: "service",
    },
    {
      sku: "AK-USL-MONT-OLK",
      name: "Montaža oluka po dužnom metru",
      short: "Montaža oluka i odvodnih cijevi s demontažom i odvozom starih oluka.",
      features: ["Cijena po dužnom metru oluka", "Jamstvo na montažu 5 godina", "Termin u dogovoru"],
      retail: 1500,
      stock: null,
      type: "service",
      drawing: "service",
    },
  ],
};
