export * from "./site";
export * from "./users";
export * from "./consent";
export * from "./content";
export * from "./media";
export * from "./catalog";
export * from "./newsletter";
export * from "./cart";
