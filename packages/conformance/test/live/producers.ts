// Every live producer of the shared scenario, one line each (see producer.ts).
import { langgraphProducer } from "./langgraph.producer";
import { openaiAgentsProducer } from "./openai-agents.producer";
import type { LiveProducer } from "./producer";

export const SHARED_SCENARIO_PRODUCERS: Record<string, LiveProducer> = {
  "openai-agents": openaiAgentsProducer,
  langgraph: langgraphProducer,
};
