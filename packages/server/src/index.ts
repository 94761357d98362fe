export * from "./sources/runtime-source";
