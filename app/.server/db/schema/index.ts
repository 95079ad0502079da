export * from "./site";
export * from "./users";
export * from "./consent";
export * from "./content";
