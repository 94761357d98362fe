// Regenerate in the demo runtime: a `retry` naming a finished turn runs its input again as a new turn
// with a new answer; the earlier turn and answer stay. Refused while a turn runs or for an unknown turn.
import { describe, expect, it } from "vitest";
import { playManual, write } from "./harness";

describe("demo runtime: regenerate (retry of a finished turn)", () => {
  it("CTRL-01 retry with a finished turn's id starts a new turn with the same input and a new answer", () => {
    const runtime = playManual("solo");
    runtime.runUntilIdle();
    const first = runtime.events().find((e) => e.type === "turn.submitted");
    expect(first?.turnId).toBeDefined();
    const result = write(runtime, { kind: "retry", turnId: first!.turnId });
    expect(result).toMatchObject({ status: "accepted", assigned: { regenerated: first!.turnId } });
    const newTurn = result.assigned?.turnId;
    expect(newTurn).not.toBe(first!.turnId);
    runtime.runUntilIdle();
    const submitted = runtime.events().filter((e) => e.type === "turn.submitted");
    expect(submitted.map((e) => e.turnId)).toEqual([first!.turnId, newTurn]);
    expect(submitted[1].payload).toMatchObject({ input: first!.payload?.input, source: "regenerate" });
    const completed = runtime
      .events()
      .filter((e) => e.type === "turn.completed")
      .map((e) => e.turnId);
    expect(completed).toContain(newTurn);
  });

  it("CTRL-02 regenerate is refused with a reason while a turn runs, and for a turn the runtime does not know", () => {
    const runtime = playManual("solo");
    runtime.runUntilIdle();
    const turnId = runtime.events().find((e) => e.type === "turn.submitted")!.turnId!;
    expect(write(runtime, { kind: "retry", turnId: "turn_999" })).toMatchObject({
      status: "rejected",
      reason: "Turn turn_999 cannot be run again here.",
    });
    expect(write(runtime, { kind: "retry", turnId }).status).toBe("accepted");
    expect(write(runtime, { kind: "retry", turnId })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/A turn is running/),
    });
  });
});
