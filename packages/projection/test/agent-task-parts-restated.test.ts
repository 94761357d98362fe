// An `agent_task` part a `messages.snapshot` restates (TEAM-18, HYD-09): when this projector saw the part's
// worker or task, the part shows their records as they stand; when it saw neither, the part shows what the
// snapshot stated of it (its title, its state, its stated parents) and nothing it did not state: a label,
// a state from the standard's vocabularies or `unknown`, and lineage `unknown` unless a parent was named.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const SECRET = ["ghp_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");

/** A `messages.snapshot` restating the coordinator's message m1 with `parts`. */
const snapshotOf = (e: ReturnType<typeof stream>, parts: Record<string, unknown>[]) =>
  e("messages.snapshot", { payload: { messages: [{ id: "m1", role: "assistant", parts }] } });

/** The agent_task parts of a coordinator message restated by one snapshot holding `parts`. */
function restated(parts: Record<string, unknown>[], previewBytes?: number) {
  const state = projectEvents(
    [snapshotOf(stream({ turnId: "t1" }), parts)],
    previewBytes === undefined ? {} : { previewBytes },
  );
  return shown(state);
}

/** A part p1 as a restored part shows: done, collapsed, lineage unknown. */
const doneView = (title: string, state: string) => ({
  id: "p1",
  title,
  status: "done",
  expanded: false,
  data: { state, lineage: "unknown" },
});

function shown(state: State) {
  return state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "agent_task")
      .map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        expanded: p.expanded,
        data: p.data,
      })),
  );
}

describe("an agent_task part known only through a snapshot (TEAM-18, HYD-09)", () => {
  it("TEAM-18 shows the snapshot's title and stated state, done and collapsed, lineage unknown", () => {
    expect(
      restated([
        {
          kind: "agent_task",
          id: "p1",
          agentId: "w1",
          taskId: "k1",
          title: "Research the sources",
          data: { state: "running" },
        },
      ]),
    ).toEqual([doneView("Research the sources", "running")]);
  });

  it("TEAM-18 a state of either vocabulary is kept; any other word, or none, reads unknown", () => {
    const states = restated(
      ["blocked", "killed", "finished-ish", 7, undefined].map((state, i) => ({
        kind: "agent_task",
        id: `p${i}`,
        agentId: `w${i}`,
        ...(state === undefined ? {} : { data: { state } }),
      })),
    ).map((part) => part.data?.state);
    expect(states).toEqual(["blocked", "killed", "unknown", "unknown", "unknown"]);
  });

  it("TEAM-18 without a title the label is the worker, else the task, else a generic one", () => {
    const titles = restated([
      { kind: "agent_task", id: "p1", agentId: "w1", taskId: "k1" },
      { kind: "agent_task", id: "p2", taskId: "k2" },
      { kind: "agent_task", id: "p3" },
      { kind: "agent_task", id: "p4", taskId: "k4", title: 42 },
    ]).map((part) => part.title);
    expect(titles).toEqual(["w1", "k2", "Delegated task", "k4"]);
  });

  it("TEAM-18 parents the snapshot names are kept and make the lineage known; nothing else is", () => {
    const parents = {
      parentAgentId: "lead",
      parentThreadId: "th",
      parentSessionId: "s0",
      parentTaskId: "k0",
    };
    const [named, odd] = restated([
      {
        kind: "agent_task",
        id: "p1",
        agentId: "w1",
        data: { state: "completed", lineage: "known", ...parents, queuePosition: 3 },
      },
      {
        kind: "agent_task",
        id: "p2",
        agentId: "w2",
        data: { lineage: "known", parentAgentId: 5, runtimeEntity: "subagent_turn" },
      },
    ]);
    expect(named.data).toEqual({ state: "completed", lineage: "known", ...parents });
    expect(odd.data).toEqual({ state: "unknown", lineage: "unknown" });
  });

  it("TEAM-18 each stated parent alone makes the lineage known", () => {
    const keys = ["parentAgentId", "parentThreadId", "parentSessionId", "parentTaskId"];
    const lineages = restated(
      keys.map((key, i) => ({ kind: "agent_task", id: `p${i}`, agentId: `w${i}`, data: { [key]: "x" } })),
    ).map((part) => [Object.keys(part.data ?? {}).find((k) => k.startsWith("parent")), part.data?.lineage]);
    expect(lineages).toEqual(keys.map((key) => [key, "known"]));
  });

  it("SEC-01 a stated title is redacted and bounded like every preview", () => {
    const [part] = restated(
      [{ kind: "agent_task", id: "p1", agentId: "w1", title: `use ${SECRET} ${"x".repeat(400)}` }],
      64,
    );
    expect(part.title).not.toContain(SECRET);
    expect(part.title?.startsWith("use [redacted:github_token] x")).toBe(true);
    expect(new TextEncoder().encode(part.title).length).toBeLessThanOrEqual(64);
  });

  it("TEAM-18 / TASK-06 a later fact about the worker replaces the stated view with its record", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      snapshotOf(e, [
        {
          kind: "agent_task",
          id: "p1",
          agentId: "w1",
          title: "Old label",
          data: { state: "running" },
        },
      ]),
      e("agent.changed", { agentId: "w1", payload: { agentName: "researcher", status: "completed" } }),
    ]);
    expect(shown(state)).toEqual([doneView("researcher", "completed")]);
  });

  it("TEAM-18 a worker this projector saw is shown as its record stands, not as the snapshot stated", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        parentSessionId: "s",
        parentThreadId: "th",
        payload: { agentName: "researcher", status: "running" },
      }),
      snapshotOf(e, [
        { kind: "agent_task", id: "p1", agentId: "w1", title: "Stale", data: { state: "failed" } },
      ]),
    ]);
    const part = shown(state).find((p) => p.id === "p1");
    expect(part?.title).toBe("researcher");
    expect(part?.data).toEqual({
      state: "running",
      lineage: "known",
      parentThreadId: "th",
      parentSessionId: "s",
    });
  });
});
