// How a LangGraph run ends at end of input (STAT-08, FALL-01): `graph.stream()` tuples have no end
// marker, so only a pending interrupt, a final checkpoint (`next: []`), a final thread state or an
// Agent Server `end` event may end the run; a stream cut anywhere else projects `unknown`, never
// `completed`.
import { readFileSync } from "node:fs";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src/langgraph";
import type { LangGraphTuple } from "./langgraph-sse";
import { adapt } from "./langgraph-rows-support";

const chunks = (name: string) =>
  parseRecords(
    readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8"),
  ).records.map((r) => r.value as LangGraphTuple);
const RUN1 = chunks("langgraph.run1-interrupt.stream-chunks.jsonl");
const RUN2 = chunks("langgraph.run2-resume.stream-chunks.jsonl");

function project(records: unknown[]): ProjectionState {
  return projectEvents(adapt(records));
}

const human = { _type: "HumanMessage", id: "h1", content: "delete /workspace/demo/x" };
const answer = { _type: "AIMessage", id: "a1", content: "Deleted.", tool_calls: [] };
const checkpoint = (next: string[], messages: unknown[], tasks: unknown[] = []) => ({
  config: { configurable: { thread_id: "t1", checkpoint_id: `cp-${next.join("+") || "end"}` } },
  values: { messages },
  metadata: { source: "loop" },
  next,
  tasks,
});
const FINAL = checkpoint([], [human, answer]);

/** The shape `graph.stream(…, {streamMode: ["updates", "values", "checkpoints"]})` delivers for a
 * two-step graph (observed with @langchain/langgraph 1.7: each step's values precede its checkpoint). */
const WITH_CHECKPOINTS: LangGraphTuple[] = [
  [[], "checkpoints", checkpoint(["__start__"], [])],
  [[], "values", { messages: [human] }],
  [[], "checkpoints", checkpoint(["agent"], [human], [{ id: "t1", name: "agent", interrupts: [] }])],
  [[], "updates", { agent: { messages: [answer] } }],
  [[], "values", { messages: [human, answer] }],
  [[], "checkpoints", FINAL],
];

/** The one record in these streams that is positive evidence the graph finished. */
function isFinalCheckpoint(record: unknown): boolean {
  return Array.isArray(record) && record[1] === "checkpoints" && record[2] === FINAL;
}

describe("langgraph end of input: cut tuple streams (STAT-08, FALL-01)", () => {
  it("STAT-08 FALL-01 the captured runs cut at every record never project completed", () => {
    const records = [...RUN1, ...RUN2];
    for (let cut = 1; cut <= records.length; cut++) {
      const state = project(records.slice(0, cut));
      expect(state.runtime.status, `cut at ${cut}`).not.toBe("completed");
      // Up to the interrupt the run is paused; past the resume nothing says how it ended.
      if (cut > RUN1.length) expect(state.runtime.status, `cut at ${cut}`).toBe("unknown");
    }
  });

  it("FALL-01 an unconfirmed end says why: status unknown with a reason and a transport diagnostic", () => {
    const events = adapt(RUN2);
    expect(events.some((e) => e.type === "run.finished")).toBe(false);
    const end = events.slice(-2);
    expect(end[0]).toMatchObject({
      type: "run.status",
      payload: { status: "unknown", reason: expect.stringContaining("not known") },
    });
    expect(end[1]).toMatchObject({
      type: "diagnostic.changed",
      payload: { code: "transport_unavailable", severity: "info" },
    });
    const state = projectEvents(events);
    expect(state.runtime.reason).toContain("not known");
    // The tool that did report its result keeps it: an unknown run end closes nothing by guessing.
    expect(state.tools.call_rm.status).toBe("output-available");
  });

  it("FALL-01 ORD-06 a second finish() states the unknown end no second time", () => {
    const adapter = langgraphAdapter.create();
    for (const [i, r] of RUN2.entries()) adapter.push(r, i);
    expect(adapter.finish().map((e) => e.type)).toEqual(["run.status", "diagnostic.changed"]);
    expect(adapter.finish()).toEqual([]);
  });

  it("STAT-08 a root checkpoint with no next node is evidence: the run ends completed", () => {
    const events = adapt(WITH_CHECKPOINTS);
    expect(events.filter((e) => e.type === "run.finished").map((e) => e.payload?.outcome)).toEqual([
      "success",
    ]);
    expect(events.some((e) => e.type === "diagnostic.changed")).toBe(false);
    expect(projectEvents(events).runtime.status).toBe("completed");
  });

  it("STAT-08 the same evidence wrapped in debug mode counts too", () => {
    const debug: LangGraphTuple = [[], "debug", { step: 2, type: "checkpoint", payload: FINAL }];
    const records = [...WITH_CHECKPOINTS.slice(0, -1), debug];
    expect(project(records).runtime.status).toBe("completed");
  });

  it("STAT-08 FALL-01 the checkpoint stream cut before its final checkpoint is unknown", () => {
    for (let cut = 1; cut < WITH_CHECKPOINTS.length; cut++)
      expect(project(WITH_CHECKPOINTS.slice(0, cut)).runtime.status, `cut at ${cut}`).toBe("unknown");
  });

  it("STAT-08 execution after the final checkpoint voids it (the graph ran again)", () => {
    const again: LangGraphTuple = [[], "updates", { agent: { messages: [answer] } }];
    expect(project([...WITH_CHECKPOINTS, again]).runtime.status).toBe("unknown");
    const subgraph: LangGraphTuple = [["research:1"], "checkpoints", FINAL];
    expect(project([...WITH_CHECKPOINTS, subgraph]).runtime.status).toBe("unknown");
    // State restated after the checkpoint is no execution.
    const restated: LangGraphTuple = [[], "values", { messages: [human, answer] }];
    expect(project([...WITH_CHECKPOINTS, restated]).runtime.status).toBe("completed");
  });

  it("HITL-03 a final-looking checkpoint with a pending interrupt is a pause, not completion", () => {
    const paused = checkpoint(
      [],
      [human],
      [{ id: "t2", name: "approve", interrupts: [{ id: "i1", value: { type: "tool_approval" } }] }],
    );
    const state = project([...WITH_CHECKPOINTS.slice(0, 2), [[], "checkpoints", paused]]);
    expect(state.runtime.status).toBe("interrupted");
    expect(state.actions.i1.status).toBe("pending");
  });

  it("HYD-01 STAT-08 a getState() with no next node after the stream confirms the end", () => {
    const stateRecord = { values: { messages: [human, answer] }, next: [], tasks: [], config: {} };
    const records = [...WITH_CHECKPOINTS.slice(0, -1), stateRecord];
    expect(project(records).runtime.status).toBe("completed");
    const pending = { ...stateRecord, next: ["agent"] };
    expect(project([...WITH_CHECKPOINTS.slice(0, -1), pending]).runtime.status).toBe("unknown");
  });

  it("HITL-03 HYD-01 a getState() with no next node but a pending interrupt is a pause; answered, an end", () => {
    const ask = { id: "i9", value: { type: "tool_approval" } };
    const done = { id: "t1", name: "agent", interrupts: [] };
    const waiting = { id: "t2", name: "approve", interrupts: [ask] };
    const stateRecord = { values: { messages: [human] }, next: [], tasks: [done, waiting], config: {} };
    const state = project([...WITH_CHECKPOINTS.slice(0, -1), stateRecord]);
    expect(state.runtime.status).toBe("interrupted");
    expect(state.actions.i9.status).toBe("pending");
    const answered = { ...stateRecord, tasks: [done, { ...waiting, interrupts: [] }] };
    expect(project([...WITH_CHECKPOINTS.slice(0, -1), answered]).runtime.status).toBe("completed");
  });

  it("STAT-08 an Agent Server end event is evidence on its own", () => {
    expect(project([...RUN2, [[], "end", null]]).runtime.status).toBe("completed");
  });
});

describe("langgraph end of input: what is no evidence", () => {
  const typesOf = (records: unknown[]) => adapt(records).map((e) => [e.type, e.phase, e.actionId]);
  const unknownEnd = [
    ["run.status", undefined, undefined],
    ["diagnostic.changed", undefined, undefined],
  ];

  it("STAT-08 HITL-03 a checkpoint with no next node whose task still lists the resumed interrupt is no end", () => {
    const asked = { __interrupt__: [{ id: "i1", value: "go on?" }] };
    const listed = { id: "t1", name: "ask", interrupts: [{ id: "i1", value: "go on?" }] };
    const records: LangGraphTuple[] = [
      [[], "values", { log: [] }],
      [[], "updates", asked],
      [[], "values", { log: [] }],
      [[], "checkpoints", { ...checkpoint([], []), values: { log: [] }, tasks: [listed] }],
    ];
    expect(typesOf(records).filter(([type]) => type !== "state.snapshot")).toEqual([
      ["run.started", "submitted", undefined],
      ["action.required", "waiting", "i1"],
      ["run.finished", "interrupted", undefined],
      ["run.started", "submitted", undefined],
      ...unknownEnd,
    ]);
  });

  it("HYD-01 STAT-08 a final thread state read before a run says nothing of that run's end", () => {
    const state = { values: { log: [] }, next: [], tasks: [], config: { configurable: { thread_id: "t1" } } };
    const records = [state, [[], "values", { log: ["a"] }]];
    expect(typesOf(records)).toEqual([
      ["run.started", "submitted", undefined],
      ["state.snapshot", undefined, undefined],
      ...unknownEnd,
    ]);
  });

  it("STAT-08 FALL-01 app data shaped like a final state (custom, next: []) is no checkpoint", () => {
    const records: LangGraphTuple[] = [
      [[], "values", { log: ["a"] }],
      [[], "custom", { next: [] }],
    ];
    expect(typesOf(records)).toEqual([
      ["run.started", "submitted", undefined],
      ["state.snapshot", undefined, undefined],
      ["state.delta", undefined, undefined],
      ...unknownEnd,
    ]);
  });
});

/** Chunks a cut or reordered stream may be made of; the final checkpoint is the only evidence. */
const POOL: LangGraphTuple[] = [
  ...WITH_CHECKPOINTS,
  ...RUN2.slice(0, 4),
  [["research:1"], "custom", { progress: "searching" }],
  [[], "tasks", { id: "t1", name: "agent", input: {}, triggers: [] }],
];

describe("langgraph end of input: property (fast-check)", () => {
  it("STAT-08 FALL-01 any stream cut anywhere is completed only when its prefix holds the evidence", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: POOL.length - 1 }), { minLength: 1, maxLength: 14 }),
        fc.nat(),
        (picks, cutSeed) => {
          const stream = picks.map((i) => POOL[i]);
          const prefix = stream.slice(0, 1 + (cutSeed % stream.length));
          const status = project(prefix).runtime.status;
          const last = prefix.at(-1);
          // Never completed without the final checkpoint in the prefix…
          if (!prefix.some(isFinalCheckpoint)) expect(status).not.toBe("completed");
          // …and a prefix that ends on it is completed.
          if (isFinalCheckpoint(last)) expect(status).toBe("completed");
          // Whatever the outcome, the input's end is never silent: completed or stated unknown.
          expect(["completed", "unknown", "interrupted"]).toContain(status);
        },
      ),
      { numRuns: 200 },
    );
  });
});
