// End to end through a real gateway and the embedded demo runtime: an approval appears as a pending
// action, the user approves twice (a double click), the runtime resolves it exactly once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoSource } from "@agent-ui/demo";
import { startServer } from "@agent-ui/server";
import { describe, expect, it } from "vitest";
import { connectSession, GatewayHttpClient } from "../src";

describe("HITL through the gateway (demo runtime)", () => {
  it("HITL-02/05 VC-07 approve goes through respond_action; a double click resolves once (AUI-AR-ACTION-004)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-hitl-"));
    const server = await startServer({ noAuth: true, port: 0, dataDir, sources: [demoSource] });
    const http = new GatewayHttpClient({ baseUrl: server.url });
    const session = await http.createSession({ source: "demo", scenario: "approval" });
    const client = connectSession({ baseUrl: server.url, sessionId: session.id });
    await client.open();
    const pending = await until(
      () => Object.values(client.state.actions).find((a) => a.status === "pending"),
      10_000,
    );
    const [first, second] = await Promise.all([
      client.runtime.approve(pending.actionId),
      client.runtime.approve(pending.actionId),
    ]);
    expect(first.status).toBe("accepted");
    expect(second).toMatchObject({ status: "accepted", duplicate: true });
    // A third click after the first finished: the gateway answers from its idempotency store.
    const third = await client.runtime.approve(pending.actionId);
    expect(third).toMatchObject({ duplicate: true });
    const resolved = await until(() => {
      const action = client.state.actions[pending.actionId];
      return action && action.status !== "pending" ? action : undefined;
    }, 10_000);
    expect(resolved.status).not.toBe("pending");
    const log = await http.events(session.id, 0, 5000);
    const resolutions = log.entries.filter(
      (e) => e.event.type === "action.resolved" && e.event.actionId === pending.actionId,
    );
    expect(resolutions).toHaveLength(1);
    client.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

async function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("until: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
