// HITL-02/04/05: an AI SDK tool approval requested in one HTTP response and answered in the next, each
// response read by its own adapter instance (a stateless handler per request), both fed to one projector.
// The chunks are the real `ai` package's: `streamText` with a `needsApproval` tool writes the request, and
// the continuation is `streamText` over the conversation holding the user's `tool-approval-response` —
// which is exactly what the SDK streams after `addToolApprovalResponse` (no approval id on the wire).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { type UIMessageChunk, streamText, tool } from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type AdapterOptions, aiSdkAdapter } from "../src";

const MESSAGE_ID = "msg-asst-1";
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The scripted model: one call streaming `parts` and finishing with `reason`. */
function model(parts: Record<string, unknown>[], reason: "stop" | "tool-calls") {
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: "stream-start", warnings: [] },
        ...parts,
        { type: "finish", finishReason: { unified: reason, raw: reason }, usage },
      ] as never),
    }),
  });
}

function dangerTool(outcome: "ok" | "throws") {
  return tool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      if (outcome === "throws") throw new Error("disk is read-only");
      return { deleted: path };
    },
  });
}

async function collect(stream: AsyncIterable<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** Response 1: the model calls `danger`; the SDK asks for approval and stops. */
async function requestResponse(): Promise<{ chunks: UIMessageChunk[]; approvalId: string }> {
  const result = streamText({
    model: model(
      [{ type: "tool-call", toolCallId: "call-9", toolName: "danger", input: '{"path":"/workspace/x"}' }],
      "tool-calls",
    ),
    tools: { danger: dangerTool("ok") },
    prompt: "delete /workspace/x",
  });
  const chunks = await collect(result.toUIMessageStream({ generateMessageId: () => MESSAGE_ID }));
  const request = chunks.find((c) => c.type === "tool-approval-request");
  if (request?.type !== "tool-approval-request") throw new Error("the SDK asked for no approval");
  return { chunks, approvalId: request.approvalId };
}

/** Response 2: the conversation carries the user's answer; the SDK runs (or denies) the call, then answers. */
async function continuationResponse(
  approvalId: string,
  approved: boolean,
  outcome: "ok" | "throws" = "ok",
): Promise<UIMessageChunk[]> {
  const answer = [
    { type: "text-start", id: "t1" },
    { type: "text-delta", id: "t1", delta: approved ? "Done." : "Left it alone." },
    { type: "text-end", id: "t1" },
  ];
  const result = streamText({
    model: model(answer, "stop"),
    tools: { danger: dangerTool(outcome) },
    messages: [
      { role: "user", content: "delete /workspace/x" },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "call-9", toolName: "danger", input: { path: "/workspace/x" } },
          { type: "tool-approval-request", approvalId, toolCallId: "call-9" },
        ],
      },
      { role: "tool", content: [{ type: "tool-approval-response", approvalId, approved }] },
    ],
  });
  return collect(result.toUIMessageStream({ generateMessageId: () => MESSAGE_ID }));
}

/** Each response through its own adapter instance (its own stream), all events into one projector. */
function adaptEach(responses: unknown[][], options: AdapterOptions = {}): AgentUiEvent[][] {
  return responses.map((chunks, n) => {
    const adapter = aiSdkAdapter.create({ ...options, streamId: `response-${n + 1}` });
    return [...chunks.flatMap((chunk, i) => adapter.push(chunk, i)), ...adapter.finish()];
  });
}

const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const problems = (state: ProjectionState) =>
  state.diagnostics.filter((d) => d.severity !== "info" || d.code === "action_resolved_without_request");
const SOURCE_IDS: AdapterOptions = { toolApprovalIds: "source" };

describe("ai-sdk approval answered in a second response read by a new adapter instance", () => {
  it("HITL-02 approved: the card the first response showed resolves; the tool ends output-available", async () => {
    const { chunks, approvalId } = await requestResponse();
    const [first, second] = adaptEach([chunks, await continuationResponse(approvalId, true)]);
    // Before the answer: one pending card keyed by the call, the SDK's approval id kept for the write path.
    const pending = projectEvents(first);
    expect(pending.actions["call-9"]).toMatchObject({ status: "pending", toolCallId: "call-9" });
    expect(ofType(first, "action.required")[0].payload).toMatchObject({ approvalId });
    expect(pending.runtime.status).not.toBe("completed");

    const state = projectEvents([...first, ...second]);
    expect(Object.keys(state.actions)).toEqual(["call-9"]);
    expect(state.actions["call-9"].status).toBe("resolved");
    // The continuation does not state the decision (it is in the client's message): none invented.
    expect(state.actions["call-9"].decision).toBeUndefined();
    expect(state.tools["call-9"]).toMatchObject({ name: "danger", status: "output-available" });
    expect(state.messages.filter((m) => m.role === "assistant").map((m) => m.id)).toEqual([MESSAGE_ID]);
    expect(state.runtime.status).toBe("completed");
    expect(problems(state)).toEqual([]);
  });

  it("HITL-04 denied: the approval resolves as reject and the tool never produces a result", async () => {
    const { chunks, approvalId } = await requestResponse();
    const [first, second] = adaptEach([chunks, await continuationResponse(approvalId, false)]);
    expect(ofType(second, "tool.result")).toEqual([]);
    const state = projectEvents([...first, ...second]);
    expect(state.actions["call-9"]).toMatchObject({ status: "resolved", decision: "reject" });
    expect(state.tools["call-9"]).toMatchObject({ status: "output-error", error: { category: "denied" } });
    expect(problems(state)).toEqual([]);
  });

  it("HITL-02 approved but the tool threw: the approval is answered all the same; the tool ends output-error", async () => {
    const { chunks, approvalId } = await requestResponse();
    const continuation = await continuationResponse(approvalId, true, "throws");
    expect(continuation.map((c) => c.type)).toContain("tool-output-error");
    const [first, second] = adaptEach([chunks, continuation]);
    const state = projectEvents([...first, ...second]);
    expect(state.actions["call-9"]).toMatchObject({ status: "resolved" });
    expect(state.tools["call-9"].status).toBe("output-error");
    expect(problems(state)).toEqual([]);
  });

  it("HITL-03 HITL-04 each continuation's outcome says what resolved the card: the call ran, failed or was denied", async () => {
    const { approvalId } = await requestResponse();
    const closing = async (approved: boolean, outcome: "ok" | "throws") => {
      const [events] = adaptEach([await continuationResponse(approvalId, approved, outcome)]);
      const at = events.findIndex((e) => e.type === "action.resolved");
      return events.slice(at, at + 2).map((e) => [e.type, e.actionId ?? e.toolCallId, e.phase, e.payload]);
    };
    expect(await closing(true, "ok")).toEqual([
      [
        "action.resolved",
        "call-9",
        undefined,
        {
          outcome: "resolved",
          reason: "the tool ran after the approval request; the stream does not state the decision",
        },
      ],
      ["tool.result", "call-9", "acting", expect.objectContaining({ output: { deleted: "/workspace/x" } })],
    ]);
    expect(await closing(true, "throws")).toEqual([
      [
        "action.resolved",
        "call-9",
        undefined,
        {
          outcome: "resolved",
          reason:
            "the tool was run after the approval request and failed; the stream does not state the decision",
        },
      ],
      // The SDK's own errorText for the thrown error.
      ["tool.failed", "call-9", "failed", { error: "Error: disk is read-only" }],
    ]);
    expect(await closing(false, "ok")).toEqual([
      [
        "action.resolved",
        "call-9",
        undefined,
        { outcome: "resolved", decision: "reject", reason: "tool execution denied" },
      ],
      ["tool.failed", "call-9", "failed", { denied: true, error: "denied by user" }],
    ]);
  });

  it("HITL-02 one adapter instance reading both responses resolves the same card, once (HITL-05)", async () => {
    const { chunks, approvalId } = await requestResponse();
    const continuation = await continuationResponse(approvalId, true);
    const adapter = aiSdkAdapter.create();
    const events = [...chunks, ...continuation].flatMap((chunk, i) => adapter.push(chunk, i));
    expect(ofType(events, "action.resolved").map((e) => e.actionId)).toEqual(["call-9"]);
    expect(projectEvents(events).actions["call-9"].status).toBe("resolved");
  });

  it("HITL-05 a redelivered outcome in the continuation resolves the approval once", async () => {
    const { approvalId } = await requestResponse();
    const continuation = await continuationResponse(approvalId, true);
    const output = continuation.find((c) => c.type === "tool-output-available");
    const [second] = adaptEach([[continuation[0], output, ...continuation.slice(1)]]);
    expect(ofType(second, "action.resolved")).toHaveLength(1);
  });

  it("HITL-02 tool-call ids are the default: the same card resolves with no option given", async () => {
    const { chunks, approvalId } = await requestResponse();
    const continuation = await continuationResponse(approvalId, true);
    const separate = adaptEach([chunks, continuation]).flat();
    expect(ofType(separate, "action.required").map((e) => e.actionId)).toEqual(["call-9"]);
    expect(ofType(separate, "action.resolved").map((e) => e.actionId)).toEqual(["call-9"]);
    expect(projectEvents(separate).actions["call-9"].status).toBe("resolved");
  });

  it('source approval ids (`toolApprovalIds: "source"`): no phantom resolution under an id the request did not use', async () => {
    const { chunks, approvalId } = await requestResponse();
    const [first, second] = adaptEach([chunks, await continuationResponse(approvalId, true)], SOURCE_IDS);
    expect(ofType(first, "action.required")[0].actionId).toBe(approvalId);
    // The second instance cannot know the approval id (it is not on its wire). A resolution keyed by the
    // call would be a second, phantom approval: none is stated (the default `"tool-call"` ids avoid this).
    expect(ofType(second, "action.resolved")).toEqual([]);
    const state = projectEvents([...first, ...second]);
    expect(Object.keys(state.actions)).toEqual([approvalId]);
    expect(state.tools["call-9"].status).toBe("output-available");
  });
});

describe("ai-sdk outcomes that answer no approval are never turned into one", () => {
  it("HITL-01 a fresh instance reading an ordinary tool run invents no approval resolution", () => {
    const events = adaptEach([
      [
        { type: "start", messageId: "m" },
        { type: "start-step" },
        // An unseen call's output inside a step: an ordinary tool result (e.g. a client-side tool).
        { type: "tool-output-available", toolCallId: "client-1", output: 1 },
        { type: "tool-input-start", toolCallId: "c2", toolName: "weather" },
        { type: "tool-output-available", toolCallId: "c2", output: 2 },
        { type: "finish-step" },
        { type: "finish", finishReason: "stop" },
      ],
    ])[0];
    expect(ofType(events, "action.resolved")).toEqual([]);
    expect(ofType(events, "tool.result")).toHaveLength(2);
  });

  it("HITL-04 a tool-output-denied always answers an approval, even inside a step", () => {
    const events = adaptEach([
      [
        { type: "start", messageId: "m" },
        { type: "start-step" },
        { type: "tool-output-denied", toolCallId: "c7" },
      ],
    ])[0];
    expect(ofType(events, "action.resolved")).toEqual([
      expect.objectContaining({ actionId: "c7", payload: expect.objectContaining({ decision: "reject" }) }),
    ]);
  });

  it("HITL-03 tool-approval-response with tool-call ids resolves the card keyed by the call", () => {
    const events = adaptEach([
      [
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c1", toolName: "rm", input: {} },
        { type: "tool-approval-request", approvalId: "ap-1", toolCallId: "c1", isAutomatic: true },
        { type: "tool-approval-response", approvalId: "ap-1", approved: true },
        { type: "tool-output-available", toolCallId: "c1", output: "ok" },
      ],
    ])[0];
    expect(ofType(events, "action.resolved")).toEqual([
      expect.objectContaining({
        actionId: "c1",
        payload: expect.objectContaining({ decision: "approve", decidedBy: "policy" }),
      }),
    ]);
  });
});

describe("ai-sdk approvals across adapter instances (property)", () => {
  type Outcome = "output" | "error" | "denied";
  /** Response 1 gates every call; response 2 states each call's outcome (in any order, some redelivered)
   * before its first step, then answers — what `streamText` writes after `addToolApprovalResponse`. */
  function responses(outcomes: Outcome[], order: number[], repeats: number[]) {
    const request: Record<string, unknown>[] = [{ type: "start", messageId: "m" }, { type: "start-step" }];
    outcomes.forEach((_, i) => {
      request.push({ type: "tool-input-available", toolCallId: `c${i}`, toolName: "rm", input: { i } });
      request.push({ type: "tool-approval-request", toolCallId: `c${i}`, approvalId: `ap-${i}` });
    });
    request.push({ type: "finish-step" }, { type: "finish", finishReason: "tool-calls" });
    const outcomeChunk = (i: number) =>
      outcomes[i] === "output"
        ? { type: "tool-output-available", toolCallId: `c${i}`, output: i }
        : outcomes[i] === "error"
          ? { type: "tool-output-error", toolCallId: `c${i}`, errorText: "failed" }
          : { type: "tool-output-denied", toolCallId: `c${i}` };
    const continuation: Record<string, unknown>[] = [{ type: "start", messageId: "m" }];
    for (const i of order) continuation.push(outcomeChunk(i));
    for (const i of repeats) continuation.push(outcomeChunk(i));
    continuation.push(
      { type: "start-step" },
      ...[
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "ok" },
        { type: "text-end", id: "t" },
      ],
    );
    continuation.push({ type: "finish-step" }, { type: "finish", finishReason: "stop" });
    return [request, continuation];
  }

  it("HITL-02/HITL-05 every card the request showed resolves once, keyed by its call; a denial is a reject, nothing else is a decision", () => {
    const scenario = fc
      .array(fc.constantFrom<Outcome>("output", "error", "denied"), { minLength: 1, maxLength: 6 })
      .chain((outcomes) =>
        fc.record({
          outcomes: fc.constant(outcomes),
          order: fc.shuffledSubarray(
            outcomes.map((_, i) => i),
            { minLength: outcomes.length },
          ),
          repeats: fc.array(fc.nat({ max: outcomes.length - 1 }), { maxLength: 3 }),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ outcomes, order, repeats }) => {
        const events = adaptEach(responses(outcomes, order, repeats)).flat();
        const resolved = ofType(events, "action.resolved");
        expect(resolved.map((e) => e.actionId).sort()).toEqual(outcomes.map((_, i) => `c${i}`).sort());
        const state = projectEvents(events);
        outcomes.forEach((outcome, i) => {
          const action = state.actions[`c${i}`];
          expect(action.status).toBe("resolved");
          expect(action.decision).toBe(outcome === "denied" ? "reject" : undefined);
          expect(state.tools[`c${i}`].status).toBe(
            outcome === "output" ? "output-available" : "output-error",
          );
        });
        expect(Object.keys(state.actions)).toHaveLength(outcomes.length);
        expect(problems(state)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
