import { A2A_STORIES } from "./a2a";
import { AG_UI_STORIES } from "./ag-ui";
import { AI_SDK_STORIES } from "./ai-sdk";
import { CLAUDE_STORIES } from "./claude-agent-sdk";
import { CODEX_STORIES } from "./codex";
import { LANGGRAPH_STORIES } from "./langgraph";
import { MCP_STORIES } from "./mcp";
import { OPENAI_AGENTS_STORIES } from "./openai-agents";
import type { ProtocolStories } from "./types";

/** Every protocol whose adapter the stories run through. */
export const PROTOCOL_STORIES: ProtocolStories[] = [
  AG_UI_STORIES,
  AI_SDK_STORIES,
  LANGGRAPH_STORIES,
  OPENAI_AGENTS_STORIES,
  CLAUDE_STORIES,
  CODEX_STORIES,
  MCP_STORIES,
  A2A_STORIES,
];
