export * from "./types";
export * from "./registry";
export * from "./shared/emitter";
export * from "./shared/classification";
export * from "./shared/record";
export * from "./shared/safe-payload";
export * from "./shared/details";
export { a2aAdapter } from "./a2a";
export { codexAdapter } from "./codex";
export { claudeAgentSdkAdapter } from "./claude-agent-sdk";
export { openaiAgentsAdapter } from "./openai-agents";
export { langgraphAdapter } from "./langgraph";
export { mcpAdapter } from "./mcp";
export * from "./shared/artifact-kind";
export * from "./shared/messages";
// JSON Patch lives in `@agent-ui/contracts` (the projection applies it too); re-exported for adapter users.
export { applyJsonPatch, type PatchOperation, type PatchResult } from "@agent-ui/contracts";
export * from "./shared/action-types";
export { limeAdapter } from "./lime";
export { aguiAdapter } from "./ag-ui";
export { aiSdkAdapter } from "./ai-sdk";
export { agentUiAdapter } from "./agent-ui";
export {
  assistantStreamAdapter,
  dataStreamAdapter,
  parseDataStreamLine,
  ASSISTANT_STREAM_FORMAT,
  DATA_STREAM_FORMAT,
} from "./assistant-stream";
export { langgraphV2Adapter, LANGGRAPH_V2_FORMAT } from "./langgraph-v2";
export * from "./auto";
export * from "./adapt";
