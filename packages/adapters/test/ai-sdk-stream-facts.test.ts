// The AI SDK response-level chunks (start / finish / abort / error / metadata) and steering messages: each
// chunk checked against the SDK's own `uiMessageChunkSchema`, then the events and projected state a user sees.
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt, codes, ofType, wire } from "./ai-sdk-support";

describe("ai-sdk start and finish", () => {
  it("STAT-01 a response that has only started shows as submitted", async () => {
    const events = adapt(await wire([{ type: "start", messageId: "m" }]));
    expect(events.map((e) => [e.type, e.phase])).toEqual([["run.started", "submitted"]]);
    expect(projectEvents(events).runtime.status).toBe("submitted");
  });

  it("TEXT-01 unnamed responses get one positional message each, keyed by the caller's stream", async () => {
    const events = adapt(
      await wire([
        { type: "start" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "One." },
        { type: "text-end", id: "a" },
        { type: "finish", finishReason: "stop" },
        { type: "start" },
        { type: "text-start", id: "b" },
        { type: "text-delta", id: "b", delta: "Two." },
        { type: "text-end", id: "b" },
        { type: "finish", finishReason: "stop" },
      ]),
      { streamId: "chat-7" },
    );
    const state = projectEvents(events);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => p.text)])).toEqual([
      ["chat-7:message-1", ["One."]],
      ["chat-7:message-2", ["Two."]],
    ]);
  });

  it("STAT-03 a new response ends the previous one's retry: its first text streams with no retry status", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m1" },
        { type: "start-step" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Half" },
        { type: "reset-step" },
        { type: "start", messageId: "m2" },
        { type: "text-start", id: "b" },
        { type: "text-delta", id: "b", delta: "Fresh." },
      ]),
    );
    const statuses = ofType(events, "run.status").map((e) => e.payload?.status);
    expect(statuses).toEqual(["retrying"]);
    expect(events.at(-1)).toMatchObject({ type: "text.delta", messageId: "m2" });
  });

  it("TEXT-04 a reset-step after a new response discards nothing the previous response said", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m1" },
        { type: "start-step" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Kept." },
        { type: "start", messageId: "m2" },
        { type: "reset-step" },
      ]),
    );
    expect(ofType(events, "text.final")).toEqual([]);
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
  });

  it("TEXT-04 a reset-step in a stream that never started takes back only that stream's text, with no warning", async () => {
    const events = adapt(
      await wire([
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Half" },
        { type: "reset-step" },
      ]),
    );
    expect(ofType(events, "text.final").map((e) => e.payload)).toEqual([
      expect.objectContaining({ text: "", discarded: true }),
    ]);
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
  });

  it("HITL-02 each response counts its own steps: an unseen call's output before the new response's first step answers its approval", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m1" },
        { type: "start-step" },
        { type: "finish", finishReason: "stop" },
        { type: "start", messageId: "m2" },
        { type: "tool-output-available", toolCallId: "call-9", output: "deleted" },
      ]),
    );
    expect(ofType(events, "action.resolved")).toEqual([
      expect.objectContaining({ actionId: "call-9", toolCallId: "call-9" }),
    ]);
  });

  it("ERR-01 finish with reason error fails the run after closing its open text", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Partial" },
        { type: "finish", finishReason: "error", messageMetadata: { model: "m-1" } },
      ]),
    );
    expect(events.slice(-3).map((e) => e.type)).toEqual(["text.final", "diagnostic.changed", "run.failed"]);
    expect(events.at(-1)).toMatchObject({ phase: "failed", payload: { category: "error" } });
    const state = projectEvents(events);
    expect(state.runtime.status).toBe("failed");
    expect(state.messages[0]?.parts[0]).toMatchObject({ text: "Partial", status: "done" });
  });

  it("HITL-01 finish with an approval pending waits for the user, naming the finish reason", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "rm", input: {} },
        { type: "tool-approval-request", approvalId: "ap", toolCallId: "c" },
        { type: "finish", finishReason: "tool-calls" },
      ]),
    );
    expect(events.at(-1)).toEqual(
      expect.objectContaining({
        type: "run.status",
        phase: "waiting",
        payload: { status: "action_required", label: "awaiting approval", reason: "tool-calls" },
      }),
    );
  });

  it("TOOL-01 a call left unanswered by a finish that is not tool-calls does not hold the run", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "pick", input: {} },
        { type: "finish", finishReason: "stop" },
      ]),
    );
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "success", reason: "stop" },
    });
  });

  it("TOOL-01 the waiting status names the awaited calls and why", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "pick", input: {} },
        { type: "finish", finishReason: "tool-calls" },
      ]),
    );
    expect(events.at(-1)?.payload).toEqual({
      status: "waiting",
      label: "awaiting tool results",
      reason: "tool-calls",
      toolCallIds: ["c"],
    });
  });

  it("STAT-08 abort ends the open text first, then the run as cancelled with the stated reason", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Stopp" },
        { type: "abort", reason: "user stop" },
      ]),
    );
    expect(events.slice(-2).map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["text.final", undefined, { text: "Stopp" }],
      ["run.finished", "cancelled", { outcome: "cancelled", reason: "user stop" }],
    ]);
    expect(projectEvents(events).runtime.status).toBe("cancelled");
  });

  it("TEXT-04 a reset-step after the response ended (finish or abort) takes nothing back", async () => {
    for (const end of [
      { type: "finish", finishReason: "stop" },
      { type: "abort", reason: "user" },
    ]) {
      const events = adapt(
        await wire([
          { type: "start", messageId: "m" },
          { type: "start-step" },
          { type: "text-start", id: "a" },
          { type: "text-delta", id: "a", delta: "Said." },
          end,
          { type: "reset-step" },
        ]),
      );
      const state = projectEvents(events);
      expect(state.messages.flatMap((m) => m.parts).map((p) => p.text)).toEqual(["Said."]);
    }
  });

  it("ERR-01 an error chunk fails the run with its text clipped to 500 characters", async () => {
    const errorText = `boom ${"x".repeat(2000)}`;
    const [failed] = adapt(await wire([{ type: "error", errorText }]));
    expect(failed).toMatchObject({ type: "run.failed", phase: "failed" });
    const message = String(failed.payload?.message);
    expect(message.startsWith("boom xxx")).toBe(true);
    expect(message.length).toBeLessThanOrEqual(501);
    expect(message.length).toBeGreaterThan(400);
  });

  it("DIAG-01 SEC-02 message metadata is an info diagnostic with its secrets redacted, never text", async () => {
    const events = adapt(
      await wire([
        {
          type: "message-metadata",
          messageMetadata: { model: "m-1", apiKey: "sk-live-abcdefghijklmnopqrstuvwx" },
        },
      ]),
    );
    expect(codes(events)).toEqual([["runtime_info", "info", "message metadata"]]);
    expect(events[0].payload?.summary).toMatchObject({ metadata: { model: "m-1" } });
    expect(JSON.stringify(events)).not.toContain("sk-live-abcdefghijklmnopqrstuvwx");
  });
});

describe("ai-sdk steering messages", () => {
  it("QUEUE-04 a steer of files alone previews them by count, in the plural past one", async () => {
    const file = { type: "file", url: "https://example.com/a.txt", mediaType: "text/plain" };
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "steering-message", id: "s1", parts: [file, file] },
        { type: "steering-message", id: "s2", parts: [file] },
        {
          type: "steering-message",
          id: "s3",
          parts: [{ type: "text", text: "First." }, { type: "text", text: "Second." }, file, file],
        },
      ]),
    );
    expect(ofType(events, "queue.changed").at(-1)?.payload?.steers).toEqual([
      { id: "s1", status: "accepted", preview: "(+2 files)", targetTurnId: "m" },
      { id: "s2", status: "accepted", preview: "(+1 file)", targetTurnId: "m" },
      { id: "s3", status: "accepted", preview: "First.\nSecond. (+2 files)", targetTurnId: "m" },
    ]);
  });

  it("QUEUE-04 a steer restated with new words updates the listed one in place and is shown once", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Draft." }] },
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Final words." }] },
      ]),
    );
    const last = ofType(events, "queue.changed").at(-1);
    expect(last?.payload?.steers).toEqual([
      { id: "s1", status: "accepted", preview: "Final words.", targetTurnId: "m" },
    ]);
    // The restatement is only the queue snapshot: no second user message.
    expect(events.slice(-1).map((e) => e.type)).toEqual(["queue.changed"]);
    expect(ofType(events, "text.final")).toHaveLength(1);
  });

  it("QUEUE-04 an empty steer is listed but inserts no message; the answer stays in the turn's message", async () => {
    const events = adapt(
      await wire([
        { type: "start", messageId: "m" },
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: "Working." },
        { type: "steering-message", id: "s1", parts: [] },
        { type: "text-delta", id: "a", delta: " Still." },
        { type: "text-end", id: "a" },
      ]),
    );
    expect(ofType(events, "queue.changed").at(-1)?.payload?.steers).toEqual([
      { id: "s1", status: "accepted", preview: "", targetTurnId: "m" },
    ]);
    const state = projectEvents(events);
    expect(state.messages.map((m) => [m.id, m.role, m.parts.map((p) => p.text)])).toEqual([
      ["m", "assistant", ["Working. Still."]],
    ]);
  });

  it("QUEUE-04 steers before any start target the stream's first message, the second one too", async () => {
    const events = adapt(
      await wire([
        { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Hurry." }] },
        { type: "steering-message", id: "s2", parts: [{ type: "text", text: "Shorter." }] },
      ]),
      { sessionId: "sess" },
    );
    expect(ofType(events, "queue.changed").at(-1)?.payload?.steers).toEqual([
      { id: "s1", status: "accepted", preview: "Hurry.", targetTurnId: "sess:message-1" },
      { id: "s2", status: "accepted", preview: "Shorter.", targetTurnId: "sess:message-1" },
    ]);
    expect(ofType(events, "text.final").map((e) => e.messageId)).toEqual([
      "sess:message-1:steer-s1",
      "sess:message-1:steer-s2",
    ]);
  });

  it("ENV-09 a steer without id is a diagnostic naming what is missing, never a listed steer", () => {
    const events = adapt([{ type: "steering-message", parts: [{ type: "text", text: "Hurry." }] }]);
    expect(events.map((e) => [e.type, e.payload?.code])).toEqual([
      ["diagnostic.changed", "unsupported_source_event"],
    ]);
    expect(String(events[0].payload?.message)).toContain("steering-message without id");
  });

  it("ENV-09 QUEUE-04 a steer without parts, or with a text part that has no text, previews nothing", () => {
    const events = adapt([
      { type: "start", messageId: "m" },
      { type: "steering-message", id: "s1" },
      { type: "steering-message", id: "s2", parts: [{ type: "text" }] },
    ]);
    expect(ofType(events, "queue.changed").at(-1)?.payload?.steers).toEqual([
      { id: "s1", status: "accepted", preview: "", targetTurnId: "m" },
      { id: "s2", status: "accepted", preview: "", targetTurnId: "m" },
    ]);
    expect(ofType(events, "text.final")).toEqual([]);
  });

  it("QUEUE-04 TEXT-01 two steers in one turn both target the turn; each answer after them is its own message", async () => {
    const state = projectEvents(
      adapt(
        await wire([
          { type: "start", messageId: "m" },
          { type: "text-start", id: "a" },
          { type: "text-delta", id: "a", delta: "One." },
          { type: "steering-message", id: "s1", parts: [{ type: "text", text: "Shorter." }] },
          { type: "text-start", id: "b" },
          { type: "text-delta", id: "b", delta: "Two." },
          { type: "steering-message", id: "s2", parts: [{ type: "text", text: "Shortest." }] },
          { type: "text-start", id: "c" },
          { type: "text-delta", id: "c", delta: "Three." },
          { type: "finish", finishReason: "stop" },
        ]),
      ),
    );
    expect(state.messages.map((m) => [m.id, m.role, m.parts.map((p) => p.text)])).toEqual([
      ["m", "assistant", ["One."]],
      ["m:steer-s1", "user", ["Shorter."]],
      ["m:after-s1", "assistant", ["Two."]],
      ["m:steer-s2", "user", ["Shortest."]],
      ["m:after-s2", "assistant", ["Three."]],
    ]);
    expect(state.queue.steers.map((s) => s.targetTurnId)).toEqual(["m", "m"]);
  });
});
