// Live: a real `@langchain/langgraph` ToolNode runs three parallel tool calls, one of which calls
// `interrupt()`. The graph pauses with `next = ["tools"]` and keeps every call of the node: on resume it
// runs them all. The projection must say what `graph.getState()` says: the siblings are held, not
// cancelled, while the graph waits; after the resume each has its ToolMessage result.
import { adaptRecords } from "@agent-ui/adapters";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import {
  Command,
  END,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
  interrupt,
} from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

const CALLS = [
  { id: "call_a", name: "read_file", args: { path: "/workspace/a" } },
  { id: "call_b", name: "delete_file", args: { path: "/workspace/b" } },
  { id: "call_c", name: "read_file", args: { path: "/workspace/c" } },
];

const readFile = tool(async ({ path }: { path: string }) => `contents of ${path}`, {
  name: "read_file",
  description: "Read a file",
  schema: z.object({ path: z.string() }),
});
const deleteFile = tool(
  async ({ path }: { path: string }) => {
    const answer = interrupt({
      type: "tool_approval",
      toolCallId: "call_b",
      name: "delete_file",
      args: { path },
    });
    return (answer as { approved?: boolean }).approved === true ? `deleted ${path}` : "denied";
  },
  { name: "delete_file", description: "Delete a file", schema: z.object({ path: z.string() }) },
);

function buildGraph() {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) =>
      state.messages.some((m) => ToolMessage.isInstance(m))
        ? { messages: [new AIMessage({ content: "Done.", id: "ai-2" })] }
        : {
            messages: [
              new AIMessage({
                content: "",
                id: "ai-1",
                tool_calls: CALLS.map((c) => ({ ...c, type: "tool_call" as const })),
              }),
            ],
          },
    )
    .addNode("tools", new ToolNode([readFile, deleteFile]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (s) => {
      const last = s.messages.at(-1);
      return last !== undefined && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0
        ? "tools"
        : END;
    })
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
}

/** LangChain's serializable objects (`{lc, type: "constructor", id, kwargs}`) → `{_type, …kwargs}`. */
function serialize(chunk: unknown): unknown {
  return JSON.parse(
    JSON.stringify(chunk, (_key, value) => {
      if (value !== null && typeof value === "object" && value.lc === 1 && typeof value.kwargs === "object")
        return { _type: Array.isArray(value.id) ? value.id.at(-1) : undefined, ...value.kwargs };
      return value;
    }),
  );
}

const project = (records: unknown[]): ProjectionState =>
  projectEvents(adaptRecords(records, "langgraph").events);

describe("live @langchain/langgraph: parallel ToolNode calls, one interrupts", () => {
  let paused: unknown[];
  let resumed: unknown[];
  let next: string[];
  let heldCalls: string[];
  let finalMessages: { tool_call_id?: string; content: unknown }[];

  beforeAll(async () => {
    const graph = buildGraph();
    const config = {
      configurable: { thread_id: "thread-parallel" },
      streamMode: ["updates", "messages", "values", "checkpoints"] as (
        | "updates"
        | "messages"
        | "values"
        | "checkpoints"
      )[],
      subgraphs: true,
    };
    const collect = async (input: unknown) => {
      const records: unknown[] = [];
      // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
      for await (const chunk of await graph.stream(input as any, config)) records.push(serialize(chunk));
      return records;
    };
    paused = await collect({ messages: [{ role: "user", content: "tidy /workspace" }] });
    const state = await graph.getState({ configurable: config.configurable });
    next = [...state.next];
    const last = state.values.messages.at(-1);
    heldCalls =
      last !== undefined && AIMessage.isInstance(last) ? (last.tool_calls ?? []).map((c) => c.id ?? "") : [];
    resumed = await collect(new Command({ resume: { approved: true } }));
    const after = await graph.getState({ configurable: config.configurable });
    finalMessages = (after.values.messages as unknown[])
      .filter((m): m is ToolMessage => ToolMessage.isInstance(m))
      .map((m) => ({ tool_call_id: m.tool_call_id, content: m.content }));
  });

  it("HITL-03 TOOL-11 while the graph waits (next = tools), no call of the node is cancelled", () => {
    expect(next).toEqual(["tools"]);
    expect(heldCalls).toEqual(CALLS.map((c) => c.id));
    const state = project(paused);
    expect(state.runtime.status).toBe("interrupted");
    expect(state.tools.call_b.status).toBe("approval-requested");
    for (const id of heldCalls) expect(state.tools[id]?.status, id).not.toBe("cancelled");
    // The siblings wait on the same interrupt: still open, linked to the pending approval.
    const approval = state.tools.call_b.actionId;
    for (const id of ["call_a", "call_c"])
      expect(state.tools[id], id).toMatchObject({ status: "running", actionId: approval });
  });

  it("TEXT-09 with checkpoints in streamMode the user's prompt is shown once, from the first run", () => {
    const users = (state: ProjectionState) =>
      state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "user_text").map((p) => p.text));
    expect(users(project(paused))).toEqual(["tidy /workspace"]);
    expect(users(project([...paused, ...resumed]))).toEqual(["tidy /workspace"]);
  });

  it("HITL-03 TOOL-01 after the resume every call has the result the graph's state holds", () => {
    expect(finalMessages.map((m) => m.tool_call_id).sort()).toEqual(CALLS.map((c) => c.id));
    const state = project([...paused, ...resumed]);
    for (const m of finalMessages)
      expect(state.tools[m.tool_call_id ?? ""], m.tool_call_id).toMatchObject({
        status: "output-available",
        outputPreview: m.content,
      });
    expect(state.runtime.status).toBe("completed");
  });
});
