// ARCH-04 TEXT-02: the message and part views a snapshot holds are plain data. A field the facts never gave is
// absent (not present with `undefined`), so a snapshot stored as JSON and read back equals the live one
// field for field, and the fields the facts did give are all there.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const stored = (state: ProjectionState): ProjectionState => JSON.parse(JSON.stringify(state));

describe("message views hold only the fields their facts gave", () => {
  it("ARCH-04 a message without turn, run, agent or time is stored and read back unchanged, key for key", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Hel" } }),
      e("text.delta", { messageId: "m1", payload: { delta: "lo" } }),
      e("text.delta", { messageId: "u1", payload: { delta: "hi", role: "user" } }),
    ]);
    expect(state.messages.map((m) => m.parts.map((p) => p.text))).toEqual([["Hello"], ["hi"]]);
    expect(stored(state).messages).toStrictEqual(state.messages);
    for (const message of state.messages) {
      for (const key of ["agentId", "turnId", "runId", "createdAt", "usage", "optimistic"])
        expect(Object.hasOwn(message, key), key).toBe(false);
    }
  });

  it("ARCH-04 the turn, run, agent and time a message's facts name are each in its view", () => {
    const e = stream({ turnId: "t1", runId: "r1", agentId: "a1", timestamp: "2026-01-01T00:00:00Z" });
    const state = projectEvents([e("text.delta", { messageId: "m1", payload: { delta: "x" } })]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({
      id: "m1",
      turnId: "t1",
      runId: "r1",
      agentId: "a1",
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(stored(state).messages).toStrictEqual(state.messages);
  });

  it("ARCH-04 a message names the event it came from; one stored without a source reads back without one", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = stored(projectEvents([e("text.delta", { payload: { delta: "x" } })]));
    expect(state.messages[0].source).toEqual({ eventId: "s1-1", sequence: 1, type: "text.delta" });
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state });
    expect(resumed.getState().messages[0].source).toEqual(state.messages[0].source);

    const bare = stored(state);
    delete bare.messages[0].source;
    const resumedBare = createProjector();
    resumedBare.hydrate({ kind: "projection", state: bare });
    expect(resumedBare.getState().messages.map((m) => m.parts[0].text)).toEqual(["x"]);
    expect(Object.hasOwn(resumedBare.getState().messages[0], "source")).toBe(false);
  });

  it("ARCH-04 TEXT-02 a part's view holds its facts' fields and none of the projector's own bookkeeping", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { payload: { delta: "raw chain of thought", visibility: "detail" } }),
      e("text.delta", { payload: { delta: "Hel" } }),
      e("text.delta", { payload: { delta: "lo" } }),
    ]);
    const [detail, text] = state.messages[0].parts;
    expect(detail).toStrictEqual({
      id: detail.id,
      kind: "reasoning_detail",
      status: "streaming",
      title: "Thinking",
      expanded: true,
      source: { eventId: "s1-1", sequence: 1, type: "reasoning.delta" },
    });
    expect(text).toStrictEqual({
      id: text.id,
      kind: "assistant_text",
      status: "streaming",
      text: "Hello",
      source: { eventId: "s1-2", sequence: 2, type: "text.delta" },
    });
  });

  it("SEC-02 TEXT-04 a link at the end of an answer waits while the text streams and shows once it is final", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([e("text.delta", { payload: { delta: "Read https://example.com" } })]);
    // Streaming: the link could still grow into a URL with credentials, so it waits for the rest.
    expect(p.getState().messages[0].parts[0]).toMatchObject({ status: "streaming", text: "Read " });
    p.applyAll([e("text.final", { payload: { text: "Read https://example.com" } })]);
    expect(p.getState().messages[0].parts[0]).toMatchObject({
      status: "done",
      text: "Read https://example.com",
    });
  });

  it("perf §2.2 TEXT-02 a delta to one part of a message leaves its other parts' views identical (===)", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.applyAll([
      e("text.delta", { payload: { delta: "Looking" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "read" } }),
      e("text.delta", { payload: { delta: "Found it" } }),
    ]);
    const before = p.getState().messages[0].parts;
    expect(before.map((part) => part.kind)).toEqual(["assistant_text", "tool_call", "assistant_text"]);
    p.apply(e("text.delta", { payload: { delta: "." } }));
    const after = p.getState().messages[0].parts;
    expect(after[2].text).toBe("Found it.");
    expect(after[2]).not.toBe(before[2]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });
});
