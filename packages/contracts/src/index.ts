export * from "./taxonomy";
export * from "./envelope";
export * from "./diagnostics";
export * from "./runtime-profile";
export * from "./runtime-classes.generated";
export * from "./projection-state";
export * from "./control";
