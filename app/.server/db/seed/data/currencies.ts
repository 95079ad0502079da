/** Currencies the shop knows; EUR is id 44 as in the built-in configuration (spec §1). */
export const CURRENCIES = [
  { id: 44, label: "EUR", symbol: "€", name: "Euro" },
  { id: 1, label: "USD", symbol: "$", name: "US Dollar" },
  { id: 2, label: "GBP", symbol: "£", name: "Pound Sterling" },
  { id: 3, label: "CHF", symbol: "CHF", name: "Swiss Franc" },
  { id: 4, label: "BAM", symbol: "KM", name: "Convertible Mark" },
  { id: 5, label: "RSD", symbol: "дин.", name: "Serbian Dinar" },
  { id: 6, label: "HUF", symbol: "Ft", name: "Forint" },
];
