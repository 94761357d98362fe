export * from "./conversation";
export * from "./status";
export * from "./team";
export * from "./evidence";
