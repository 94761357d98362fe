import { a2aAdapter } from "./a2a";
import { agentUiAdapter } from "./agent-ui";
import { aiSdkAdapter } from "./ai-sdk";
import { claudeAgentSdkAdapter } from "./claude-agent-sdk";
import { aguiAdapter } from "./ag-ui";
import { codexAdapter } from "./codex";
import { langgraphAdapter } from "./langgraph";
import { mcpAdapter } from "./mcp";
import { openaiAgentsAdapter } from "./openai-agents";
import { limeAdapter } from "./lime";
import { assistantStreamAdapter, dataStreamAdapter } from "./assistant-stream";
import { langgraphV2Adapter } from "./langgraph-v2";
import type { AdapterModule } from "./types";

/** Every source adapter, by its `--from` name. Each adapter module registers itself here with one line. */
export const ADAPTERS: AdapterModule[] = [
  limeAdapter,
  aguiAdapter,
  aiSdkAdapter,
  agentUiAdapter,
  a2aAdapter,
  codexAdapter,
  claudeAgentSdkAdapter,
  openaiAgentsAdapter,
  langgraphAdapter,
  mcpAdapter,
  assistantStreamAdapter,
  dataStreamAdapter,
  langgraphV2Adapter,
];

export function findAdapter(format: string): AdapterModule | undefined {
  return ADAPTERS.find((a) => a.format === format);
}
