import { readFileSync } from "node:fs";
import { type AgentUiEvent, type RecordMeta, parseRecords } from "@agent-ui/contracts";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src/langgraph";
import { type LangGraphTuple, sseText } from "./langgraph-sse";

const chunks = (name: string) =>
  parseRecords(
    readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8"),
  ).records.map((r) => r.value as [string[], string, unknown]);
const RUN1 = chunks("langgraph.run1-interrupt.stream-chunks.jsonl");
const RUN2 = chunks("langgraph.run2-resume.stream-chunks.jsonl");
const NS = "research:cff8fa7e-7953-5cec-a549-96f6c977abda";
const INTERRUPT = "c46c3593f491450138ff95da7ba9738b";

function adapt(input: unknown[], metas: (RecordMeta | undefined)[] = []): AgentUiEvent[] {
  const adapter = langgraphAdapter.create();
  return [...input.flatMap((r, i) => adapter.push(r, i, metas[i])), ...adapter.finish()];
}
/** The same chunks as Agent Server SDK chunks: `{event: "mode|ns", data, id}`. */
const asServerChunks = (list: [string[], string, unknown][], offset = 0) =>
  list.map(([ns, mode, data], i) => ({ event: [mode, ...ns].join("|"), data, id: String(offset + i) }));

describe("langgraph adapter: run 1 (subgraph, streamed text, tool call, interrupt)", () => {
  let events = adapt(RUN1);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt(RUN1);
  });
  const of = (type: string) => events.filter((e) => e.type === type);

  it("TEAM-02 the namespaced subgraph is a subagent with known lineage (parent thread)", () => {
    expect(of("agent.spawned")).toHaveLength(1);
    expect(of("agent.spawned")[0]).toMatchObject({
      agentId: NS,
      runtimeEntity: "subagent_turn",
      payload: { agentName: "research" },
    });
    expect(of("agent.changed")[0]).toMatchObject({ agentId: NS, parentThreadId: "thread-lg-1" });
    expect(of("agent.completed")[0]).toMatchObject({ agentId: NS, payload: { status: "completed" } });
  });

  it("TASK-01 custom progress updates the subgraph's capsule", () => {
    expect(of("task.changed")[0]).toMatchObject({
      taskId: NS,
      payload: { progress: { message: "searching", ratio: 0.5 } },
    });
  });

  it("TEAM-05 the researcher's message is attributed to the subagent, once", () => {
    const finals = of("text.final").filter((e) => e.messageId === "sub-1");
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ agentId: NS, payload: { text: "Found 1 file." } });
  });

  it("TEXT-04 two streamed chunks and the state's full message reconcile to one text", () => {
    const id = "run-01a2149e-616b-7618-b48d-89999edd91df";
    const text = events.filter((e) => e.messageId === id && e.type.startsWith("text."));
    expect(text.map((e) => e.type)).toEqual(["text.delta", "text.delta", "text.final"]);
    expect(text.at(-1)?.payload?.text).toBe("Let me delete it.");
    expect(text.every((e) => e.agentId === undefined)).toBe(true);
  });

  it("HITL-01 __interrupt__ is one pending tool_approval keyed by the interrupt id, gating call_rm", () => {
    expect(of("action.required")).toHaveLength(1);
    expect(of("action.required")[0]).toMatchObject({
      actionId: INTERRUPT,
      toolCallId: "call_rm",
      payload: { actionType: "tool_approval", toolName: "delete_file" },
    });
    expect(of("tool.progress")[0].payload).toEqual({ awaitingActionId: INTERRUPT });
    expect(events.some((e) => e.type === "tool.result" || e.type === "action.resolved")).toBe(false);
  });

  it("STAT-08 the run ends interrupted, exactly once", () => {
    expect(of("run.finished").map((e) => e.payload?.outcome)).toEqual(["interrupted"]);
    expect(of("run.started")[0].payload).toMatchObject({ input: "delete /workspace/demo/x" });
    expect(of("diagnostic.changed")).toEqual([]);
  });
});

describe("langgraph adapter: run 2 resume", () => {
  it("HITL-03 on the same adapter the resumed run resolves the interrupt, then the tool and answer complete", () => {
    const events = adapt([...RUN1, ...RUN2]);
    const after = events.slice(events.findIndex((e) => e.type === "run.finished") + 1);
    expect(after[0].type).toBe("run.started");
    // The approval resolves when the graph went past it: the tool call it gated reports its result.
    const resolvedAt = after.findIndex((e) => e.type === "action.resolved");
    expect(after[resolvedAt]).toMatchObject({ actionId: INTERRUPT, payload: { outcome: "resolved" } });
    expect(after[resolvedAt - 1]).toMatchObject({ type: "tool.result", toolCallId: "call_rm" });
    expect(after.filter((e) => e.type === "action.resolved")).toHaveLength(1);
    // HITL-04: the `Command({resume})` value never reaches the stream, so no decision is recorded.
    expect(after[resolvedAt].payload).not.toHaveProperty("decision");
    expect(after.find((e) => e.type === "tool.result")?.payload).toMatchObject({
      outputPreview: "deleted /workspace/demo/x",
    });
    const answer = after.filter((e) => e.messageId === "run-01a2149e-6278-73ac-b86d-5b985e1d4d21");
    expect(
      answer
        .filter((e) => e.type === "text.delta")
        .map((e) => e.payload?.delta)
        .join(""),
    ).toBe("Deleted.");
    expect(answer.filter((e) => e.type === "text.final")).toHaveLength(1);
    // STAT-08: the tuple stream just stops; nothing in it says the graph reached END, so the run's
    // outcome is unknown (it used to be an invented `success`).
    expect(after.filter((e) => e.type === "run.finished")).toEqual([]);
    expect(after.at(-2)).toMatchObject({ type: "run.status", payload: { status: "unknown" } });
    expect(after.at(-1)?.payload).toMatchObject({ code: "transport_unavailable", severity: "info" });
    // History restated by run 2's first values chunk is not projected again.
    expect(after.filter((e) => e.type === "text.final").map((e) => e.payload?.text)).toEqual(["Deleted."]);
  });

  it("ORD-02 alone, run 2 restates history under the same fact ids run 1 used (a shared projector dedupes)", () => {
    const first = adapt(RUN1);
    const second = adapt(RUN2);
    const id = (list: AgentUiEvent[], type: string, key: string, value: string) =>
      list.find((e) => e.type === type && e[key] === value)?.eventId;
    expect(id(second, "tool.started", "toolCallId", "call_rm")).toBe(
      id(first, "tool.started", "toolCallId", "call_rm"),
    );
    expect(id(second, "text.final", "messageId", "sub-1")).toBe(
      id(first, "text.final", "messageId", "sub-1"),
    );
  });
});

/** Framed SSE text through one adapter, as `--from langgraph` would read it. */
function adaptSse(text: string): AgentUiEvent[] {
  const framed = parseRecords(text);
  expect(framed.format).toBe("sse");
  return adapt(
    framed.records.map((r) => r.value),
    framed.records.map((r) => r.meta),
  );
}

const facts = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type !== "diagnostic.changed").map((e) => [e.type, e.eventId]);

describe("langgraph adapter: Agent Server SSE across runs and reconnects", () => {
  const RUN1_SSE = sseText("run-1", RUN1);
  const RUN2_SSE = sseText("run-2", RUN2);
  let both = adaptSse(RUN1_SSE + RUN2_SSE);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    both = adaptSse(RUN1_SSE + RUN2_SSE);
  });

  it("ORD-02 two runs whose SSE ids both count from 0 lose nothing", () => {
    const end: LangGraphTuple = [[], "end", null];
    expect(both.map((e) => e.type)).toEqual(adapt([...RUN1, ...RUN2, end]).map((e) => e.type));
    expect(both.find((e) => e.type === "diagnostic.changed")).toBeUndefined();
    expect(both.filter((e) => e.type === "action.resolved")).toHaveLength(1);
    expect(both.filter((e) => e.type === "tool.result")).toHaveLength(1);
  });

  it("ORD-02 event ids are scoped by the run the SSE id belongs to", () => {
    const stamped = both.map((e) => e.eventId ?? "").filter((id) => id.startsWith("langgraph:sse:"));
    expect(new Set(stamped).size).toBe(stamped.length);
    expect(stamped.some((id) => id.startsWith("langgraph:sse:run-1:"))).toBe(true);
    expect(stamped.some((id) => id.startsWith("langgraph:sse:run-2:"))).toBe(true);
  });

  it("ORD-02 a joinStream replay of run 2 from the start duplicates nothing and is reported once", () => {
    const replayed = adaptSse(RUN1_SSE + RUN2_SSE + RUN2_SSE);
    expect(facts(replayed)).toEqual(facts(both));
    const notes = replayed.filter((e) => e.type === "diagnostic.changed");
    expect(notes).toHaveLength(1);
    expect(notes[0].payload).toMatchObject({ code: "duplicate_event", severity: "info" });
  });

  it("ORD-02 reconnecting anywhere (Last-Event-ID at or before the last seen id) equals one clean delivery", () => {
    const frames = RUN2_SSE.split("\n\n").filter((f) => f !== "");
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 4 }), (cuts) => {
        // Deliver frames [0, end) in segments; each reconnect resumes from an earlier frame (a replay).
        let delivered: string[] = [];
        let next = 0;
        for (const cut of cuts) {
          const end = Math.min(frames.length, next + 1 + (cut % frames.length));
          delivered = delivered.concat(frames.slice(next, end));
          next = end === 0 ? 0 : cut % end; // reconnect at or before the last frame seen
        }
        delivered = delivered.concat(frames.slice(next));
        const text = RUN1_SSE + delivered.map((f) => `${f}\n\n`).join("");
        expect(facts(adaptSse(text))).toEqual(facts(both));
      }),
      { numRuns: 60 },
    );
  });
});

describe("langgraph adapter: Agent Server SSE", () => {
  it("ORD-02 a replay of already-seen SSE ids adds nothing and is reported once", () => {
    const live = asServerChunks(RUN1);
    const events = adapt([...live, ...live]);
    const once = adapt(live);
    expect(events.slice(0, -2).map((e) => e.type)).toEqual(once.slice(0, -1).map((e) => e.type));
    expect(events.find((e) => e.type === "diagnostic.changed")?.payload).toMatchObject({
      code: "duplicate_event",
    });
  });

  it("ORD-02 event ids derive from the SSE id, so a replay in a new connection dedupes downstream", () => {
    const first = adapt(asServerChunks(RUN1));
    const replay = adapt(asServerChunks(RUN1));
    expect(replay.map((e) => e.eventId)).toEqual(first.map((e) => e.eventId));
    const deltas = first.filter((e) => e.type === "text.delta");
    expect(deltas[0].eventId).toMatch(/^langgraph:sse:\d+:\d+$/);
  });

  it("raw SSE frames (event and id in framing metadata) map like SDK chunks", () => {
    const records = RUN1.map(([, , data]) => data);
    const metas = RUN1.map(([ns, mode], i) => ({ sseEvent: [mode, ...ns].join("|"), sseId: String(i) }));
    const fromFrames = adapt(records, metas).map((e) => e.type);
    expect(fromFrames).toEqual(adapt(asServerChunks(RUN1)).map((e) => e.type));
  });

  it("metadata starts the run with its ids; end closes it; error fails it", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "run-9", thread_id: "th-9" } },
      { event: "messages", data: [{ type: "AIMessageChunk", id: "m1", content: "Hi" }, {}] },
      { event: "end", data: null },
    ]);
    expect(events[0]).toMatchObject({ type: "run.started", runId: "run-9", threadId: "th-9" });
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      runId: "run-9",
      payload: { outcome: "success" },
    });
    const failed = adapt([
      { event: "metadata", data: { run_id: "r" } },
      { event: "error", data: { message: "boom" } },
    ]);
    expect(failed.at(-1)).toMatchObject({ type: "run.failed", payload: { message: "boom" } });
    const cancelled = adapt([
      { event: "metadata", data: { run_id: "r" } },
      { event: "error", data: { error: "CancelledError", message: "run cancelled" } },
    ]);
    expect(cancelled.at(-1)).toMatchObject({
      type: "run.finished",
      phase: "cancelled",
      payload: { outcome: "cancelled", reason: "run cancelled" },
    });
    expect(cancelled.some((e) => e.type === "run.failed")).toBe(false);
  });

  it("TEXT-04 messages/partial restates the text so far: suffix deltas, one final when it diverges", () => {
    const partial = (text: string) => ({
      event: "messages/partial",
      data: [{ type: "ai", id: "m", content: text }],
    });
    const events = adapt([
      partial("He"),
      partial("Hello"),
      { event: "messages/complete", data: [{ type: "ai", id: "m", content: "Hello" }] },
    ]);
    expect(
      events.filter((e) => e.messageId === "m").map((e) => [e.type, e.payload?.delta ?? e.payload?.text]),
    ).toEqual([
      ["text.delta", "He"],
      ["text.delta", "llo"],
      ["text.final", "Hello"],
    ]);
  });
});

describe("langgraph adapter: robustness", () => {
  it("TOOL-01 an error ToolMessage fails the tool", () => {
    const events = adapt([
      [
        [],
        "messages",
        [{ _type: "ToolMessage", tool_call_id: "c1", content: "nope", status: "error", name: "rm" }, {}],
      ],
    ]);
    expect(events.filter((e) => e.toolCallId === "c1").map((e) => e.type)).toEqual([
      "tool.started",
      "tool.failed",
    ]);
  });

  it("HITL-08 a plain interrupt(value) asks for input; a HumanInterrupt is an approval", () => {
    const events = adapt([
      [[], "updates", { __interrupt__: [{ id: "i1", value: "What is your name?" }] }],
      [
        [],
        "updates",
        {
          __interrupt__: [
            {
              id: "i2",
              value: { action_request: { action: "send_email", args: { to: "x" } }, description: "Send?" },
            },
          ],
        },
      ],
    ]);
    const actions = events.filter((e) => e.type === "action.required");
    expect(actions.map((e) => e.payload?.actionType)).toEqual(["clarification", "tool_approval"]);
    expect(actions[0].payload?.prompt).toBe("What is your name?");
  });

  it("HYD-01 a getState() snapshot restores the pending interrupt under the id run 1 used", () => {
    const state = JSON.parse(
      readFileSync(
        new URL("../../../../shared/peers/streams/langgraph.state-after-interrupt.json", import.meta.url),
        "utf8",
      ),
    );
    const events = adapt([state]);
    const action = events.find((e) => e.type === "action.required");
    expect(action).toMatchObject({ actionId: INTERRUPT, toolCallId: "call_rm", threadId: "thread-lg-1" });
    expect(action?.eventId).toBe(adapt(RUN1).find((e) => e.type === "action.required")?.eventId);
    expect(events.some((e) => e.type.startsWith("run."))).toBe(false);
    expect(langgraphAdapter.detect(state)).toBeGreaterThan(0.8);
  });

  it("ENV-09 unknown modes and non-chunk records are diagnostics", () => {
    const events = adapt([{ hello: 1 }, [[], "debug", {}]]);
    // The unknown debug record still started a run; nothing ended it, so its outcome is not known.
    expect(events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "unsupported_source_event",
      "unsupported_source_event",
      "transport_unavailable",
    ]);
  });

  it("HITL-01 checkpoints and debug restate state: a paused checkpoint's interrupts, messages once, no warning", () => {
    const ai = { _type: "AIMessage", id: "a1", content: "Let me delete it.", tool_calls: [] };
    const pausedTask = {
      id: "t1",
      name: "approve",
      interrupts: [{ id: "i9", value: { type: "tool_approval", toolCallId: "c9" } }],
    };
    const checkpoint = { config: {}, values: { messages: [ai] }, next: ["approve"], tasks: [pausedTask] };
    const events = adapt([
      [[], "checkpoints", checkpoint],
      [[], "debug", { step: 2, type: "checkpoint", payload: checkpoint }],
      [
        [],
        "debug",
        {
          step: 2,
          type: "task_result",
          payload: { id: "t1", name: "approve", result: [], interrupts: pausedTask.interrupts },
        },
      ],
    ]);
    expect(events.filter((e) => e.type === "diagnostic.changed")).toEqual([]);
    expect(events.filter((e) => e.type === "action.required").map((e) => [e.actionId, e.toolCallId])).toEqual(
      [["i9", "c9"]],
    );
    expect(events.filter((e) => e.type === "text.final").map((e) => e.payload?.text)).toEqual([
      "Let me delete it.",
    ]);
    // Bookkeeping after the pause does not start a new run (which would resolve the interrupt).
    expect(events.filter((e) => e.type === "run.started")).toHaveLength(1);
    expect(events.some((e) => e.type === "action.resolved")).toBe(false);
    expect(events.filter((e) => e.type === "run.finished").map((e) => e.payload?.outcome)).toEqual([
      "interrupted",
    ]);
    // The node that called interrupt() is waiting for input, not completed.
    expect(events.at(-1)).toMatchObject({ type: "task.changed", payload: { status: "waiting_input" } });
  });

  it("detect picks LangGraph chunks and not other peers", () => {
    expect(langgraphAdapter.detect(RUN1[0])).toBeGreaterThan(0.9);
    expect(langgraphAdapter.detect({ event: "values|research:x", data: {} })).toBeGreaterThan(0.8);
    expect(langgraphAdapter.detect({ type: "thread.started", thread_id: "t" })).toBe(0);
    expect(langgraphAdapter.detect({ dir: "client->server", msg: {} })).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (input) => {
        adapt(input);
        langgraphAdapter.detect(input[0]);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.array(fc.string(), { maxLength: 2 }),
            fc.constantFrom("values", "updates", "messages", "custom"),
            fc.jsonValue(),
          ),
        ),
        (input) => {
          adapt(input);
        },
      ),
    );
  });
});
