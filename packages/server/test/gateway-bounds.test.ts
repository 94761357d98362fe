// Bounds under hostile input, end to end through the gateway: an AG-UI replay whose STATE_DELTA `copy`
// ops double the app state each time is refused past the projection's bound (state_limit_exceeded), the
// state stays as it was, and the session stays cheap to open.
import { describe, expect, it } from "vitest";
import { createSession, getJson, startTestServer } from "./helpers";

/** 2.4 KB of AG-UI: a snapshot, then 26 deltas each copying the whole state into a new key. */
function patchBombRecords(rounds = 26): Record<string, unknown>[] {
  return [
    { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
    { type: "STATE_SNAPSHOT", snapshot: { seed: "x".repeat(64) } },
    ...Array.from({ length: rounds }, (_, i) => ({
      type: "STATE_DELTA",
      delta: [{ op: "copy", from: "", path: `/k${i}` }],
    })),
    { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
  ];
}

describe("gateway bounds", () => {
  it("ARCH-03 a STATE_DELTA copy bomb is refused with state_limit_exceeded; the state is kept and the session still opens", async () => {
    const server = await startTestServer();
    try {
      const { id } = await createSession(
        server,
        { source: "replay", config: { records: patchBombRecords(), format: "ag-ui", speed: 0 } },
        "completed",
      );
      const { status, body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
      expect(status).toBe(200);
      const state = body.state as { appState: Record<string, unknown>; diagnostics: { code: string }[] };
      expect(JSON.stringify(state.appState).length).toBeLessThanOrEqual(4 * 1024 * 1024);
      expect(state.appState.seed).toBe("x".repeat(64));
      const refused = state.diagnostics.filter((d) => d.code === "state_limit_exceeded");
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.length).toBeLessThan(26);
    } finally {
      await server.close();
    }
  }, 60_000);
});
