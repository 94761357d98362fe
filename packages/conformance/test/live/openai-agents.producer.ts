// Live producer: the real `@openai/agents` runner drives the shared scenario against the SDK's own
// test double (`ScriptedModel` from `@openai/agents-core/testing`), offline and in process. The tool
// `delete_file` needs approval, so the first streamed run stops at the interruption; the test approves
// through `state.approve(item)` and streams the resumed run. Every `RunStreamEvent` is serialized into
// the record shape of the peer captures (`openai-agents.*.runstreamevents.jsonl`). The run's state is
// also serialized (`state.toString()`, what a server stores to resume later) at the interruption, after
// the decision and after the resumed run (`openai-agents.approval.runstate.json` is the first).
import { Agent, type RunStreamEvent, run, setTracingDisabled, tool } from "@openai/agents";
import {
  ScriptedModel,
  assistantMessage,
  functionCall,
  modelResponse,
  modelStream,
} from "@openai/agents-core/testing";
import { z } from "zod";
import { type LiveProducer, type LiveProduction, SHARED_SCENARIO } from "./producer";

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A RunStreamEvent as plain JSON: raw model events keep `data`, run items keep the item's `rawItem`. */
export function serializeRunStreamEvent(event: RunStreamEvent): Record<string, unknown> {
  if (event.type === "raw_model_stream_event") return { type: event.type, data: event.data };
  if (event.type === "agent_updated_stream_event") return { type: event.type, agent: event.agent.name };
  const item = event.item;
  const agent = "agent" in item ? (item.agent as { name?: string } | undefined)?.name : undefined;
  return { type: event.type, name: event.name, itemType: item.type, agent, rawItem: item.rawItem };
}

/** How each RunStreamEvent is recorded: serialized as the captures are (a JSON round trip, what a log
 * file holds), or the live SDK object itself (what an in-process consumer hands the adapter). */
export type RecordShape = "serialized" | "live";

async function drain(
  stream: AsyncIterable<RunStreamEvent> & { completed: Promise<void> },
  shape: RecordShape,
): Promise<unknown[]> {
  const records: unknown[] = [];
  for await (const event of stream)
    records.push(shape === "live" ? event : JSON.parse(JSON.stringify(serializeRunStreamEvent(event))));
  await stream.completed;
  return records;
}

/** The scripted model: turn 1 streams the preamble and the gated call, turn 2 (after the tool) answers. */
function scriptedModel(answer: string): ScriptedModel {
  const s = SHARED_SCENARIO;
  return new ScriptedModel([
    modelStream([
      { type: "response_started" },
      { type: "output_text_delta", itemId: "msg_1", delta: s.preamble.slice(0, 7) },
      { type: "output_text_delta", itemId: "msg_1", delta: s.preamble.slice(7) },
      {
        type: "response_done",
        response: {
          id: "resp_1",
          usage,
          output: [
            assistantMessage(s.preamble, { id: "msg_1" }),
            functionCall(s.toolName, { ...s.toolInput }, { callId: "call_rm", id: "fc_rm" }),
          ],
        },
      },
    ]),
    modelStream([
      { type: "response_started" },
      { type: "output_text_delta", itemId: "msg_2", delta: answer },
      {
        type: "response_done",
        response: { id: "resp_2", usage, output: [assistantMessage(answer, { id: "msg_2" })] },
      },
    ]),
  ]);
}

/** Serialized RunStates (`state.toString()`) of the scenario, parsed: one JSON record each. */
export interface RunStates {
  /** At the interruption, before any decision. */
  interrupted: unknown;
  /** After `state.approve()` / `state.reject()`, before the run resumes. */
  decided: unknown;
  /** After the resumed run finished. */
  finished: unknown;
}

export interface OpenAiAgentsProduction extends LiveProduction {
  states: RunStates;
  /** The SDK's own `RunState` object after the resumed run (`result.state`, unserialized). */
  liveState: unknown;
}

/** Runs the shared scenario; the human's decision on the interruption is `decision`. */
export async function runOpenAiAgentsScenario(
  decision: "approve" | "reject",
  shape: RecordShape = "serialized",
): Promise<OpenAiAgentsProduction> {
  setTracingDisabled(true);
  const deleteFile = tool({
    name: SHARED_SCENARIO.toolName,
    description: "Delete a file",
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => `deleted ${path}`,
  });
  const agent = new Agent({
    name: "ops",
    instructions: "ops",
    model: scriptedModel(decision === "approve" ? SHARED_SCENARIO.answer : "I did not delete it."),
    tools: [deleteFile],
  });
  const first = await run(agent, SHARED_SCENARIO.prompt, { stream: true });
  const interrupted = await drain(first, shape);
  const [approval] = first.interruptions;
  if (approval === undefined) throw new Error("the run did not stop for the approval");
  const atInterruption = JSON.parse(first.state.toString());
  if (decision === "approve") first.state.approve(approval);
  else first.state.reject(approval);
  const decided = JSON.parse(first.state.toString());
  const second = await run(agent, first.state, { stream: true });
  const resumed = await drain(second, shape);
  return {
    format: "openai-agents",
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    states: { interrupted: atInterruption, decided, finished: JSON.parse(second.state.toString()) },
    liveState: second.state,
  };
}

export const openaiAgentsProducer: LiveProducer = () => runOpenAiAgentsScenario("approve");

/** A triage agent streams a preamble and calls `weather`, then hands off to a `reporter` agent that
 * answers: text, a plain tool row, a handoff and a new active agent, all from the real runner. */
export async function runOpenAiAgentsHandoff(): Promise<{
  records: unknown[];
  /** The SDK's own accounting of the run: its RunContext usage, final output and last agent. */
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  finalOutput: unknown;
  lastAgent: string | undefined;
  /** The finished run's serialized RunState. */
  runState: string;
}> {
  setTracingDisabled(true);
  const weather = tool({
    name: "weather",
    description: "Weather for a city",
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => JSON.stringify({ city, tempC: 21 }),
  });
  const model = new ScriptedModel([
    modelStream([
      { type: "response_started" },
      { type: "output_text_delta", itemId: "msg_1", delta: "Let me check." },
      {
        type: "response_done",
        response: {
          id: "resp_1",
          usage: { inputTokens: 11, outputTokens: 4, totalTokens: 15 },
          output: [
            assistantMessage("Let me check.", { id: "msg_1" }),
            functionCall("weather", { city: "Paris" }, { callId: "call_w", id: "fc_w" }),
          ],
        },
      },
    ]),
    modelResponse([functionCall("transfer_to_reporter", {}, { callId: "call_h", id: "fc_h" })]),
    modelStream([
      { type: "response_started" },
      { type: "output_text_delta", itemId: "msg_2", delta: "It is 21°C " },
      { type: "output_text_delta", itemId: "msg_2", delta: "in Paris." },
      {
        type: "response_done",
        response: {
          id: "resp_3",
          usage: { inputTokens: 23, outputTokens: 7, totalTokens: 30 },
          output: [assistantMessage("It is 21°C in Paris.", { id: "msg_2" })],
        },
      },
    ]),
  ]);
  const reporter = new Agent({ name: "reporter", instructions: "report", model });
  const triage = new Agent({
    name: "triage",
    instructions: "triage",
    model,
    tools: [weather],
    handoffs: [reporter],
  });
  const result = await run(triage, "Weather in Paris?", { stream: true });
  const records = await drain(result, "serialized");
  const { inputTokens, outputTokens, totalTokens } = result.runContext.usage;
  return {
    records,
    usage: { inputTokens, outputTokens, totalTokens },
    finalOutput: result.finalOutput,
    lastAgent: result.lastAgent?.name,
    runState: result.state.toString(),
  };
}
