export { main, helpText } from "./main";
export type { Command, CommandIO } from "./command";
