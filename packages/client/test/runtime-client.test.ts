import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { CONTROL_KINDS } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpWritePort, RuntimeClient, type WritePort } from "../src";

/** Records every command; answers after `delayMs` so concurrent writes overlap. */
function recordingPort(delayMs = 5): WritePort & { commands: ControlCommand[] } {
  const commands: ControlCommand[] = [];
  return {
    commands,
    async write(command) {
      commands.push(command);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return {
        status: "accepted",
        idempotencyKey: command.idempotencyKey,
        assigned: { n: String(commands.length) },
      };
    },
  };
}

describe("RuntimeClient builds one ControlCommand per controlled write (CTRL-01)", () => {
  it("covers every control kind with the right fields and the session id", async () => {
    const port = recordingPort(0);
    const client = new RuntimeClient({ sessionId: "s1", port });
    await client.send({ text: "hi" });
    await client.queue({ text: "next" });
    await client.steer({ text: "faster", targetTurnId: "t1" });
    await client.interrupt({ turnId: "t1" });
    await client.respondAction({ actionId: "a1", decision: "approve" });
    await client.retry({ toolCallId: "tc1" });
    await client.stop({ taskId: "task1" });
    await client.close({ agentId: "ag1" });
    await client.delegate({ text: "research", agentName: "r" });
    await client.continueAgent({ agentId: "ag1", text: "more" });
    await client.wait({ agentIds: ["ag1", "ag2"] });
    await client.assign({ workItemId: "w1", assignee: "ag2" });
    await client.requestReview({ target: "art1", reviewer: "rev" });
    await client.edit({ artifactId: "art1", content: "new", baseVersionId: "v1" });
    await client.rollback({ artifactId: "art1", versionId: "v0" });
    await client.export({ evidenceId: "ev1", format: "json" });
    await client.openDetail({ ref: "tool-output://tc1" });
    await client.removeQueued({ queuedId: "q1" });
    await client.promoteQueued({ queuedId: "q2" });
    expect(port.commands.map((c) => c.kind).sort()).toEqual([...CONTROL_KINDS].sort());
    for (const command of port.commands) {
      expect(command.sessionId).toBe("s1");
      expect(command.idempotencyKey.length).toBeGreaterThan(0);
    }
    expect(port.commands.find((c) => c.kind === "wait")).toMatchObject({ agentIds: ["ag1", "ag2"] });
    expect(port.commands.find((c) => c.kind === "edit")).toMatchObject({
      artifactId: "art1",
      content: "new",
      baseVersionId: "v1",
    });
  });

  it("HITL-02 answer carries structured input; approve/reject are respond_action decisions", async () => {
    const port = recordingPort(0);
    const client = new RuntimeClient({ sessionId: "s1", port });
    await client.answer("form-1", { environment: "staging", confirm: true });
    await client.reject("a2");
    expect(port.commands).toEqual([
      {
        kind: "respond_action",
        sessionId: "s1",
        actionId: "form-1",
        decision: "answer",
        payload: { environment: "staging", confirm: true },
        idempotencyKey: "action:form-1:answer",
      },
      {
        kind: "respond_action",
        sessionId: "s1",
        actionId: "a2",
        decision: "reject",
        idempotencyKey: "action:a2:reject",
      },
    ]);
  });

  it("ENV-07 send carries a clientMessageId and is keyed by it", async () => {
    const port = recordingPort(0);
    const client = new RuntimeClient({ sessionId: "s1", port, newId: () => "fixed-id" });
    const result = await client.send({ text: "hello" });
    expect(result.clientMessageId).toBe("fixed-id");
    expect(port.commands[0]).toMatchObject({
      kind: "send",
      clientMessageId: "fixed-id",
      idempotencyKey: "send:fixed-id",
    });
    const explicit = await client.send({ text: "again", clientMessageId: "mine" });
    expect(explicit.clientMessageId).toBe("mine");
    expect(port.commands[1].idempotencyKey).toBe("send:mine");
  });

  it("HITL-05 a double click on approve sends one request; the repeat is marked duplicate", async () => {
    const port = recordingPort(20);
    const client = new RuntimeClient({ sessionId: "s1", port });
    const [first, second] = await Promise.all([client.approve("a1"), client.approve("a1")]);
    expect(port.commands).toHaveLength(1);
    expect(first.duplicate).toBeUndefined();
    expect(second).toMatchObject({ status: "accepted", duplicate: true, assigned: first.assigned });
  });

  it("HITL-05 property: concurrent repeated responses reach the port once per (action, decision)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            actionId: fc.constantFrom("a", "b", "c"),
            decision: fc.constantFrom("approve", "reject"),
          }),
          {
            minLength: 1,
            maxLength: 25,
          },
        ),
        async (clicks) => {
          const port = recordingPort(3);
          const client = new RuntimeClient({ sessionId: "s", port });
          const results = await Promise.all(
            clicks.map((c) =>
              client.respondAction({ actionId: c.actionId, decision: c.decision as "approve" | "reject" }),
            ),
          );
          const distinct = new Set(clicks.map((c) => `${c.actionId}:${c.decision}`));
          expect(port.commands).toHaveLength(distinct.size);
          expect(results.filter((r) => !r.duplicate)).toHaveLength(distinct.size);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("ORD-07 the generic write() derives the same stable keys as the typed methods", async () => {
    const port = recordingPort(0);
    const client = new RuntimeClient({ sessionId: "s", port, newId: () => "gen" });
    await client.write("respond_action", { actionId: "a9", decision: "approve" });
    await client.write("remove_queued", { queuedId: "q1" });
    await client.write("interrupt", { turnId: "t7" });
    await client.write("send", { text: "hi" });
    await client.write("stop", { taskId: "x" });
    expect(port.commands.map((c) => c.idempotencyKey)).toEqual([
      "action:a9:approve",
      "remove_queued:q1",
      "interrupt:t7",
      "send:gen",
      "stop:gen",
    ]);
    expect(port.commands[3]).toMatchObject({ clientMessageId: "gen" });
  });

  it("waits for beforeWrite (the bound listener) before anything is written (COMP-05)", async () => {
    const port = recordingPort(0);
    let release!: () => void;
    const bound = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = new RuntimeClient({ sessionId: "s", port, beforeWrite: () => bound });
    const sending = client.send({ text: "x" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(port.commands).toHaveLength(0);
    release();
    await sending;
    expect(port.commands).toHaveLength(1);
  });
});

describe("HttpWritePort", () => {
  it("CTRL-07 an unreachable gateway is `unavailable` with host_unavailable, never a fabricated success", async () => {
    const port = new HttpWritePort({ baseUrl: "http://127.0.0.1:9" });
    const result: WriteResult = await port.write({ kind: "interrupt", sessionId: "s", idempotencyKey: "k" });
    expect(result.status).toBe("unavailable");
    expect(result.reason).toMatch(/^host_unavailable/);
  });
});
