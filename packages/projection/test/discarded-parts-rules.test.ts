// Which part a discarded final takes back (TEXT-04, PROC-01): the part its partId names, else the message's
// last part while it still streams a kind the final can end. A finished part without an id, or a part of
// another kind, is never guessed at; a discarded reasoning step keeps its timeline entry, marked discarded.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const parts = (state: State) =>
  state.messages.flatMap((m) => m.parts).map((p) => [p.id, p.kind, p.text ?? ""]);
const discarded = (fields: Partial<AgentUiEvent> = {}) => ({
  messageId: "m",
  ...fields,
  payload: { text: "", discarded: true },
});

describe("discarded parts: which part is taken back (TEXT-04, PROC-01)", () => {
  it("TEXT-04 without a partId the streaming text part is removed", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m", partId: "a", payload: { delta: "kept" } }),
      e("text.final", { messageId: "m", partId: "a", payload: { text: "kept" } }),
      e("text.delta", { messageId: "m", partId: "b", payload: { delta: "retracted" } }),
      e("text.final", discarded()),
    ]);
    expect(parts(state)).toEqual([["a", "assistant_text", "kept"]]);
    expect(state.diagnostics).toEqual([]);
    expect(state.timeline).toEqual([]);
  });

  it("TEXT-04 without a partId a finished text part is not guessed at", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m", partId: "a", payload: { delta: "kept" } }),
      e("text.final", { messageId: "m", partId: "a", payload: { text: "kept" } }),
      e("text.final", discarded()),
    ]);
    expect(parts(state)).toEqual([["a", "assistant_text", "kept"]]);
  });

  it("TEXT-04 a discarded text final names a finished part by its partId: that part is removed", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m", partId: "a", payload: { delta: "kept" } }),
      e("text.delta", { messageId: "m", partId: "b", payload: { delta: "gone" } }),
      e("text.final", { messageId: "m", partId: "b", payload: { text: "gone" } }),
      e("text.final", discarded({ partId: "b" })),
    ]);
    expect(parts(state)).toEqual([["a", "assistant_text", "kept"]]);
  });

  it("PROC-01 a discarded text final never removes a streaming reasoning part, with or without its partId", () => {
    const e = stream();
    const state = projectEvents([
      e("reasoning.delta", { messageId: "m", partId: "r", payload: { delta: "thinking" } }),
      e("text.final", discarded()),
      e("text.final", discarded({ partId: "r" })),
    ]);
    expect(parts(state)).toEqual([["r", "reasoning_summary", "thinking"]]);
    expect(state.timeline.map((entry) => [entry.id, entry.status])).toEqual([["reasoning:r", "running"]]);
  });

  it("PROC-01 a discarded reasoning summary removes the streaming reasoning part; its entry says discarded", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m", partId: "a", payload: { delta: "kept" } }),
      e("reasoning.delta", { messageId: "m", payload: { delta: "wrong path" } }),
      e("reasoning.summary", discarded()),
    ]);
    expect(parts(state)).toEqual([["a", "assistant_text", "kept"]]);
    expect(state.timeline.map((entry) => [entry.kind, entry.title, entry.status])).toEqual([
      ["reasoning", "Reasoning", "discarded"],
    ]);
  });

  it("PROC-01 a discarded reasoning summary leaves a streaming text part alone", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { messageId: "m", partId: "a", payload: { delta: "kept" } }),
      e("reasoning.summary", discarded()),
      e("reasoning.summary", discarded({ partId: "a" })),
    ]);
    expect(parts(state)).toEqual([["a", "assistant_text", "kept"]]);
    expect(state.timeline).toEqual([]);
  });
});
