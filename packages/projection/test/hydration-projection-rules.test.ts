import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;

/** A projection resumed from `stored` and fed `later`, beside the live fold of both. */
function resumeAndLive(events: ReturnType<ReturnType<typeof stream>>[], later: typeof events) {
  const resumed = createProjector();
  resumed.hydrate({ kind: "projection", state: projectEvents(events) });
  resumed.applyAll(later);
  return { resumed: resumed.getState(), live: projectEvents([...events, ...later]) };
}

describe("resuming from a stored projection (ARCH-04, HYD-09)", () => {
  it("ARCH-04 / PROC-03 a tool still running when the projection was stored is closed by its run's end", () => {
    const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
    const { resumed, live } = resumeAndLive(
      [
        e("run.started", { payload: { input: "q" } }),
        e("text.delta", { payload: { delta: "Running." } }),
        e("tool.started", { toolCallId: "c1", payload: { toolName: "shell" } }),
      ],
      [e("run.finished", {})],
    );
    const view = (state: State) => ({
      tool: state.tools.c1.status,
      codes: state.diagnostics.map((d) => d.code),
    });
    expect(view(live)).toEqual({ tool: "unknown", codes: ["tool_unclosed_at_turn_end"] });
    expect(view(resumed)).toEqual(view(live));
  });

  it("ARCH-04 / PROC-02 events naming only their run reach the run's turn after a resume, and its end archives it", () => {
    const e = stream();
    const { resumed, live } = resumeAndLive(
      [
        e("run.started", { turnId: "t1", runId: "r1", payload: { input: "q" } }),
        e("text.delta", { turnId: "t1", runId: "r1", messageId: "m1", payload: { delta: "Hello" } }),
      ],
      [
        e("text.delta", { runId: "r1", messageId: "m1", payload: { delta: " world" } }),
        e("run.finished", { runId: "r1" }),
      ],
    );
    const answer = (state: State) =>
      state.messages
        .filter((m) => m.role === "assistant")
        .map((m) => [m.id, m.turnId, m.parts.map((p) => [p.text, p.status])]);
    expect(answer(live)).toEqual([["m1", "t1", [["Hello world", "done"]]]]);
    expect(answer(resumed)).toEqual(answer(live));
    expect(resumed.runtime.status).toBe("completed");
  });
});

describe("a stored projection's ended turn stays ended (STAT-07, ARCH-04)", () => {
  it.each([
    ["completed", true],
    ["failed", true],
    ["cancelled", true],
    ["interrupted", true],
    ["streaming", false],
    ["waiting", false],
  ])("STAT-07 a turn stored %s: a late run.status is reported after the resume (%s)", (status, ended) => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const stored = projectEvents([e("run.started", { payload: { input: "q" } })]);
    const resumed = createProjector();
    resumed.hydrate({
      kind: "projection",
      state: { ...stored, runtime: { ...stored.runtime, status: status as State["runtime"]["status"] } },
    });
    resumed.apply(e("run.status", { payload: { status: "running" } }));
    const late = resumed.getState().diagnostics.filter((d) => d.code === "execution_after_turn_terminal");
    expect(late.map((d) => d.message)).toEqual(ended ? ["run.status after the turn ended (t1)"] : []);
  });
});

describe("what a stored projection's cursor and tables restore (HYD-03, ORD-03)", () => {
  it("HYD-03 / ORD-03 stale sections stay stale after a resume; a stream's gap mark is not restored", () => {
    const e = stream({ turnId: "t1" });
    const stored = projectEvents([e("text.delta", { messageId: "m1", payload: { delta: "Hi" } })]);
    const resumed = createProjector();
    resumed.hydrate({
      kind: "projection",
      state: {
        ...stored,
        tools: null as never,
        cursor: { ...stored.cursor, staleSections: ["actions", "stream:s9"] },
      },
    });
    const state = resumed.getState();
    expect(state.cursor.staleSections).toEqual(["actions"]);
    expect(state.tools).toEqual({});
    expect(state.messages.map((m) => m.id)).toEqual(["m1"]);
  });

  it("HYD-10 a stored stale action filed under another id than its own keeps the section stale until answered", () => {
    const e = stream({ turnId: "t1" });
    const base = createProjector().getState();
    const resumed = createProjector();
    resumed.hydrate({
      kind: "projection",
      state: {
        ...base,
        actions: { a1: { actionId: "b1", status: "stale", title: "Deploy?" } } as never,
        cursor: { ...base.cursor, staleSections: ["actions"] },
      },
    });
    resumed.apply(e("action.required", { actionId: "a2", payload: {} }));
    expect(resumed.getState().cursor.staleSections).toEqual(["actions"]);
    resumed.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved" } }));
    expect(resumed.getState().actions.a1.status).toBe("resolved");
    expect(resumed.getState().cursor.staleSections).toEqual([]);
  });
});
