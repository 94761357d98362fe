export * from "./types";
export * from "./registry";
export * from "./shared/emitter";
export * from "./shared/classification";
export * from "./shared/record";
export * from "./shared/safe-payload";
export { a2aAdapter } from "./a2a";
export * from "./shared/artifact-kind";
