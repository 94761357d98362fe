// Every live producer of the shared scenario, one line each (see producer.ts).
import { agUiProducer } from "./ag-ui.producer";
import { aiSdkProducer } from "./ai-sdk.producer";
import { assistantStreamProducer, dataStreamProducer } from "./assistant-stream.producer";
import { langgraphV2Producer } from "./langgraph-v2.producer";
import { langgraphProducer } from "./langgraph.producer";
import { openaiAgentsProducer } from "./openai-agents.producer";
import type { LiveProducer } from "./producer";

export const SHARED_SCENARIO_PRODUCERS: Record<string, LiveProducer> = {
  "openai-agents": openaiAgentsProducer,
  langgraph: langgraphProducer,
  "ai-sdk": aiSdkProducer,
  "ag-ui": agUiProducer,
  "assistant-stream": assistantStreamProducer,
  "ai-sdk-data-stream": dataStreamProducer,
  "langgraph-v2": langgraphV2Producer,
};
