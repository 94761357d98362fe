// A clean shutdown and restart keep a finished session as it finished: `completed` stays `completed` and
// no "stopped" fact is appended to its log.
import { describe, expect, it } from "vitest";
import { startServer } from "../src";
import { allSources, createSession, getJson, PEERS, tempDir } from "./helpers";

describe("clean restart", () => {
  it("FALL-01 a completed session stays completed across a clean shutdown and restart", async () => {
    const dir = tempDir();
    const options = {
      port: 0,
      dataDir: dir.path,
      sources: allSources({ replay: { root: PEERS } }),
      noAuth: true,
    };
    try {
      const first = await startServer(options);
      const records = [
        { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
        { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
      ];
      const { id, lastSeq } = await createSession(
        first,
        { source: "replay", config: { records, format: "ag-ui", speed: 0 } },
        "completed",
      );
      await first.close();
      const second = await startServer(options);
      try {
        const { body } = await getJson(`${second.url}/api/sessions/${id}`);
        expect(body.session.status).toBe("completed");
        expect(body.session.lastSeq).toBe(lastSeq);
      } finally {
        await second.close();
      }
    } finally {
      dir.remove();
    }
  }, 30_000);
});
