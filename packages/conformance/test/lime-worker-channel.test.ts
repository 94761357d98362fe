// A teammate's report that arrives as `channel.message` with `payload.kind: "worker_notification"` (the
// teammate named by `subagentId`): the worker-notification lane, linked to its teammate, task and result
// ref — never user speech, never a remote channel peer (TEAM-04, AS-PROJ-09).
import { describe, expect, it } from "vitest";
import { limeStream, projectLime } from "./lime-stream";

describe("lime channel.message worker notifications", () => {
  const r = limeStream();
  const records = [
    r("subagent.spawned", { name: "researcher" }, { subagentId: "sub-1", taskId: "task-1" }),
    r(
      "channel.message",
      {
        kind: "worker_notification",
        summary: "Found 3 sources",
        resultRef: "detail://sess/sub-1/result",
        status: "completed",
      },
      { subagentId: "sub-1", taskId: "task-1" },
    ),
  ];
  const state = projectLime(records);

  it("TEAM-04 AS-PROJ-09 the report is a worker notification linked to its teammate, task and result", () => {
    expect(state.team.notifications).toEqual([
      expect.objectContaining({
        agentId: "sub-1",
        taskId: "task-1",
        summary: "Found 3 sources",
        resultRef: "detail://sess/sub-1/result",
      }),
    ]);
    const parts = state.messages.flatMap((m) => m.parts.map((p) => [m.role, p.kind]));
    expect(parts).toContainEqual(["notification", "worker_notification"]);
    expect(parts.some(([role, kind]) => role === "user" || kind === "user_text")).toBe(false);
    expect(state.diagnostics.map((d) => d.code)).not.toContain("unsupported_source_event");
    // The teammate is not turned into a remote channel peer.
    expect(state.agents["sub-1"]?.runtimeEntity).not.toBe("external_task");
  });
});
