// A real gateway on loopback (port 0, a temp SQLite dir) for the in-process examples, and what a user of its
// HTTP API sees: the session, its projected state, and the writes a UI sends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ActionRecord, ProjectionState, WriteResult } from "@agent-ui/contracts";
import { type RunningServer, startServer } from "@agent-ui/server";

export interface ExampleGateway {
  url: string;
  token: string;
  /** Creates a `push` session for records in `format`. */
  pushSession(format: string): Promise<string>;
  session(id: string): Promise<{ status: string; statusReason?: string }>;
  state(id: string): Promise<ProjectionState>;
  /** Waits for the session's first pending action (what the UI shows as "needs you"). */
  pendingAction(id: string): Promise<ActionRecord>;
  /** The UI's answer, through the gateway's control API. */
  respond(
    id: string,
    actionId: string,
    decision: "approve" | "reject" | "answer",
    payload?: object,
  ): Promise<WriteResult>;
  close(): Promise<void>;
}

const TOKEN = "example-gateway-token-0123456789";

export async function startExampleGateway(): Promise<ExampleGateway> {
  const dir = mkdtempSync(join(tmpdir(), "agent-ui-example-"));
  const server: RunningServer = await startServer({ port: 0, dataDir: dir, token: TOKEN });
  const headers = { "content-type": "application/json", authorization: `Bearer ${TOKEN}` };
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const state = async (id: string) => (await call(`/api/sessions/${id}/snapshot`)).state as ProjectionState;
  return {
    url: server.url,
    token: TOKEN,
    async pushSession(format) {
      return (await call("/api/sessions", { source: "push", config: { format } })).session.id;
    },
    async session(id) {
      return (await call(`/api/sessions/${id}`)).session;
    },
    state,
    async pendingAction(id) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const pending = Object.values((await state(id)).actions).find((a) => a.status === "pending");
        if (pending) return pending;
        if (Date.now() > deadline) throw new Error("no pending action appeared");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async respond(id, actionId, decision, payload) {
      return call(`/api/sessions/${id}/commands`, {
        kind: "respond_action",
        sessionId: id,
        idempotencyKey: `ui-${actionId}-${decision}`,
        actionId,
        decision,
        ...(payload === undefined ? {} : { payload }),
      });
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
