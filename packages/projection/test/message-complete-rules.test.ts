import type { Message, MessageCut, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

/** A whole assistant message (reasoning, a running tool, then the answer) and the projection holding it. */
function wholeState(): { state: ProjectionState; e: ReturnType<typeof stream> } {
  const e = stream({ turnId: "t1", messageId: "m1" });
  const state = projectEvents([
    e("reasoning.summary", { partId: "r0", payload: { text: "Looked around" } }),
    e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
    e("text.delta", { partId: "a1", payload: { delta: "Hello world" } }),
  ]);
  return { state, e };
}

/** The same projection as a window sends it: the message cut to its answer's last `keep` characters. */
function cutState(state: ProjectionState, keep: number): { cut: ProjectionState; meta: MessageCut } {
  const whole = state.messages[0];
  const answer = whole.parts[whole.parts.length - 1];
  const text = answer.text as string;
  const cutMessage: Message = { ...whole, parts: [{ ...answer, text: text.slice(text.length - keep) }] };
  const meta: MessageCut = {
    messageId: whole.id,
    bytes: JSON.stringify(whole).length,
    parts: { total: whole.parts.length, included: 1 },
    text: { partId: answer.id, total: text.length, included: keep },
  };
  return { cut: { ...state, messages: [cutMessage] }, meta };
}

const parts = (p: ReturnType<typeof createProjector>) =>
  p.getState().messages[0].parts.map((part) => [part.id, part.kind, part.text]);

describe("completing a message a window sent cut (HYD-13)", () => {
  it("HYD-13 the parts the cut left out come first and the answer gets its head back", () => {
    const { state } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    expect(parts(p)).toEqual([["a1", "assistant_text", "world"]]);
    expect(p.completeMessage(state.messages[0], meta)).toBe(true);
    expect(parts(p)).toEqual([
      ["r0", "reasoning_summary", "Looked around"],
      ["tool:c1", "tool_call", undefined],
      ["a1", "assistant_text", "Hello world"],
    ]);
  });

  it("HYD-13 deltas applied since the window are kept after the head", () => {
    const { state, e } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    p.apply(e("text.delta", { partId: "a1", payload: { delta: " again" } }));
    expect(p.completeMessage(state.messages[0], meta)).toBe(true);
    expect(parts(p).at(-1)).toEqual(["a1", "assistant_text", "Hello world again"]);
  });

  it("HYD-13 an answer read, then streamed into and completed, shows its whole text", () => {
    const { state, e } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    expect(parts(p)).toEqual([["a1", "assistant_text", "world"]]);
    // No read between the delta and the completion: the view shown must follow both changes.
    p.apply(e("text.delta", { partId: "a1", payload: { delta: "!" } }));
    expect(p.completeMessage(state.messages[0], meta)).toBe(true);
    expect(parts(p).at(-1)).toEqual(["a1", "assistant_text", "Hello world!"]);
  });

  it("HYD-13 an answer already made whole is left as it is; one replaced since asks again later", () => {
    const { state, e } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const whole = createProjector();
    whole.hydrate({ kind: "projection", state: cut });
    const final = e("text.final", { partId: "a1", payload: { text: "Hello world" } });
    whole.apply(final);
    expect(whole.completeMessage(state.messages[0], meta)).toBe(true);
    expect(parts(whole).at(-1)).toEqual(["a1", "assistant_text", "Hello world"]);
    const replaced = createProjector();
    replaced.hydrate({ kind: "projection", state: cut });
    replaced.apply({ ...final, eventId: "other-final", payload: { text: "Goodbye" } });
    expect(replaced.completeMessage(state.messages[0], meta)).toBe(false);
    expect(parts(replaced).at(-1)).toEqual(["a1", "assistant_text", "Goodbye"]);
    // The missing parts are still added.
    expect(parts(replaced).map((part) => part[0])).toEqual(["r0", "tool:c1", "a1"]);
  });

  it("HYD-13 a message not held, or a whole copy without parts, completes nothing", () => {
    const { state } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    expect(p.completeMessage({ ...state.messages[0], id: "other" }, { ...meta, messageId: "other" })).toBe(
      false,
    );
    expect(p.completeMessage({ ...state.messages[0], parts: undefined as never }, meta)).toBe(false);
    expect(parts(p)).toEqual([["a1", "assistant_text", "world"]]);
  });

  it("HYD-13 / PROC-04 a tool part completed into the message is the tool's one part: its result lands there", () => {
    const { state, e } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    const { data: _data, ...bare } = state.messages[0].parts[1];
    p.completeMessage(
      { ...state.messages[0], parts: [state.messages[0].parts[0], bare, state.messages[0].parts[2]] },
      meta,
    );
    const tool = p.getState().messages[0].parts[1];
    expect(tool.data).toEqual({ state: "running" });
    p.apply(e("tool.result", { toolCallId: "c1", payload: { output: "found" } }));
    const done = p.getState().messages[0].parts.filter((part) => part.kind === "tool_call");
    expect(done.map((part) => [part.id, part.status, part.data])).toEqual([
      ["tool:c1", "done", { state: "output-available", outputPreview: "found" }],
    ]);
  });

  it("HYD-13 / PROC-03 a running tool completed into the message is closed by its run's end", () => {
    const { state, e } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    p.completeMessage(state.messages[0], meta);
    p.apply(e("run.finished", {}));
    expect(p.getState().tools.c1.status).toBe("unknown");
    expect(p.getState().diagnostics.map((d) => d.code)).toEqual(["tool_unclosed_at_turn_end"]);
  });

  it("HYD-13 a cut that left out only parts gets them back; its answer is kept as it is", () => {
    const { state } = wholeState();
    const { cut, meta } = cutState(state, 11);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    const { text: _text, ...partsOnly } = meta;
    expect(p.completeMessage(state.messages[0], partsOnly)).toBe(true);
    expect(parts(p).map((part) => part[0])).toEqual(["r0", "tool:c1", "a1"]);
    expect(parts(p).at(-1)).toEqual(["a1", "assistant_text", "Hello world"]);
  });

  it("HYD-13 a cut answer sent without its empty tail (the field left out) gets the whole text, as one sent empty", () => {
    const { state } = wholeState();
    const { cut, meta } = cutState(state, 0);
    const [held] = cut.messages;
    const { text: _empty, ...textless } = held.parts[0];
    expect(_empty).toBe("");
    for (const answer of [held.parts[0], textless]) {
      const p = createProjector();
      p.hydrate({ kind: "projection", state: { ...cut, messages: [{ ...held, parts: [answer] }] } });
      expect(p.completeMessage(state.messages[0], meta)).toBe(true);
      expect(parts(p).at(-1)).toEqual(["a1", "assistant_text", "Hello world"]);
    }
    // A part held without text where the cut says a tail was sent no longer holds that tail: asked again.
    const sent = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: { ...sent.cut, messages: [{ ...held, parts: [textless] }] } });
    expect(p.completeMessage(state.messages[0], sent.meta)).toBe(false);
    expect(parts(p).at(-1)).toEqual(["a1", "assistant_text", undefined]);
  });

  it("HYD-13 an answer made whole that starts with its cut tail gets no second head", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([e("text.delta", { partId: "a1", payload: { delta: "la la la" } })]);
    const { cut, meta } = cutState(state, 2);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    p.apply(e("text.final", { partId: "a1", payload: { text: "la la la" } }));
    expect(p.completeMessage(state.messages[0], meta)).toBe(true);
    expect(parts(p)).toEqual([["a1", "assistant_text", "la la la"]]);
  });

  it("HYD-13 parts of the whole copy after the held ones are left to the stream; a copy without the cut part changes no text", () => {
    const { state } = wholeState();
    const whole = state.messages[0];
    const answer = whole.parts[2];
    const single: ProjectionState = { ...state, messages: [{ ...whole, parts: [answer] }] };
    const { cut, meta } = cutState(single, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    const later = { ...answer, id: "a2", text: "Later" };
    expect(p.completeMessage({ ...whole, parts: [answer, later] }, meta)).toBe(true);
    expect(parts(p)).toEqual([["a1", "assistant_text", "Hello world"]]);
    const q = createProjector();
    q.hydrate({ kind: "projection", state: cut });
    expect(() => q.completeMessage({ ...whole, parts: [{ ...answer, id: "other" }] }, meta)).not.toThrow();
    expect(parts(q).at(-1)).toEqual(["a1", "assistant_text", "world"]);
  });

  it("HYD-13 a whole copy sharing no part with the held message gives back all its parts; a cut naming a part not held changes no text", () => {
    const { state } = wholeState();
    const { cut, meta } = cutState(state, 5);
    const p = createProjector();
    p.hydrate({ kind: "projection", state: cut });
    const whole = state.messages[0];
    const others = whole.parts.slice(0, 2);
    expect(
      p.completeMessage({ ...whole, parts: others }, { ...meta, text: { ...meta.text!, partId: "r0" } }),
    ).toBe(true);
    expect(parts(p)).toEqual([
      ["r0", "reasoning_summary", "Looked around"],
      ["tool:c1", "tool_call", undefined],
      ["a1", "assistant_text", "world"],
    ]);
  });
});
