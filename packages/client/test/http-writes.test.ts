// Every typed write of the runtime client through its HTTP port to a real gateway: the gateway's
// validator accepts exactly what the client builds, the runtime receives the command field for field, and
// the client gets the runtime's acknowledgement back. A repeated intent is one runtime fact
// (AUI-AR-ACTION-004): the repeat returns the first result, marked duplicate.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTROL_KINDS, type ControlCommand } from "@agent-ui/contracts";
import { startServer } from "@agent-ui/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayHttpClient, HttpWritePort, RuntimeClient } from "../src";
import { heldSource } from "./gateway-fixtures";

describe("RuntimeClient over HTTP against the real gateway (CTRL-01)", () => {
  const source = heldSource();
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let sessionId: string;
  let client: RuntimeClient;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "agent-ui-http-writes-"));
    server = await startServer({ noAuth: true, port: 0, dataDir, sources: [source] });
    sessionId = (await new GatewayHttpClient({ baseUrl: server.url }).createSession({ source: "held" })).id;
    client = new RuntimeClient({ sessionId, port: new HttpWritePort({ baseUrl: server.url }) });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("CTRL-01 every control kind is accepted by the gateway and reaches the runtime exactly as built", async () => {
    const built: ControlCommand[] = [];
    const recording = new RuntimeClient({
      sessionId,
      port: new HttpWritePort({ baseUrl: server.url }),
      onWrite: (command) => built.push(command),
    });
    const results = [
      await recording.send({ text: "hi", contextRefs: ["file://a.ts"] }),
      await recording.queue({ text: "next" }),
      await recording.steer({ text: "faster", targetTurnId: "t1" }),
      await recording.interrupt({ turnId: "t1" }),
      await recording.approve("a1", { note: "ok" }),
      await recording.reject("a2"),
      await recording.answer("a3", { choice: "b", fields: { name: "x" } }),
      await recording.retry({ toolCallId: "tc1" }),
      await recording.stop({ taskId: "task1" }),
      await recording.close({ agentId: "ag1" }),
      await recording.delegate({ text: "research", agentName: "r", role: "researcher" }),
      await recording.continueAgent({ agentId: "ag1", text: "more" }),
      await recording.wait({ agentIds: ["ag1", "ag2"] }),
      await recording.assign({ workItemId: "w1", assignee: "ag2" }),
      await recording.requestReview({ target: "art1", reviewer: "rev" }),
      await recording.edit({ artifactId: "art1", content: "new", baseVersionId: "v1" }),
      await recording.rollback({ artifactId: "art1", versionId: "v0" }),
      await recording.export({ evidenceId: "ev1", format: "json" }),
      await recording.openDetail({ ref: "tool-output://tc1" }),
      await recording.removeQueued({ queuedId: "q1" }),
      await recording.promoteQueued({ queuedId: "q2" }),
    ];
    for (const [i, result] of results.entries())
      expect({ kind: built[i].kind, status: result.status, duplicate: result.duplicate }).toEqual({
        kind: built[i].kind,
        status: "accepted",
        duplicate: undefined,
      });
    // The acknowledgement is the runtime's own answer (its assigned ids), not one the client made up.
    expect(results.map((r) => r.assigned?.n)).toEqual(results.map((_, i) => String(i + 1)));
    expect(new Set(source.commands.map((c) => c.kind))).toEqual(new Set(CONTROL_KINDS));
    expect(source.commands).toEqual(built);
  });

  it("AUI-AR-ACTION-004 a repeated approve (double click, or a retry after a lost answer) is one runtime fact", async () => {
    const before = source.commands.length;
    const head = (await server.gateway.store.getSession(sessionId))?.lastSeq ?? 0;
    const [first, concurrent] = await Promise.all([client.approve("act-9"), client.approve("act-9")]);
    // A second client instance (a reload) repeats the same intent later: same derived key.
    const later = await new RuntimeClient({
      sessionId,
      port: new HttpWritePort({ baseUrl: server.url }),
    }).approve("act-9");
    expect(first).toMatchObject({ status: "accepted", idempotencyKey: "action:act-9:approve" });
    expect(concurrent).toMatchObject({ status: "accepted", duplicate: true, assigned: first.assigned });
    expect(later).toMatchObject({ status: "accepted", duplicate: true, assigned: first.assigned });
    expect(source.commands.length - before).toBe(1);
    const entries = await server.gateway.store.readEvents(sessionId, { after: head });
    expect(entries.filter((e) => e.event.type === "run.started")).toHaveLength(1);
  });

  it("CTRL-07 a write the gateway refuses comes back as `rejected` with the gateway's code, never as accepted", async () => {
    const before = source.commands.length;
    const result = await client.write("respond_action", {
      actionId: "a1",
      decision: "maybe" as "approve",
    });
    expect(result.status).toBe("rejected");
    expect(result.reason).toMatch(/^invalid_command: /);
    const unknown = await new RuntimeClient({
      sessionId: "no-such-session",
      port: new HttpWritePort({ baseUrl: server.url }),
    }).send({ text: "hello?" });
    expect(unknown.status).toBe("rejected");
    expect(unknown.reason).toMatch(/^session_not_found: /);
    expect(source.commands.length).toBe(before);
  });
});
