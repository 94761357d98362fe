// The AG-UI connector posts the conversation so far with every run (`RunAgentInput.messages`): the user's
// messages and the agent's replies with their tool calls and results, in order, with the ids the agent
// gave them — live, and after a gateway restart, rebuilt from what the gateway stored. A hand-written
// loopback AG-UI upstream replays a real peer capture (../shared/peers/streams/agui.http.events.jsonl:
// reasoning, text, a tool call with its result, a subagent's message, a final text).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src";
import { allSources, getJson, PEERS, postJson, tempDir, waitFor } from "./helpers";

type Events = Record<string, unknown>[];

/** The parts of a posted `RunAgentInput` the tests read. */
interface PostedInput {
  threadId: string;
  messages: Record<string, unknown>[];
  resume?: unknown[];
}

const RUN_ENDED = "upstream run ended; ready for the next write";

const TURN_1: Events = readFileSync(join(PEERS, "agui.http.events.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

const reply = (runId: string, messageId: string, text: string): Events => [
  { type: "RUN_STARTED", threadId: "t", runId },
  { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text.slice(0, 3) },
  { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text.slice(3) },
  { type: "TEXT_MESSAGE_END", messageId },
  { type: "RUN_FINISHED", threadId: "t", runId },
];

/** A loopback AG-UI agent: answers the n-th run with `runs[n]` as SSE and records every posted input. */
async function agUiUpstream(runs: Events[]) {
  const bodies: PostedInput[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      bodies.push(JSON.parse(raw));
      const events = runs[bodies.length - 1];
      if (!events) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const messageText = (state: ProjectionState, id: string) =>
  (state.messages.find((m) => m.id === id)?.parts ?? []).map((p) => p.text ?? "").join("");

/** The gateway on a data dir, with a few session helpers. */
async function gatewayOn(dataDir: string) {
  const server: RunningServer = await startServer({
    noAuth: true,
    port: 0,
    dataDir,
    sources: allSources(),
  });
  const session = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
  const state = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
  const send = (id: string, text: string, clientMessageId: string) =>
    postJson(`${server.url}/api/sessions/${id}/commands`, {
      kind: "send",
      idempotencyKey: `send:${clientMessageId}`,
      text,
      clientMessageId,
    });
  /** Waits until the run wrote `messageId`'s text and the connector reported its run ended (the session
   * takes the next write). */
  const settled = (id: string, messageId: string, text: string) =>
    waitFor(async () => {
      const s = await state(id);
      const { status, statusReason } = await session(id);
      return messageText(s, messageId) === text && status === "live" && statusReason === RUN_ENDED
        ? s
        : undefined;
    });
  return { server, session, state, send, settled };
}

/** Turn 1 as the AG-UI client keeps it (reasoning and activity messages are not conversation content). */
const TURN_1_HISTORY = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  {
    id: "msg-1",
    role: "assistant",
    content: "Let me check.",
    toolCalls: [
      { id: "tc-1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
    ],
  },
  { id: "tool-msg-1", role: "tool", toolCallId: "tc-1", content: '{"tempC":21}' },
  { id: "msg-sub-1", role: "assistant", content: "Sub-agent findings.", subagentRunId: "sub-1" },
  { id: "msg-2", role: "assistant", content: "It is 21°C in Paris." },
];

describe("AG-UI connector: the conversation travels with every run", () => {
  const dirs: { remove(): void }[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    for (const dir of dirs) dir.remove();
  });

  it("CTRL-01/ENV-02 turn 2 posts user 1, the reply with its tool call and result, then user 2 — ids kept", async () => {
    const upstream = await agUiUpstream([TURN_1, reply("run-2", "m-2", "Sunny again.")]);
    closers.push(upstream.close);
    const dir = tempDir("agent-ui-agui-history-");
    dirs.push(dir);
    const gw = await gatewayOn(dir.path);
    closers.push(() => gw.server.close());
    const created = await postJson(`${gw.server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: upstream.url, startOnCreate: false, input: { threadId: "thread-w" } },
    });
    const id = created.body.session.id as string;
    await waitFor(async () => ((await gw.session(id)).status === "live" ? true : undefined));

    expect((await gw.send(id, "Weather in Paris?", "u1")).body).toMatchObject({
      status: "accepted",
      assigned: { messageId: "u1" },
    });
    const afterTurn1 = await gw.settled(id, "msg-2", "It is 21°C in Paris.");
    // The user's message is a stored fact of the session, shown before the reply.
    expect(afterTurn1.messages[0]).toMatchObject({ id: "u1", role: "user" });
    expect(messageText(afterTurn1, "u1")).toBe("Weather in Paris?");

    expect((await gw.send(id, "And tomorrow?", "u2")).body.status).toBe("accepted");
    await gw.settled(id, "m-2", "Sunny again.");
    expect(upstream.bodies[0].messages).toEqual([TURN_1_HISTORY[0]]);
    expect(upstream.bodies[1].messages).toEqual([
      ...TURN_1_HISTORY,
      { id: "u2", role: "user", content: "And tomorrow?" },
    ]);
    expect(upstream.bodies[1].threadId).toBe("thread-w");
    // The protocol's own schema accepts what was posted.
    expect(RunAgentInputSchema.safeParse(upstream.bodies[1]).success).toBe(true);
  });

  it("HITL-02 an interrupt answer resumes with the conversation so far, the pending call included", async () => {
    const interrupted: Events = [
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Deleting." },
      { type: "TEXT_MESSAGE_END", messageId: "a1" },
      { type: "TOOL_CALL_START", toolCallId: "rm-1", toolCallName: "rm", parentMessageId: "a1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "rm-1", delta: '{"path":"/workspace/x"}' },
      { type: "TOOL_CALL_END", toolCallId: "rm-1" },
      {
        type: "RUN_FINISHED",
        threadId: "t",
        runId: "r1",
        outcome: {
          type: "interrupt",
          interrupts: [{ id: "int-1", reason: "tool_approval", toolCallId: "rm-1", message: "Delete?" }],
        },
      },
    ];
    const upstream = await agUiUpstream([interrupted, reply("r2", "a2", "Deleted /workspace/x.")]);
    closers.push(upstream.close);
    const dir = tempDir("agent-ui-agui-history-");
    dirs.push(dir);
    const gw = await gatewayOn(dir.path);
    closers.push(() => gw.server.close());
    const created = await postJson(`${gw.server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: upstream.url, startOnCreate: false },
    });
    const id = created.body.session.id as string;
    await waitFor(async () => ((await gw.session(id)).status === "live" ? true : undefined));
    await gw.send(id, "delete /workspace/x", "u1");
    await gw.settled(id, "a1", "Deleting.");
    const answer = await postJson(`${gw.server.url}/api/sessions/${id}/commands`, {
      kind: "respond_action",
      idempotencyKey: "action:int-1:approve",
      actionId: "int-1",
      decision: "approve",
    });
    expect(answer.body.status).toBe("accepted");
    await gw.settled(id, "a2", "Deleted /workspace/x.");
    expect(upstream.bodies[1].resume).toEqual([
      { interruptId: "int-1", status: "resolved", payload: { approved: true } },
    ]);
    expect(upstream.bodies[1].messages).toEqual([
      { id: "u1", role: "user", content: "delete /workspace/x" },
      {
        id: "a1",
        role: "assistant",
        content: "Deleting.",
        toolCalls: [
          { id: "rm-1", type: "function", function: { name: "rm", arguments: '{"path":"/workspace/x"}' } },
        ],
      },
    ]);
  });

  it("FALL-01/HYD-09 after a gateway restart the next run carries the conversation rebuilt from the projection", async () => {
    const upstream = await agUiUpstream([TURN_1, reply("run-2", "m-2", "Sunny again.")]);
    closers.push(upstream.close);
    const dir = tempDir("agent-ui-agui-restart-");
    dirs.push(dir);
    const first = await gatewayOn(dir.path);
    const created = await postJson(`${first.server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: upstream.url, startOnCreate: false, input: { threadId: "thread-http" } },
    });
    const id = created.body.session.id as string;
    await waitFor(async () => ((await first.session(id)).status === "live" ? true : undefined));
    await first.send(id, "Weather in Paris?", "u1");
    await first.settled(id, "msg-2", "It is 21°C in Paris.");
    await first.server.close();

    const second = await gatewayOn(dir.path);
    closers.push(() => second.server.close());
    const resumed = await waitFor(async () => {
      const s = await second.session(id);
      return s.attached && s.status === "live" ? s : undefined;
    });
    expect(resumed.statusReason).toMatch(
      /re-attached: thread thread-http continues with 4 message\(s\), 1 tool call\(s\) and 1 tool result\(s\) rebuilt from the projection; a run in flight/,
    );
    expect((await second.send(id, "And tomorrow?", "u2")).body.status).toBe("accepted");
    await second.settled(id, "m-2", "Sunny again.");
    const posted = upstream.bodies[1];
    expect(posted.threadId).toBe("thread-http");
    // The same conversation as live: the projection kept the whole tool result and its message id.
    expect(posted.messages).toEqual([
      ...TURN_1_HISTORY,
      { id: "u2", role: "user", content: "And tomorrow?" },
    ]);
    expect(RunAgentInputSchema.safeParse(posted).success).toBe(true);
  });

  it("FALL-02 after a restart, what the projection holds only in part is marked or left out — never filled in", async () => {
    const longArgs = JSON.stringify({ text: "x".repeat(3000) });
    const longOutput = "y".repeat(20_000);
    const turn1: Events = [
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Working." },
      { type: "TEXT_MESSAGE_END", messageId: "a1" },
      // Its input is over the projection's preview bound: stored only as a cut preview.
      { type: "TOOL_CALL_START", toolCallId: "big", toolCallName: "write", parentMessageId: "a1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "big", delta: longArgs },
      { type: "TOOL_CALL_END", toolCallId: "big" },
      { type: "TOOL_CALL_RESULT", messageId: "r-big", toolCallId: "big", content: "written" },
      // Its output is over the kept-output bound (16 KiB): only its preview and detail ref are projected.
      { type: "TOOL_CALL_START", toolCallId: "read", toolCallName: "read", parentMessageId: "a1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "read", delta: '{"path":"a.txt"}' },
      { type: "TOOL_CALL_END", toolCallId: "read" },
      { type: "TOOL_CALL_RESULT", messageId: "r-read", toolCallId: "read", content: longOutput },
      { type: "RUN_FINISHED", threadId: "t", runId: "r1" },
    ];
    const upstream = await agUiUpstream([turn1, reply("r2", "a2", "Next.")]);
    closers.push(upstream.close);
    const dir = tempDir("agent-ui-agui-partial-");
    dirs.push(dir);
    const first = await gatewayOn(dir.path);
    const created = await postJson(`${first.server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: upstream.url, startOnCreate: false },
    });
    const id = created.body.session.id as string;
    await waitFor(async () => ((await first.session(id)).status === "live" ? true : undefined));
    await first.send(id, "write and read", "u1");
    await first.settled(id, "a1", "Working.");
    // Live, the next run would carry both calls in full; the restart loses what was not stored.
    await first.server.close();

    const second = await gatewayOn(dir.path);
    closers.push(() => second.server.close());
    const resumed = await waitFor(async () => {
      const s = await second.session(id);
      return s.attached && s.status === "live" ? s : undefined;
    });
    expect(resumed.statusReason).toContain(
      "2 message(s), 1 tool call(s) and 1 tool result(s) rebuilt from the projection " +
        "(1 tool result(s) carried as their stored preview, which may be cut; " +
        "1 tool call(s) left out (name or complete input not stored))",
    );
    await second.send(id, "again", "u2");
    await second.settled(id, "a2", "Next.");
    const [user, assistant, result, next] = upstream.bodies[1].messages;
    expect(user).toEqual({ id: "u1", role: "user", content: "write and read" });
    expect(assistant).toEqual({
      id: "a1",
      role: "assistant",
      content: "Working.",
      toolCalls: [
        { id: "read", type: "function", function: { name: "read", arguments: '{"path":"a.txt"}' } },
      ],
    });
    expect(result).toMatchObject({ id: "r-read", role: "tool", toolCallId: "read" });
    // The stored preview (the adapter marks its cut with "…"), not the output it came from.
    expect(longOutput.startsWith(String(result.content).replace(/…$/, ""))).toBe(true);
    expect(String(result.content).length).toBeLessThan(longOutput.length);
    expect(next).toEqual({ id: "u2", role: "user", content: "again" });
    expect(upstream.bodies[1].messages).toHaveLength(4);
  });
});
