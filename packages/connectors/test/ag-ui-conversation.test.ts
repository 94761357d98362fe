// The conversation the AG-UI connector keeps from a run's events, checked against the AG-UI reference
// client (@ag-ui/client `HttpAgent`, a real HTTP run against a loopback agent replaying a peer capture) and
// with properties over chunking, duplicates, order and bad input.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HttpAgent } from "@ag-ui/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AgUiMessage, AgUiConversation } from "../src/ag-ui/messages";

/** The peers' captured streams in the standard's shared folder beside the repository root. */
const PEERS = fileURLToPath(new URL("../../../../shared/peers/streams", import.meta.url));

type Event = Record<string, unknown>;

const PEER_RUN: Event[] = readFileSync(join(PEERS, "agui.http.events.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

function conversationOf(events: readonly unknown[], initial: AgUiMessage[] = []): AgUiMessage[] {
  const conversation = new AgUiConversation(initial);
  for (const event of events) conversation.apply(event);
  return conversation.snapshot();
}

/** The capture served once over SSE, as an AG-UI agent endpoint. */
async function servePeerRun(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const event of PEER_RUN) res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("AG-UI conversation kept by the connector", () => {
  it("CTRL-01 matches the AG-UI reference client's message list for a real run (reasoning/activity aside)", async () => {
    const upstream = await servePeerRun();
    try {
      const user = { id: "u1", role: "user" as const, content: "Weather in Paris?" };
      const agent = new HttpAgent({ url: upstream.url, threadId: "thread-http", initialMessages: [user] });
      await agent.runAgent();
      const reference = agent.messages.filter((m) => m.role !== "reasoning" && m.role !== "activity");
      expect(reference.some((m) => m.role === "tool")).toBe(true);
      expect(conversationOf(PEER_RUN, [user])).toEqual(JSON.parse(JSON.stringify(reference)));
    } finally {
      await upstream.close();
    }
  });

  it("TEXT-01 any chunking of a reply's text and tool arguments posts the same content", () => {
    const piece = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.array(piece, { maxLength: 8 }), (text, args) => {
        const events: Event[] = [
          { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
          ...text.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta })),
          { type: "TEXT_MESSAGE_END", messageId: "a" },
          { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "a" },
          ...args.map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId: "c", delta })),
          { type: "TOOL_CALL_END", toolCallId: "c" },
        ];
        const [message] = conversationOf(events);
        expect(message.content).toBe(text.join(""));
        expect(message.toolCalls?.[0].function.arguments).toBe(args.join(""));
      }),
    );
  });

  it("ORD-02 duplicated events and interleaved calls: every message once, each result right after its call's message", () => {
    const calls = ["c1", "c2", "c3"];
    const base: Event[] = [
      { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
      { type: "TEXT_MESSAGE_END", messageId: "a1" },
      ...calls.flatMap((id) => [
        { type: "TOOL_CALL_START", toolCallId: id, toolCallName: "f", parentMessageId: "a1" },
        { type: "TOOL_CALL_END", toolCallId: id },
      ]),
      { type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" },
      { type: "TEXT_MESSAGE_END", messageId: "a2" },
    ];
    const results = calls.map((id) => ({
      type: "TOOL_CALL_RESULT",
      messageId: `r-${id}`,
      toolCallId: id,
      content: id,
    }));
    fc.assert(
      fc.property(
        fc.shuffledSubarray(results, { minLength: 0, maxLength: results.length }),
        fc.array(fc.integer({ min: 0, max: base.length + results.length - 1 }), { maxLength: 4 }),
        (order, duplicates) => {
          const events = [...base, ...order];
          for (const at of duplicates) events.push(events[at % events.length]);
          const posted = conversationOf(events);
          const ids = posted.map((m) => m.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(posted[0].toolCalls?.map((c) => c.id)).toEqual(calls);
          // a1, then its results in arrival order, then a2.
          expect(ids).toEqual(["a1", ...order.map((r) => r.messageId), "a2"]);
        },
      ),
    );
  });

  it("FALL-02 bad input is ignored without a throw and never becomes a message", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (garbage) => {
        const posted = conversationOf(garbage);
        for (const message of posted) {
          expect(typeof message.id).toBe("string");
          expect(typeof message.role).toBe("string");
        }
      }),
    );
    // Snapshots with malformed messages and tool calls, then events that address them.
    const loose = fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 3 }));
    const snapshotMessage = fc.oneof(
      fc.record(
        {
          id: fc.constantFrom("a", "b"),
          role: fc.constantFrom("user", "assistant", "tool", "reasoning"),
          toolCalls: fc.oneof(loose, fc.array(fc.record({ id: fc.constantFrom("c", 1) }), { maxLength: 2 })),
          toolCallId: fc.constantFrom("c", "x"),
        },
        { requiredKeys: ["id", "role"] },
      ),
      fc.jsonValue(),
    );
    const follow: Event[] = [
      { type: "TOOL_CALL_START", toolCallId: "d", toolCallName: "f", parentMessageId: "a" },
      { type: "TOOL_CALL_RESULT", messageId: "r", toolCallId: "c", content: "ok" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "b", delta: "more" },
    ];
    fc.assert(
      fc.property(fc.array(snapshotMessage, { maxLength: 4 }), (messages) => {
        const posted = conversationOf([{ type: "MESSAGES_SNAPSHOT", messages }, ...follow]);
        expect(new Set(posted.map((m) => m.id)).size).toBe(posted.length);
      }),
      { numRuns: 300 },
    );
    const malformed: unknown[] = [
      null,
      "TEXT_MESSAGE_START",
      { type: "TEXT_MESSAGE_START" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "ghost", delta: 7 },
      { type: "TOOL_CALL_RESULT", toolCallId: "x" },
      {
        type: "MESSAGES_SNAPSHOT",
        messages: [{ role: "user" }, 5, { id: "m", role: "user", content: "hi" }],
      },
    ];
    expect(conversationOf(malformed)).toEqual([{ id: "m", role: "user", content: "hi" }]);
  });

  it("HYD-08 a messages snapshot is the agent's word: it replaces what was kept, reasoning left out", () => {
    const posted = conversationOf(
      [
        { type: "TEXT_MESSAGE_START", messageId: "old", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "old", delta: "draft" },
        {
          type: "MESSAGES_SNAPSHOT",
          messages: [
            { id: "u1", role: "user", content: "hi" },
            { id: "r1", role: "reasoning", content: "thinking" },
            {
              id: "a1",
              role: "assistant",
              toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
            },
          ],
        },
        { type: "TOOL_CALL_RESULT", messageId: "t1", toolCallId: "c1", content: "ok" },
      ],
      [{ id: "u0", role: "user", content: "before" }],
    );
    expect(posted.map((m) => m.id)).toEqual(["u1", "a1", "t1"]);
  });

  it("CTRL-07 a run cut mid-message keeps what was streamed (a fact), and a chunked 0.0.x run folds like 1.0", () => {
    const cut = conversationOf([
      { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "Half a sen" },
    ]);
    expect(cut).toEqual([{ id: "a", role: "assistant", content: "Half a sen" }]);
    const chunked = conversationOf([
      { type: "TEXT_MESSAGE_CHUNK", messageId: "a", role: "assistant", delta: "Let me " },
      { type: "TEXT_MESSAGE_CHUNK", delta: "check." },
      {
        type: "TOOL_CALL_CHUNK",
        toolCallId: "c",
        toolCallName: "weather",
        parentMessageId: "a",
        delta: '{"city":',
      },
      { type: "TOOL_CALL_CHUNK", delta: '"Paris"}' },
      { type: "TOOL_CALL_RESULT", messageId: "t", toolCallId: "c", content: "21" },
    ]);
    expect(chunked).toEqual([
      {
        id: "a",
        role: "assistant",
        content: "Let me check.",
        toolCalls: [
          { id: "c", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
        ],
      },
      { id: "t", role: "tool", toolCallId: "c", content: "21" },
    ]);
  });
});
