// The per-record bound on source refs (EVID-01, ART-01): refs already kept are merged, not counted again;
// new refs fill the room left and the rest are counted in one warning.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

const refs = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ id: `src-${from + i}`, url: `https://x/${from + i}` }));

describe("source refs kept per evidence record (EVID-01)", () => {
  it("EVID-01 a later update fills only the room left; refs already kept are not counted as dropped", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { citations: refs(0, 250) } }),
      // 5 already kept, 10 new: 6 fit.
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: { citations: [...refs(245, 250), ...refs(250, 260)] },
      }),
      e("evidence.changed", { evidenceId: "ev2", payload: { status: "pending", citations: [] } }),
    ]);
    const ids = (state.evidence.ev1.citations ?? []).map((c) => c.id);
    expect(ids).toEqual(refs(0, 256).map((c) => c.id));
    expect(state.diagnostics.map((d) => d.message)).toEqual([
      "evidence ev1: 4 source refs past the per-record limit were not kept",
    ]);
    expect(state.evidence.ev2).not.toHaveProperty("citations");
  });

  it("EVID-01 a ref already kept takes a later update's fields even when the record is full", () => {
    const e = stream({ sessionId: "s" });
    const state = projectEvents([
      e("evidence.changed", { evidenceId: "ev1", payload: { citations: refs(0, 256) } }),
      e("evidence.changed", {
        evidenceId: "ev1",
        payload: { citations: [{ id: "src-3", url: "https://x/3", title: "Release notes" }] },
      }),
    ]);
    const citations = state.evidence.ev1.citations ?? [];
    expect(citations).toHaveLength(256);
    expect(citations[3]).toMatchObject({ id: "src-3", title: "Release notes" });
    expect(state.diagnostics).toEqual([]);
  });
});
