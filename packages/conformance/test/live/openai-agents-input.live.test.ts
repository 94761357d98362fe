// Live: the real `@openai/agents` runner (scripted model, offline) starts a run from a list of input
// items (a system instruction, an earlier exchange with a tool call, the user's request in parts) and
// stops at an approval; the model's response carries a reasoning item. The serialized RunState
// (`state.toString()`) goes through the adapter and the projection, and what the user sees is compared
// with what the SDK itself wrote into the state (`originalInput`, `generatedItems`).
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { Agent, run, setTracingDisabled, tool } from "@openai/agents";
import { ScriptedModel, functionCall, modelResponse } from "@openai/agents-core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

type Item = Record<string, unknown>;

/** The conversation the run starts from, as a caller hands it to `run(agent, input)`. */
const INPUT = [
  { role: "system", content: "Answer briefly." },
  { role: "user", content: "What is in /workspace/demo?" },
  {
    id: "msg_0",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text: "One file, x." }],
  },
  { type: "function_call", callId: "call_ls", name: "list_dir", arguments: '{"path":"/workspace/demo"}' },
  {
    type: "function_call_result",
    callId: "call_ls",
    name: "list_dir",
    status: "completed",
    output: { type: "text", text: "x" },
  },
  {
    id: "u_2",
    role: "user",
    content: [
      { type: "input_text", text: "delete " },
      { type: "input_text", text: "/workspace/demo/x" },
    ],
  },
];

/** Runs the scenario and returns the RunState the SDK serialized at the approval. */
async function interruptedState(): Promise<Item> {
  setTracingDisabled(true);
  const deleteFile = tool({
    name: "delete_file",
    description: "Delete a file",
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => `deleted ${path}`,
  });
  const model = new ScriptedModel([
    modelResponse([
      {
        type: "reasoning",
        id: "rs_1",
        content: [{ type: "input_text", text: "The user wants x removed." }],
      },
      functionCall("delete_file", { path: "/workspace/demo/x" }, { callId: "call_rm", id: "fc_rm" }),
    ]),
  ]);
  const agent = new Agent({ name: "ops", instructions: "ops", model, tools: [deleteFile] });
  const result = await run(agent, INPUT as never, { stream: true });
  for await (const _ of result);
  await result.completed;
  return JSON.parse(result.state.toString());
}

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : (content as Item[]).map((p) => String(p.text)).join("");

describe("live @openai/agents: a RunState whose run began from input items", () => {
  let serialized: Item;
  let events: AgentUiEvent[];
  let state: ProjectionState;
  beforeAll(async () => {
    serialized = await interruptedState();
  });
  // Adapted inside each test: a mutation run switches a mutant on only there.
  const adapt = () => {
    events = adaptRecords([serialized], "auto").events;
    state = projectEvents(events);
  };

  it("HYD-09 the system and user input items are the snapshot's messages, with the text the SDK kept", () => {
    adapt();
    const kept = (serialized.originalInput as Item[]).filter((i) => i.role === "user" || i.role === "system");
    expect(kept).toHaveLength(3);
    const shown = state.messages
      .filter((m) => m.role === "user" || m.role === "system")
      .map((m) => ({ role: m.role, text: m.parts.map((p) => p.text).join("") }));
    expect(shown).toEqual(kept.map((i) => ({ role: i.role, text: textOf(i.content) })));
  });

  it("HYD-09 ORD-02 an input item keeps its own id; one without gets a stable id of its own", () => {
    adapt();
    const ids = state.messages.filter((m) => m.role !== "assistant").map((m) => m.id);
    expect(ids).toContain("u_2");
    expect(new Set(ids).size).toBe(3);
    const again = projectEvents(adaptRecords([serialized], "auto").events);
    expect(again.messages.map((m) => m.id)).toEqual(state.messages.map((m) => m.id));
  });

  it("TEXT-04 TOOL-01 the earlier exchange shows: the assistant's words and the finished tool call", () => {
    adapt();
    const earlier = (serialized.originalInput as Item[]).find((i) => i.role === "assistant");
    const said = state.messages.filter((m) => m.role === "assistant").flatMap((m) => m.parts);
    expect(said.filter((p) => p.kind === "assistant_text").map((p) => p.text)).toEqual([
      textOf(earlier?.content),
    ]);
    expect(state.tools.call_ls).toMatchObject({ name: "list_dir", status: "output-available" });
    expect(state.tools.call_ls.outputPreview).toBe("x");
    expect(state.tools.call_ls.inputSummary).toContain("/workspace/demo");
    // Facts of a snapshot are restated: no stream position of their own.
    expect(events.filter((e) => e.toolCallId === "call_ls").map((e) => e.sequence)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("TEXT-06 the reasoning item the model returned is a reasoning summary with its text", () => {
    adapt();
    const item = (serialized.generatedItems as Item[]).find((i) => i.type === "reasoning_item");
    const raw = item?.rawItem as Item;
    const summary = events.find((e) => e.type === "reasoning.summary");
    expect(summary).toMatchObject({ partId: raw.id, payload: { text: textOf(raw.content) } });
    expect(events.some((e) => e.type === "diagnostic.changed" && e.payload?.severity !== "info")).toBe(false);
  });

  it("HITL-01 HITL-03 the run still stops at the approval of the new call", () => {
    adapt();
    expect(state.actions.call_rm).toMatchObject({ status: "pending", toolName: "delete_file" });
    expect(state.runtime.status).toBe("interrupted");
  });
});
