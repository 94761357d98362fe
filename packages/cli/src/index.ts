export { main, helpText } from "./main";
export type { Command, CommandIO } from "./command";
export { agentUiSources, type SourceOptions } from "./sources";
