// AI SDK tool approval through the gateway, against a loopback upstream built with the real `ai` package
// (`streamText` + a `needsApproval` tool + `MockLanguageModelV4`, served as a UI message stream over SSE).
// The connector answers the way `useChat` does — the tool part becomes `approval-responded` with
// `approval: { id, approved, reason }` in a new request — and the resolution shown is the one the
// upstream's continuation states (tool output or `tool-output-denied`), never assumed by the gateway.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectionState } from "@agent-ui/contracts";
import {
  convertToModelMessages,
  isStepCount,
  JsonToSseTransformStream,
  streamText,
  tool,
  type UIMessage,
} from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish = (unified: string) => ({ type: "finish", finishReason: { unified, raw: unified }, usage });

/** The model asks for the tool on a fresh user message, and otherwise says what happened to it. */
function modelFor(messages: UIMessage[]) {
  const last = messages.at(-1);
  const toolPart = last?.parts.find((p) => p.type === "tool-danger") as { approval?: { approved?: boolean } };
  const parts =
    last?.role === "user"
      ? [
          { type: "tool-input-start", id: "call-9", toolName: "danger" },
          { type: "tool-input-delta", id: "call-9", delta: '{"path":"/workspace/demo/x"}' },
          { type: "tool-input-end", id: "call-9" },
          {
            type: "tool-call",
            toolCallId: "call-9",
            toolName: "danger",
            input: '{"path":"/workspace/demo/x"}',
          },
          finish("tool-calls"),
        ]
      : [
          { type: "text-start", id: "t9" },
          {
            type: "text-delta",
            id: "t9",
            delta: toolPart?.approval?.approved
              ? "Deleted /workspace/demo/x."
              : "I left /workspace/demo/x alone.",
          },
          { type: "text-end", id: "t9" },
          finish("stop"),
        ];
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([{ type: "stream-start", warnings: [] }, ...parts] as never[]),
    }),
  });
}

interface Upstream {
  url: string;
  bodies: { id: string; messages: UIMessage[] }[];
  executed: string[];
  close(): Promise<void>;
}

/** `holdFirstEnd`: the first response holds its closing `finish` chunk back until this resolves. */
async function aiSdkUpstream(holdFirstEnd?: Promise<void>): Promise<Upstream> {
  const bodies: Upstream["bodies"] = [];
  const executed: string[] = [];
  const danger = tool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      executed.push(path);
      return { deleted: path };
    },
  });
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Upstream["bodies"][number];
    bodies.push(body);
    const result = streamText({
      model: modelFor(body.messages),
      tools: { danger },
      messages: await convertToModelMessages(body.messages),
      stopWhen: isStepCount(3),
    });
    res.writeHead(200, { "content-type": "text/event-stream" });
    const sse = result
      .toUIMessageStream({ originalMessages: body.messages })
      .pipeThrough(new JsonToSseTransformStream());
    for await (const frame of sse as unknown as AsyncIterable<string>) {
      if (bodies.length === 1 && frame.includes('"type":"finish"')) await holdFirstEnd;
      res.write(frame);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`,
    bodies,
    executed,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

describe("AI SDK connector: tool approval (respond_action)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const stateOf = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
  const command = (id: string, body: Record<string, unknown>) =>
    postJson(`${server.url}/api/sessions/${id}/commands`, body);
  const allText = (s: ProjectionState) =>
    s.messages.map((m) => m.parts.map((p) => p.text ?? "").join("")).join("|");

  /** The SDK's approval id the `action.required` of `actionId` carries in its payload. */
  async function approvalIdOf(id: string, actionId: string): Promise<string> {
    const log = (await getJson(`${server.url}/api/sessions/${id}/events.json?after=0&limit=5000`)).body;
    const required = log.entries.find(
      (e: { event: { type: string; actionId?: string } }) =>
        e.event.type === "action.required" && e.event.actionId === actionId,
    );
    return required?.event.payload?.approvalId;
  }

  async function pendingSession(upstream: Upstream): Promise<{ id: string; actionId: string }> {
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ai-sdk",
      config: { url: upstream.url, text: "delete /workspace/demo/x" },
    });
    expect(created.status).toBe(201);
    const id = created.body.session.id as string;
    const action = await waitFor(
      async () => Object.values((await stateOf(id)).actions).find((a) => a.status === "pending"),
      20_000,
    );
    // The request stream has ended: nothing ran, the gateway waits for the user.
    await waitFor(
      async () => (await getJson(`${server.url}/api/sessions/${id}`)).body.session.status === "live",
      20_000,
    );
    expect(upstream.executed).toEqual([]);
    return { id, actionId: action.actionId };
  }

  it("HITL-02/HITL-03 approve: a new request carries approval-responded; the upstream runs the tool and confirms", async () => {
    const upstream = await aiSdkUpstream();
    try {
      const { id, actionId } = await pendingSession(upstream);
      // The card is keyed by the tool call (the adapter's default), the one id the continuation carries.
      expect(actionId).toBe("call-9");
      // The SDK's approval id is kept in the request's payload: the id the upstream's write path answers.
      const approvalId = await approvalIdOf(id, actionId);
      expect(approvalId).toMatch(/^aitxt-/);
      const approve = await command(id, {
        kind: "respond_action",
        idempotencyKey: "approve:1",
        actionId,
        decision: "approve",
        payload: { reason: "user clicked approve" },
      });
      expect(approve.body).toMatchObject({ status: "accepted" });
      const done = await waitFor(async () => {
        const s = await stateOf(id);
        return allText(s).includes("Deleted /workspace/demo/x.") ? s : undefined;
      }, 20_000);
      expect(upstream.executed).toEqual(["/workspace/demo/x"]);
      // What went upstream: the whole conversation, the assistant's tool part answered in place.
      const resumed = upstream.bodies[1];
      expect(resumed.id).toBe(upstream.bodies[0].id);
      expect(resumed.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(resumed.messages[1].parts).toContainEqual(
        expect.objectContaining({
          type: "tool-danger",
          toolCallId: "call-9",
          state: "approval-responded",
          input: { path: "/workspace/demo/x" },
          // The SDK's own approval id goes upstream, whatever id the card was answered by.
          approval: { id: approvalId, approved: true, reason: "user clicked approve" },
        }),
      );
      expect(done.actions[actionId].status).not.toBe("pending");
      expect(done.tools["call-9"].status).toBe("output-available");
      // The continuation extends the same assistant message: no second assistant bubble.
      expect(done.messages.filter((m) => m.role === "assistant")).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });

  it("HITL-02 an answer given while the requesting response is still open is kept and sent once it ends", async () => {
    let release!: () => void;
    const upstream = await aiSdkUpstream(new Promise<void>((resolve) => (release = resolve)));
    try {
      const created = await postJson(`${server.url}/api/sessions`, {
        source: "ai-sdk",
        config: { url: upstream.url, text: "delete /workspace/demo/x" },
      });
      const id = created.body.session.id as string;
      const action = await waitFor(
        async () => Object.values((await stateOf(id)).actions).find((a) => a.status === "pending"),
        20_000,
      );
      const answer = await command(id, {
        kind: "respond_action",
        idempotencyKey: "early:approve",
        actionId: action.actionId,
        decision: "approve",
      });
      expect(answer.body).toMatchObject({ status: "accepted" });
      // Nothing is sent while the first response is open: one request so far, the tool has not run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(upstream.bodies).toHaveLength(1);
      expect(upstream.executed).toEqual([]);
      release();
      await waitFor(async () => allText(await stateOf(id)).includes("Deleted /workspace/demo/x."), 20_000);
      expect(upstream.bodies).toHaveLength(2);
      expect(upstream.executed).toEqual(["/workspace/demo/x"]);
    } finally {
      release();
      await upstream.close();
    }
  });

  it("HITL-05 a second answer (another client, another key) is rejected without a request; a repeated key is a duplicate", async () => {
    const upstream = await aiSdkUpstream();
    try {
      const { id, actionId } = await pendingSession(upstream);
      const base = { kind: "respond_action", actionId, decision: "approve" };
      const [first, second] = await Promise.all([
        command(id, { ...base, idempotencyKey: "client-a:approve" }),
        command(id, { ...base, idempotencyKey: "client-b:approve" }),
      ]);
      const statuses = [first.body.status, second.body.status].sort();
      expect(statuses).toEqual(["accepted", "rejected"]);
      const repeat = await command(id, { ...base, idempotencyKey: "client-a:approve" });
      expect(repeat.body).toMatchObject({ status: first.body.status, duplicate: true });
      await waitFor(async () => allText(await stateOf(id)).includes("Deleted"), 20_000);
      const late = await command(id, { ...base, idempotencyKey: "client-c:approve" });
      expect(late.body.status).toBe("rejected");
      expect(late.body.reason).toMatch(/already answered/);
      expect(upstream.bodies).toHaveLength(2);
      expect(upstream.executed).toHaveLength(1);
      const log = (await getJson(`${server.url}/api/sessions/${id}/events.json?after=0&limit=5000`)).body;
      const resolutions = log.entries.filter(
        (e: { event: { type: string; actionId?: string } }) =>
          e.event.type === "action.resolved" && e.event.actionId === actionId,
      );
      expect(resolutions).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });

  it("HITL-04 reject: the upstream denies the tool (tool-output-denied); it never runs and the action resolves as reject", async () => {
    const upstream = await aiSdkUpstream();
    try {
      const { id, actionId } = await pendingSession(upstream);
      const reject = await command(id, {
        kind: "respond_action",
        idempotencyKey: "reject:1",
        actionId,
        decision: "reject",
      });
      expect(reject.body.status).toBe("accepted");
      const done = await waitFor(async () => {
        const s = await stateOf(id);
        return allText(s).includes("left /workspace/demo/x alone") ? s : undefined;
      }, 20_000);
      expect(upstream.executed).toEqual([]);
      expect(upstream.bodies[1].messages[1].parts).toContainEqual(
        expect.objectContaining({
          state: "approval-responded",
          approval: { id: await approvalIdOf(id, actionId), approved: false },
        }),
      );
      // The denial is the upstream's own fact (tool-output-denied), so the decision is stated.
      expect(done.actions[actionId]).toMatchObject({ decision: "reject" });
      expect(done.actions[actionId].status).not.toBe("pending");
      expect(done.tools["call-9"].status).not.toBe("output-available");
      // Denied: a failed tool with no output (the projection's taxonomy has no separate denied state).
      expect(done.tools["call-9"].status).toBe("output-error");
      expect(done.tools["call-9"].outputPreview).toBeUndefined();
    } finally {
      await upstream.close();
    }
  });

  it("HITL-02/HITL-05 the SDK's approval id still answers the card; the call id then finds it answered", async () => {
    const upstream = await aiSdkUpstream();
    try {
      const { id, actionId } = await pendingSession(upstream);
      const approvalId = await approvalIdOf(id, actionId);
      const bySdkId = await command(id, {
        kind: "respond_action",
        idempotencyKey: "sdk-id:approve",
        actionId: approvalId,
        decision: "approve",
      });
      expect(bySdkId.body).toMatchObject({ status: "accepted" });
      const byCallId = await command(id, {
        kind: "respond_action",
        idempotencyKey: "call-id:reject",
        actionId,
        decision: "reject",
      });
      expect(byCallId.body.status).toBe("rejected");
      expect(byCallId.body.reason).toMatch(/already answered/);
      const done = await waitFor(async () => {
        const s = await stateOf(id);
        return allText(s).includes("Deleted /workspace/demo/x.") ? s : undefined;
      }, 20_000);
      expect(upstream.executed).toEqual(["/workspace/demo/x"]);
      expect(upstream.bodies[1].messages[1].parts).toContainEqual(
        expect.objectContaining({
          state: "approval-responded",
          approval: { id: approvalId, approved: true },
        }),
      );
      expect(done.actions[actionId].status).toBe("resolved");
    } finally {
      await upstream.close();
    }
  });

  it("CTRL-01 an unknown approval id or an `answer` decision is rejected with a reason and nothing is sent", async () => {
    const upstream = await aiSdkUpstream();
    try {
      const { id, actionId } = await pendingSession(upstream);
      const unknown = await command(id, {
        kind: "respond_action",
        idempotencyKey: "unknown:1",
        actionId: "aitxt-nope",
        decision: "approve",
      });
      expect(unknown.body).toMatchObject({ status: "rejected" });
      expect(unknown.body.reason).toMatch(/no pending approval/);
      const answer = await command(id, {
        kind: "respond_action",
        idempotencyKey: "answer:1",
        actionId,
        decision: "answer",
        payload: { text: "maybe" },
      });
      expect(answer.body.status).toBe("rejected");
      expect(upstream.bodies).toHaveLength(1);
      expect((await stateOf(id)).actions[actionId].status).toBe("pending");
    } finally {
      await upstream.close();
    }
  });
});
