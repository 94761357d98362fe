// The runtime row names a status the runtime states it cannot or need not report (FALL-03): `unavailable`
// (not supported) and `not_applicable` (the signal does not apply) read `unknown` with that word kept, so
// the row says which; every other word, and every later status, leaves no stated word behind.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

/** The runtime row after one `run.status` per word, in order, and the words flagged as not known. */
function row(...words: unknown[]) {
  const e = stream({ turnId: "t1", runId: "r1" });
  const state = projectEvents(words.map((status) => e("run.status", { payload: { status } })));
  const { status, statedStatus } = state.runtime;
  const flagged = state.diagnostics.filter((d) => d.code === "unknown_taxonomy_value").length;
  return flagged === 0 ? { status, statedStatus } : { status, statedStatus, flagged };
}

describe("a stated honesty status on the runtime row (FALL-03)", () => {
  it.each(["unavailable", "not_applicable"])(
    "FALL-03 run.status %s reads unknown and names the word",
    (word) => {
      expect(row(word)).toEqual({ status: "unknown", statedStatus: word });
    },
  );

  it.each(["stale", "lost", "not_found", "repairing"])(
    "FALL-03 run.status %s reads unknown without a stated word, and is a known word",
    (word) => {
      expect(row(word)).toEqual({ status: "unknown", statedStatus: undefined });
    },
  );

  it.each(["no-such-word", 7])("STAT-03 run.status %s reads unknown, flagged as not known", (word) => {
    expect(row(word)).toEqual({ status: "unknown", statedStatus: undefined, flagged: 1 });
  });

  it("FALL-03 a later status clears the stated word, an unknown one as well as a known one", () => {
    expect(row("unavailable", "streaming")).toEqual({ status: "streaming", statedStatus: undefined });
    expect(row("not_applicable", "stale")).toEqual({ status: "unknown", statedStatus: undefined });
    expect(row("unavailable", "not_applicable")).toEqual({
      status: "unknown",
      statedStatus: "not_applicable",
    });
  });

  it("FALL-03 a thread read model stating its status unavailable names it too", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "unavailable" } } as never);
    const { runtime } = p.getState();
    expect([runtime.status, runtime.statedStatus]).toEqual(["unknown", "unavailable"]);
  });
});
