// The AI SDK conversation rebuilt from a stored projection (what a session resumed after a gateway restart
// posts): AI SDK chunks in → adapter → projection → UI messages out. Only outcomes the projection holds are
// carried; what it holds in part is marked, what it does not hold is left out and counted (FALL-01/02,
// HYD-09, SEC-01).
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { restoredAiSdkConversation } from "../src/ai-sdk/restore";

/** The user's message as the connector stores it (the stream carries only the assistant's side). */
const userEvent = (messageId: string, text: string, sequence: number) =>
  ({
    type: "text.final",
    owner: "session",
    scope: "part",
    surface: "message_parts",
    persistence: "transcript",
    messageId,
    payload: { role: "user", text },
    eventId: `user-${sequence}`,
    sequence,
    streamKey: "user",
  }) as unknown as AgentUiEvent;

function project(user: string | undefined, chunks: Record<string, unknown>[]): ProjectionState {
  const { events } = adaptRecords(chunks, "ai-sdk", { streamId: "response-1" });
  return projectEvents(user === undefined ? events : [userEvent("u1", user, 1), ...events]);
}

const text = (id: string, delta: string) => [
  { type: "text-start", id },
  { type: "text-delta", id, delta },
  { type: "text-end", id },
];
const input = (toolCallId: string, toolName: string, value: unknown) => ({
  type: "tool-input-available",
  toolCallId,
  toolName,
  input: value,
});
const output = (toolCallId: string, value: unknown) => ({
  type: "tool-output-available",
  toolCallId,
  output: value,
});

describe("AI SDK conversation restored from the projection", () => {
  it("FALL-01/HYD-09 user and assistant messages in order; tool parts with stored input and output; text after a result opens a step", () => {
    const state = project("weather?", [
      { type: "start", messageId: "a1" },
      { type: "start-step" },
      ...text("t1", "Let me "),
      ...text("t2", "check."),
      input("w", "weather", { city: "Paris" }),
      output("w", { city: "Paris", tempC: 21 }),
      { type: "finish-step" },
      { type: "start-step" },
      ...text("t3", "It is 21°C."),
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ]);
    const { messages, note } = restoredAiSdkConversation(state);
    expect(messages).toEqual([
      { id: "u1", role: "user", parts: [{ type: "text", text: "weather?" }] },
      {
        id: "a1",
        role: "assistant",
        parts: [
          { type: "text", text: "Let me check." },
          {
            type: "tool-weather",
            toolCallId: "w",
            input: { city: "Paris" },
            state: "output-available",
            output: { city: "Paris", tempC: 21 },
          },
          { type: "step-start" },
          { type: "text", text: "It is 21°C." },
        ],
      },
    ]);
    expect(note).toMatch(
      /^the conversation was rebuilt from the projection: 2 text message\(s\), 1 tool call\(s\)/,
    );
  });

  it("TOOL-05 a failed call is output-error with the stored error; HITL-04 a denied one too, never output-available", () => {
    const state = project(undefined, [
      { type: "start", messageId: "a1" },
      input("s", "sensor", { id: 7 }),
      { type: "tool-output-error", toolCallId: "s", errorText: "sensor 7 is offline" },
      input("d", "rm", { path: "/" }),
      { type: "tool-approval-request", toolCallId: "d", approvalId: "ap-1" },
      { type: "tool-output-denied", toolCallId: "d" },
      { type: "finish", finishReason: "stop" },
    ]);
    const parts = restoredAiSdkConversation(state).messages[0].parts;
    expect(parts).toEqual([
      {
        type: "tool-sensor",
        toolCallId: "s",
        input: { id: 7 },
        state: "output-error",
        errorText: state.tools.s.error?.message,
      },
      {
        type: "tool-rm",
        toolCallId: "d",
        input: { path: "/" },
        state: "output-error",
        errorText: state.tools.d.error?.message,
      },
    ]);
    expect(parts[0].errorText).toContain("sensor 7 is offline");
    expect(parts.some((p) => "output" in p)).toBe(false);
  });

  it("FALL-02 a call cut by the restart and one waiting for an approval are left out and counted, not given a state", () => {
    const state = project("go", [
      { type: "start", messageId: "a1" },
      ...text("t1", "Working."),
      input("cut", "read", { path: "a.txt" }),
      input("gated", "rm", { path: "/x" }),
      { type: "tool-approval-request", toolCallId: "gated", approvalId: "ap-2" },
    ]);
    const { messages, note, unanswerable } = restoredAiSdkConversation(state);
    expect(messages[1].parts).toEqual([{ type: "text", text: "Working." }]);
    expect(JSON.stringify(messages)).not.toMatch(/"cut"|"gated"/);
    expect(note).toContain(
      "2 tool call(s) left out (no outcome stored; 1 waited for an approval, which expired unanswered)",
    );
    // Only the pending approval is unanswerable; the cut call's outcome is unknown, not declared.
    expect(unanswerable).toEqual([{ actionId: "gated", toolCallId: "gated" }]);
  });

  it("FALL-02 an input over the preview bound is left out; an output over the kept-output bound is carried as the marked preview", () => {
    const longOutput = "y".repeat(20_000);
    const state = project(undefined, [
      { type: "start", messageId: "a1" },
      input("big", "write", { text: "x".repeat(3000) }),
      output("big", "written"),
      input("r", "read", { path: "a.txt" }),
      output("r", longOutput),
      { type: "finish", finishReason: "stop" },
    ]);
    const { messages, note } = restoredAiSdkConversation(state);
    expect(messages[0].parts.map((p) => p.toolCallId)).toEqual(["r"]);
    const preview = String(messages[0].parts[0].output);
    expect(preview.length).toBeLessThan(longOutput.length);
    expect(longOutput.startsWith(preview.replace(/…$/, ""))).toBe(true);
    expect(note).toContain("1 tool output(s) carried as their stored preview, which may be cut");
    expect(note).toContain("1 tool call(s) left out (name or complete input not stored)");
  });

  it("SEC-01 a secret in a tool input goes upstream as its redaction marker, and the note says so", () => {
    const secret = "sk-live-abcdefghijklmnopqrstuvwxyz0123";
    const state = project(undefined, [
      { type: "start", messageId: "a1" },
      input("w", "weather", { city: "Paris", apiKey: secret }),
      output("w", { tempC: 21 }),
      { type: "finish", finishReason: "stop" },
    ]);
    const { messages, note } = restoredAiSdkConversation(state);
    expect(JSON.stringify(messages)).not.toContain(secret);
    expect(messages[0].parts[0].input).toMatchObject({
      city: "Paris",
      apiKey: expect.stringMatching(/^\[redacted:/),
    });
    expect(note).toContain("1 tool input(s) carry redaction markers");
  });

  it("HYD-09 an empty projection restores an empty conversation", () => {
    const { messages, note } = restoredAiSdkConversation(project(undefined, []));
    expect(messages).toEqual([]);
    expect(note).toMatch(/0 text message\(s\), 0 tool call\(s\) with their outcome; a response in flight/);
  });

  it("FALL-01 property: every call with a stored outcome is carried once, in order; every other one is counted", () => {
    const outcome = fc.constantFrom("output", "error", "none", "approval");
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 12 }), fc.boolean(), (outcomes, textFirst) => {
        const chunks: Record<string, unknown>[] = [{ type: "start", messageId: "a1" }];
        if (textFirst) chunks.push(...text("t0", "First."));
        outcomes.forEach((kind, i) => {
          const id = `c${i}`;
          chunks.push(input(id, "tool", { n: i }));
          if (kind === "output") chunks.push(output(id, { n: i }));
          if (kind === "error")
            chunks.push({ type: "tool-output-error", toolCallId: id, errorText: `e${i}` });
          if (kind === "approval")
            chunks.push({ type: "tool-approval-request", toolCallId: id, approvalId: `ap${i}` });
        });
        const { messages, note } = restoredAiSdkConversation(project(undefined, chunks));
        const carried = outcomes.flatMap((kind, i) =>
          kind === "output" || kind === "error" ? [`c${i}`] : [],
        );
        const parts = messages.flatMap((m) => m.parts);
        expect(parts.filter((p) => p.type === "tool-tool").map((p) => p.toolCallId)).toEqual(carried);
        for (const part of parts.filter((p) => p.type === "tool-tool"))
          expect(["output-available", "output-error"]).toContain(part.state);
        expect(note).toContain(`${carried.length} tool call(s) with their outcome`);
        const left = outcomes.length - carried.length;
        if (left > 0) expect(note).toContain(`${left} tool call(s) left out (no outcome stored`);
        else expect(note).not.toContain("no outcome stored");
      }),
      { numRuns: 60 },
    );
  });
});
