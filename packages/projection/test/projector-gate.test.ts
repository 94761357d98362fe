// The projector's gate (ENV-09, ORD-01/02, SEC-01/02, DIAG-01): what it reports for input it cannot apply —
// with the event named by the fields it really carries —, that every change bumps `version` and reaches the
// listeners, that a delta's other payload fields are redacted while its text is kept, that a reducer's
// failure is a diagnostic, and that the diagnostics list keeps its identity while no diagnostic changes.
import type { AgentUiEvent, Diagnostic } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src/core";
import { stream } from "./helpers";

type Projector = ReturnType<typeof createProjector>;

const SECRET = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");
const error: Diagnostic = {
  code: "schema_mismatch",
  severity: "error",
  message: "detailed",
  path: "/payload",
};
const warning: Diagnostic = { code: "schema_mismatch", severity: "warning", message: "only a hint" };

/** Applies one raw value; reports whether the version grew and the listener heard. */
function applied(p: Projector, raw: unknown): { grew: boolean; heard: number } {
  const before = p.version;
  let heard = 0;
  const off = p.subscribe(() => {
    heard += 1;
  });
  p.apply(raw as AgentUiEvent);
  off();
  return { grew: p.version > before, heard };
}

const last = (p: Projector) => p.getState().diagnostics.at(-1);

describe("input the gate cannot apply (ENV-09, DIAG-01)", () => {
  it("ENV-09 a rejected event gets the validator's errors, without its warnings", () => {
    const p = createProjector({ validator: () => [error, warning] });
    const e = stream({ turnId: "t1" });
    p.apply(e("text.delta", { payload: 5 as never }));
    expect(p.getState().diagnostics).toEqual([error]);
  });

  it("ENV-09 without errors from the validator (or without one) the gate's own finding names the event", () => {
    const finding = {
      code: "schema_mismatch",
      severity: "warning",
      message: "payload must be an object",
      path: "/payload",
      eventRef: { eventId: "s1-1", sequence: 1, type: "text.delta", streamId: "s1" },
    };
    for (const validator of [() => [warning], undefined]) {
      const p = createProjector({ validator });
      const e = stream({ turnId: "t1" });
      expect(applied(p, e("text.delta", { payload: 5 as never }))).toEqual({ grew: true, heard: 1 });
      expect(p.getState().diagnostics).toEqual([finding]);
    }
  });

  it("ENV-09 an event that cannot be ordered is named by the envelope fields it carries as the schema types them", () => {
    const p = createProjector();
    expect(applied(p, { eventId: "e1", type: "text.delta", streamId: "s1", sequence: -1 })).toEqual({
      grew: true,
      heard: 1,
    });
    expect(last(p)).toEqual({
      code: "schema_mismatch",
      severity: "warning",
      message: "sequence must be a non-negative integer",
      path: "/sequence",
      eventRef: { eventId: "e1", sequence: -1, type: "text.delta", streamId: "s1" },
    });
    applied(p, { eventId: 7, type: "text.delta", streamId: "s1" });
    expect(last(p)?.eventRef).toEqual({ type: "text.delta", streamId: "s1" });
    applied(p, { eventId: "e2", sequence: "3", type: 5, streamId: 9 });
    expect(last(p)?.eventRef).toEqual({ eventId: "e2" });
    expect(last(p)?.message).toBe("sequence must be a non-negative integer");
    applied(p, { eventId: "e4", type: "text.delta", sequence: -2, source: { index: 4 } });
    expect(last(p)?.eventRef).toEqual({ eventId: "e4", sequence: -2, type: "text.delta", index: 4 });
    applied(p, { eventId: "e3", type: 5, streamId: 9 });
    expect(last(p)?.eventRef).toEqual({ eventId: "e3" });
    expect(last(p)?.message).toBe("streamId must be a string");
  });

  it("ENV-09 a value that is not an event object is reported with no event reference", () => {
    const p = createProjector();
    for (const raw of [null, 5, "text.delta", [], [{ type: "text.delta" }]]) {
      expect(applied(p, raw)).toEqual({ grew: true, heard: 1 });
      const d = last(p);
      expect(d?.code).toBe("unparseable_input");
      expect(d !== undefined && "eventRef" in d).toBe(false);
    }
    expect(p.getState().diagnostics.map((d) => d.message)).toEqual([
      "event is null, not an object",
      "event is number, not an object",
      "event is string, not an object",
      "event is an array, not an object",
      "event is an array, not an object",
    ]);
  });

  it("ENV-09 a reducer that fails is reported; the stream goes on", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const failing = (thrown: unknown) =>
      e("text.delta", {
        payload: Object.defineProperty({}, "delta", {
          enumerable: true,
          get() {
            throw thrown;
          },
        }),
      });
    p.apply(failing(new Error("boom")));
    p.apply(failing("not an error"));
    p.apply(e("text.delta", { payload: { delta: "still here" } }));
    const state = p.getState();
    expect(state.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }))).toEqual([
      { code: "schema_mismatch", severity: "error", message: "event could not be projected: boom" },
      { code: "schema_mismatch", severity: "error", message: "event could not be projected: error" },
    ]);
    expect(state.messages.at(-1)?.parts.at(-1)?.text).toBe("still here");
  });
});

describe("every change is heard (ORD-01, ORD-02)", () => {
  it("ORD-01 a late event applied below a joined stream's first sequence bumps the version and is heard", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [a, b, c] = [1, 2, 3].map((n) => e("text.delta", { payload: { delta: String(n) } }));
    p.applyAll([b, c]);
    expect(applied(p, a)).toEqual({ grew: true, heard: 1 });
    expect(p.getState().diagnostics.map((d) => d.code)).toEqual(["out_of_order"]);
  });

  it("ORD-02 another event claiming a used sequence bumps the version and is heard", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const first = e("text.delta", { payload: { delta: "x" } });
    p.apply(first);
    expect(applied(p, { ...first, eventId: "other" })).toEqual({ grew: true, heard: 1 });
    expect(p.getState().diagnostics.map((d) => d.code)).toEqual(["duplicate_event"]);
  });

  it("ORD-02 a restated fact's sequenced copy fills its slot: the cursor moves and is heard", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const copy = e("text.delta", { payload: { delta: "once" } });
    const { sequence: _, ...restated } = copy;
    p.apply(restated as AgentUiEvent);
    expect(p.getState().cursor.streams).toEqual({});
    expect(applied(p, copy)).toEqual({ grew: true, heard: 1 });
    expect(p.getState().cursor.streams).toEqual({ s1: 1 });
    expect(p.getState().messages.map((m) => m.parts.map((part) => part.text))).toEqual([["once"]]);
  });
});

describe("held events wait for their gap (ORD-01)", () => {
  it("ORD-01 the first fact applied in order releases nothing held behind a gap still open", () => {
    const p = createProjector({ expectStreamStart: 1 });
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [first, , third] = [1, 2, 3].map((n) => e("text.delta", { payload: { delta: String(n) } }));
    p.apply(third);
    p.apply(first);
    expect(p.getState().cursor.gaps).toEqual([{ streamId: "s1", from: 2, to: 2 }]);
    expect(p.getState().messages.map((m) => m.parts.map((part) => part.text))).toEqual([["1"]]);
  });
});

describe("deltas and redaction (SEC-01, SEC-02)", () => {
  it("SEC-02 a delta's other payload fields are redacted; its text is kept", () => {
    for (const type of ["text.delta", "reasoning.delta"]) {
      const p = createProjector();
      const e = stream({ turnId: "t1", messageId: "m1" });
      p.apply(e(type, { payload: { delta: "Hi", title: `key ${SECRET}` } }));
      p.apply(e(type, { payload: { delta: " there", role: "assistant" } }));
      const state = p.getState();
      expect(JSON.stringify(state)).not.toContain(SECRET);
      expect(state.diagnostics).toEqual([]);
      expect(state.messages[0].parts.map((part) => part.text)).toEqual(["Hi there"]);
    }
  });

  it("SEC-02 a field a delta carries besides its text is redacted before a reducer stores it", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    p.apply(e("tool.args", { toolCallId: "c1", payload: { delta: '{"q":', name: `fetch ${SECRET}` } }));
    expect(p.getState().tools.c1).toMatchObject({
      name: "fetch [redacted:openai_api_key]",
      status: "input-streaming",
    });
  });

  it("SEC-01 any other event is redacted whole, its envelope fields too", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1" });
    p.apply(
      e("artifact.created", {
        artifactId: "f1",
        artifactReadRef: `https://files.example/report?key=${SECRET}`,
        payload: { title: "report" },
      }),
    );
    expect(p.getState().artifacts.f1).toMatchObject({
      title: "report",
      readRef: "https://files.example/report?key=[redacted:openai_api_key]",
    });
  });
});

describe("the diagnostics list (DIAG-01)", () => {
  it("DIAG-01 a full validation that finds nothing keeps the diagnostics list as it was", () => {
    const p = createProjector({ validation: "full", validator: () => [] });
    const e = stream({ turnId: "t1", messageId: "m1" });
    p.apply(e("text.delta", { payload: { delta: "a" } }));
    const before = p.getState();
    p.apply(e("text.delta", { payload: { delta: "b" } }));
    const after = p.getState();
    expect(after).not.toBe(before);
    expect(after.diagnostics).toBe(before.diagnostics);
  });

  it("DIAG-01 diagnostics a stored projection brings show after a snapshot was already read", () => {
    const p = createProjector();
    expect(p.getState().diagnostics).toEqual([]);
    const stored = createProjector();
    stored.apply({ type: "banana.changed" } as AgentUiEvent);
    p.hydrate({ kind: "projection", state: stored.getState() });
    expect(p.getState().diagnostics.map((d) => d.code)).toEqual(["unknown_event_class"]);
  });

  it("TEAM-18 a withdrawal takes back lineage findings only, not a runtime's diagnostic worded the same", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1" });
    const message = "agent w1 has no parent ids: no delegation edge is drawn";
    p.applyAll([
      e("diagnostic.changed", { payload: { code: "runtime_warning", severity: "info", message } }),
      e("agent.changed", { agentId: "w1", payload: {} }),
    ]);
    expect(p.getState().diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["runtime_warning", message],
      ["lineage_unknown", message],
    ]);
    p.apply(e("agent.handoff", { handoffId: "h1", payload: { from: "lead", to: "w1" } }));
    expect(p.getState().diagnostics.map((d) => [d.code, d.message])).toEqual([["runtime_warning", message]]);
  });

  it("TEAM-18 an edge drawn to one agent withdraws only that agent's lineage finding", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1" });
    p.applyAll([
      e("agent.changed", { agentId: "w1", payload: {} }),
      e("agent.changed", { agentId: "w2", payload: {} }),
    ]);
    expect(p.getState().diagnostics.map((d) => d.message)).toEqual([
      "agent w1 has no parent ids: no delegation edge is drawn",
      "agent w2 has no parent ids: no delegation edge is drawn",
    ]);
    p.apply(e("agent.handoff", { handoffId: "h1", payload: { from: "lead", to: "w1" } }));
    const withdrawn = p.getState();
    expect(withdrawn.diagnostics.map((d) => d.message)).toEqual([
      "agent w2 has no parent ids: no delegation edge is drawn",
    ]);
    // Another edge to w1: nothing left to withdraw, the list keeps its identity.
    p.apply(e("agent.handoff", { handoffId: "h2", payload: { from: "w2", to: "w1" } }));
    const again = p.getState();
    expect(again).not.toBe(withdrawn);
    expect(again.diagnostics).toBe(withdrawn.diagnostics);
  });
});

describe("the session while a gap is open (ORD-05)", () => {
  it("ORD-05 the session reads stale while a gap is open, keeps its identity, and shows its own changes", () => {
    const p = createProjector();
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [first, , third] = [1, 2, 3].map((n) => e("text.delta", { payload: { delta: String(n) } }));
    p.applyAll([first, third]);
    const gap = p.getState();
    expect(gap.session.hydration.status).toBe("stale");
    // A change elsewhere (another stream) keeps the session view as it was.
    p.apply({
      type: "text.delta",
      eventId: "o1",
      streamId: "other",
      sequence: 1,
      turnId: "t2",
      payload: { delta: "x" },
    } as AgentUiEvent);
    const other = p.getState();
    expect(other).not.toBe(gap);
    expect(other.session).toBe(gap.session);
    // The session's own change shows, still stale.
    p.apply({ type: "session.updated", eventId: "u1", payload: { title: "Renamed" } } as AgentUiEvent);
    expect(p.getState().session).toMatchObject({ title: "Renamed", hydration: { status: "stale" } });
  });
});
