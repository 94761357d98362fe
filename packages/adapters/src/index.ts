export * from "./types";
export * from "./registry";
export * from "./shared/emitter";
export * from "./shared/classification";
export * from "./shared/record";
export * from "./shared/safe-payload";
