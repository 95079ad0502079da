export * from "./site";
export * from "./users";
export * from "./consent";
export * from "./media";
export * from "./catalog";
