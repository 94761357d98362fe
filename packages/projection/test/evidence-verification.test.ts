// FALL-05 (MUST): verification that did not run is never shown as passed. An evidence record's status
// (`exported`, `ready`, …) says where the pack is, not that anything was verified: only the owner's
// reported `verificationOutcomes` fill `verification`.
import { describe, expect, it } from "vitest";
import { projectEvents, selectReplayLane, selectReviewLane } from "../src";
import { stream } from "./helpers";

describe("evidence verification without outcomes", () => {
  for (const status of ["exported", "ready", "completed"]) {
    it(`FALL-05 EVID-02 EVID-12 evidence ${status} with no outcomes reads verification unavailable, never passed`, () => {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([
        e("evidence.changed", { evidenceId: "ev1", payload: { status: "pending" } }),
        e("evidence.changed", { evidenceId: "ev1", evidencePackRef: "pack://1", payload: { status } }),
      ]);
      expect(state.evidence.ev1).toMatchObject({ status, verification: "unavailable" });
      expect(selectReplayLane(state, "ev1")?.verification).toBe("unavailable");
      expect(selectReviewLane(state, "ev1")?.verification).toBe("unavailable");
      expect(JSON.stringify(state)).not.toMatch(/passed/);
    });
  }

  it("FALL-05 an empty outcome list is no outcome: nothing reads passed", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported", verificationOutcomes: [] } }),
    ]);
    expect(state.evidence.ev1.verification).toEqual([]);
    expect(JSON.stringify(state)).not.toMatch(/passed/);
  });

  it("EVID-02 a later status change without outcomes keeps the reported ones as they were", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: { status: "pending", verificationOutcomes: [{ name: "tests", status: "failed" }] },
      }),
      e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported" } }),
    ]);
    expect(state.evidence.ev1.verification).toEqual([{ name: "tests", status: "failed" }]);
  });
});
