import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const parts = (state: ReturnType<typeof projectEvents>) =>
  state.messages.map((m) => [m.id, m.parts.map((p) => [p.id, p.kind])]);

describe("evidence_ref parts after a resume (EVID-03, ARCH-04)", () => {
  it("EVID-03 / ARCH-04 evidence resumed from a stored projection keeps its one citation when updated in a later turn", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const events = [
      e("text.delta", { payload: { delta: "The answer." } }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
    ];
    const later = [
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "Exported." } }),
      e("evidence.changed", {
        turnId: "t2",
        messageId: "m2",
        evidenceId: "ev1",
        payload: { status: "exported" },
      }),
    ];
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: projectEvents(events) });
    resumed.applyAll(later);
    const expected = [
      [
        "m1",
        [
          ["m1:text:0", "assistant_text"],
          ["evidence:ev1", "evidence_ref"],
        ],
      ],
      ["m2", [["m2:text:0", "assistant_text"]]],
    ];
    expect(parts(projectEvents([...events, ...later]))).toEqual(expected);
    expect(parts(resumed.getState())).toEqual(expected);
    expect(resumed.getState().evidence.ev1.status).toBe("exported");
  });
});
