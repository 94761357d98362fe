// TEXT-04 ARCH-04: a stored message can hold a text part without text (a part the runtime opened and never
// filled). It reads as empty text: a final that equals the text the message's parts hold finishes them as
// they are, and a final that differs replaces them with one answer.
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

/** A run streaming "Hi", projected and stored with an empty text part in front of the streamed one, and
 * the final that follows it. */
function storedWithEmptyPart(final: string) {
  const e = stream({ turnId: "t1", runId: "r1", messageId: "m1" });
  const started = [
    e("run.started", { payload: { input: "q" } }),
    e("text.delta", { payload: { delta: "Hi" } }),
  ];
  const state = JSON.parse(JSON.stringify(projectEvents(started))) as ProjectionState;
  const message = state.messages.find((m) => m.id === "m1");
  message?.parts.unshift({ id: "opened", kind: "assistant_text", status: "streaming" });
  return { state, final: e("text.final", { payload: { text: final } }) };
}

function resumed(text: string) {
  const { state, final } = storedWithEmptyPart(text);
  const p = createProjector();
  p.hydrate({ kind: "projection", state });
  p.apply(final);
  return p
    .getState()
    .messages.find((m) => m.id === "m1")
    ?.parts.map((part) => [part.id, part.text, part.status]);
}

describe("a stored text part without text (TEXT-04, ARCH-04)", () => {
  it("TEXT-04 a final equal to the streamed text finishes the stored parts as they are", () => {
    expect(resumed("Hi")).toEqual([
      ["opened", undefined, "done"],
      [expect.any(String), "Hi", "done"],
    ]);
  });

  it("TEXT-04 a final that differs replaces the stored parts with one answer", () => {
    expect(resumed("Hello")).toEqual([["opened", "Hello", "done"]]);
  });
});
