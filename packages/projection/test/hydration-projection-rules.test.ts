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
});
