// Live: the real `ai` package (streamText + toUIMessageStream, the SDK's own chat as the client,
// MockLanguageModelV4 as the model, offline) produces the shared scenario and a plain reasoning answer;
// its UIMessageChunks go through auto-detection, the ai-sdk adapter and the projection.
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, TOOL_TERMINAL_STATES, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type UIMessage,
  type UIMessageChunk,
  convertToModelMessages,
  createUIMessageStream,
  readUIMessageStream,
} from "ai";
import {
  AI_SDK_DENIED_ANSWER,
  CLIENT_TOOL,
  REASONING_ANSWER,
  STEERING,
  aiSdkProducer,
  runAiSdkClientTool,
  runAiSdkPolicyDecision,
  runAiSdkReasoningAnswer,
  runAiSdkSteering,
  runAiSdkScenario,
} from "./ai-sdk.producer";
import { assistantTextParts, projectProduction } from "./live-support";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";

const s = SHARED_SCENARIO;
const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");
const assistants = (state: ProjectionState) => state.messages.filter((m) => m.role === "assistant");
const toolOf = (state: ProjectionState) => Object.values(state.tools)[0];
const approvalOf = (state: ProjectionState) => Object.values(state.actions)[0];
const streamOf = (records: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const record of records) controller.enqueue(record);
      controller.close();
    },
  });

describe("live ai: approval-gated delete_file through the SDK's chat round trip", () => {
  let production: LiveProduction;
  beforeAll(async () => {
    production = await aiSdkProducer();
  });

  it("ENV-01 the UIMessageChunks of both requests auto-detect as ai-sdk", () => {
    expect(production.format).toBe("ai-sdk");
    expect(projectProduction(production).detected).toBe("ai-sdk");
    expect(projectProduction(production, production.interruptedRunLength).detected).toBe("ai-sdk");
  });

  it("HITL-01 after the first request: preamble once, delete_file approval-requested, one pending approval", () => {
    const { state } = projectProduction(production, production.interruptedRunLength);
    expect(assistantTextParts(state)).toEqual([s.preamble]);
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state)).toMatchObject({ name: s.toolName, status: "approval-requested" });
    expect(toolOf(state).inputSummary).toContain(s.toolInput.path);
    expect(toolOf(state).outputPreview).toBeUndefined();
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({
        type: "tool_approval",
        status: "pending",
        toolCallId: toolOf(state).toolCallId,
      }),
    ]);
    // finishReason tool-calls with an open approval: waiting for the user, neither done nor failed.
    expect(state.runtime.status).toBe("action_required");
    expect(errors(state)).toEqual([]);
  });

  it("HITL-03 TOOL-01 TEXT-04 after the resume: same assistant message, tool output, answer once", () => {
    const { state } = projectProduction(production);
    // originalMessages: the continuation stream names the same assistant message, so one bubble.
    expect(assistants(state)).toHaveLength(1);
    expect(assistantTextParts(state)).toEqual([s.preamble, s.answer]);
    expect(toolOf(state)).toMatchObject({ name: s.toolName, status: "output-available" });
    expect(toolOf(state).outputPreview).toContain(s.toolOutput);
    expect(approvalOf(state).status).toBe("resolved");
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });

  it("FALL-01 HITL-03 the decision is not on the wire (it lives in the client's message), so none is recorded", () => {
    // What the SDK's chat holds locally says approved: true; the continuation chunks do not.
    expect(production.records.some((r) => (r as { type?: string }).type === "tool-approval-response")).toBe(
      false,
    );
    expect(approvalOf(projectProduction(production).state).decision).toBeUndefined();
  });

  it("ORD-02 HITL-02 the two requests through separate adapters: one message, one tool, one approval, resolved", () => {
    const split = (from: number, to: number | undefined, streamId: string) =>
      adaptRecords(production.records.slice(from, to), "ai-sdk", { streamId }).events;
    const state = projectEvents([
      ...split(0, production.interruptedRunLength, "request-1"),
      ...split(production.interruptedRunLength, undefined, "request-2"),
    ]);
    expect(assistants(state)).toHaveLength(1);
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state).status).toBe("output-available");
    expect(Object.values(state.actions)).toHaveLength(1);
    expect(assistantTextParts(state)).toEqual([s.preamble, s.answer]);
    // The approval is keyed by the tool call (the adapter's default): the fresh adapter reading the
    // continuation alone resolves the card the first showed, by the one id both requests carry. The
    // decision is not on that wire (it lives in the client's message), so none is recorded.
    expect(approvalOf(state)).toMatchObject({ toolCallId: toolOf(state).toolCallId, status: "resolved" });
    expect(approvalOf(state).decision).toBeUndefined();
    expect(state.diagnostics.filter((d) => d.code === "action_resolved_without_request")).toEqual([]);
    expect(errors(state)).toEqual([]);
  });
});

describe("live ai: the same call denied", () => {
  it("HITL-04 denial: the tool never runs, its approval resolves as reject, the answer says so", async () => {
    const production = await runAiSdkScenario(false);
    const { state } = projectProduction(production);
    expect(toolOf(state)).toMatchObject({ status: "output-error", error: { category: "denied" } });
    expect(toolOf(state).outputPreview ?? "").not.toContain(s.toolOutput);
    // `tool-output-denied` is the wire's own statement of the denial.
    expect(approvalOf(state)).toMatchObject({ status: "resolved", decision: "reject" });
    expect(assistantTextParts(state)).toEqual([s.preamble, AI_SDK_DENIED_ANSWER]);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });
});

describe("live ai: the approval decided by policy (streamText toolApproval)", () => {
  it.each([
    ["approved", "approve", "output-available", s.answer],
    ["denied", "reject", "output-error", AI_SDK_DENIED_ANSWER],
  ] as const)(
    "HITL-03 HITL-04 %s by policy: the stated decision is recorded as the policy's, once",
    async (policy, decision, toolStatus, answer) => {
      const live = await runAiSdkPolicyDecision(policy);
      // The SDK states the decision itself: an automatic request and its tool-approval-response.
      expect(live.records.map((r) => r.type)).toContain("tool-approval-response");
      const adapted = adaptRecords(live.records, "auto");
      expect(adapted.detected?.format).toBe("ai-sdk");
      const state = projectEvents(adapted.events);
      expect(Object.values(state.actions)).toEqual([
        expect.objectContaining({ type: "tool_approval", status: "resolved", decision }),
      ]);
      expect(approvalOf(state).auditSummary).toContain("by policy");
      expect(toolOf(state).status).toBe(toolStatus);
      expect(assistantTextParts(state)).toEqual([s.preamble, answer]);
      expect(state.runtime.status).toBe("completed");
      expect(errors(state)).toEqual([]);
    },
  );
});

describe("live ai: a client-side tool answered by the chat (addToolOutput)", () => {
  it("TOOL-01 FALL-01 the first request waits for the client's result; the output, never on the wire, is not invented", async () => {
    const live = await runAiSdkClientTool();
    const c = CLIENT_TOOL;
    const paused = projectProduction(live, live.interruptedRunLength).state;
    // finish: tool-calls with a call the stream never answered → waiting for it, not completed.
    expect(toolOf(paused).name).toBe(c.toolName);
    expect([...TOOL_TERMINAL_STATES, "unknown"]).not.toContain(toolOf(paused).status);
    expect(paused.runtime.status).toBe("waiting");
    expect(Object.values(paused.actions)).toEqual([]);
    const { state } = projectProduction(live);
    expect(assistants(state)).toHaveLength(1);
    expect(assistantTextParts(state)).toEqual([c.answer]);
    expect(state.runtime.status).toBe("completed");
    // The client's own message holds the output; the server's streams never carried it, so the
    // projection does not claim output-available and says the tool had no terminal fact.
    const clientPart = live.chat.lastMessage?.parts.find((p) => "toolCallId" in p);
    expect(clientPart).toMatchObject({ state: "output-available", output: c.output });
    expect(toolOf(state).status).toBe("unknown");
    expect(toolOf(state).outputPreview).toBeUndefined();
    expect(state.diagnostics.map((d) => d.code)).toContain("tool_unclosed_at_turn_end");
    expect(errors(state)).toEqual([]);
  });
});

describe("live ai: reasoning, answer and a source (no tools)", () => {
  let live: Awaited<ReturnType<typeof runAiSdkReasoningAnswer>>;
  beforeAll(async () => {
    live = await runAiSdkReasoningAnswer();
  });

  function assertProjection(state: ProjectionState) {
    const r = REASONING_ANSWER;
    // TEXT-04: the answer once, from its deltas; PROC-01: reasoning is its own part, never answer text.
    expect(assistantTextParts(state)).toEqual([r.answer]);
    const parts = assistants(state).flatMap((m) => m.parts);
    expect(parts.filter((p) => p.kind === "reasoning_summary").map((p) => p.text)).toEqual([r.reasoning]);
    expect(parts.some((p) => p.kind === "assistant_text" && p.text?.includes(r.reasoning))).toBe(false);
    // The source is a citation, never text.
    expect(state.evidence[r.source.id]).toBeDefined();
    expect(parts.some((p) => p.text?.includes(r.source.url))).toBe(false);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  }

  it("TEXT-04 PROC-01 the UIMessageChunks project one answer once and the reasoning apart", () => {
    const adapted = adaptRecords(live.records, "auto");
    expect(adapted.detected?.format).toBe("ai-sdk");
    assertProjection(projectEvents(adapted.events));
  });

  it("EVID-01 every source part the SDK's readUIMessageStream keeps is a citation with its url, title and media type", async () => {
    let message: UIMessage | undefined;
    const stream = new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const chunk of live.records) controller.enqueue(chunk);
        controller.close();
      },
    });
    for await (const m of readUIMessageStream({ stream })) message = m;
    const sources = (message?.parts ?? []).filter(
      (p) => p.type === "source-url" || p.type === "source-document",
    );
    expect(sources.length).toBe(2);
    const state = projectEvents(adaptRecords(live.records, "auto").events);
    const cited = assistants(state)
      .flatMap((m) => m.parts)
      .filter((p) => p.kind === "evidence_ref");
    for (const source of sources) {
      const expected = {
        id: source.sourceId,
        sourceType: source.type === "source-url" ? "url" : "document",
        title: source.title,
        ...(source.type === "source-url"
          ? { url: source.url }
          : { mediaType: source.mediaType, filename: source.filename }),
        // The SDK names no message id without generateMessageId: the citation names the message it is in.
        messageId:
          message?.id ||
          assistants(state).find((m) => m.parts.some((p) => p.evidenceId === source.sourceId))?.id,
      };
      expect(state.evidence[source.sourceId].citations).toEqual([expected]);
      const part = cited.find((p) => p.evidenceId === source.sourceId);
      expect(part?.citations).toEqual([expected]);
      expect(part?.title).toBe(source.title);
    }
  });

  it("TEXT-04 PROC-01 ENV-01 the SDK's own SSE response body frames and projects the same", () => {
    const framed = parseRecords(live.sse);
    expect(framed.records.map((r) => r.value)).toEqual(live.records);
    const adapted = adaptRecords(framed.records, "auto");
    expect(adapted.detected?.format).toBe("ai-sdk");
    assertProjection(projectEvents(adapted.events));
  });
});

describe("live ai: experimental steering while a tool runs", () => {
  it("QUEUE-02 QUEUE-04 delivered steering messages are accepted steers, never assistant text nor queued turns", async () => {
    const live = await runAiSdkSteering();
    const g = STEERING;
    // The SDK delivered both; the queued follow-up also arrives as a steering-message on the wire.
    expect(live.outcomes).toEqual([
      expect.objectContaining({ type: "delivered", id: g.steer.id }),
      expect.objectContaining({ type: "delivered", id: g.queued.id }),
    ]);
    const adapted = adaptRecords(live.records, "auto");
    expect(adapted.detected?.format).toBe("ai-sdk");
    const state = projectEvents(adapted.events);
    expect(state.queue.steers.map((steer) => [steer.id, steer.status, steer.preview])).toEqual([
      [g.steer.id, "accepted", g.steer.text],
      [g.queued.id, "accepted", g.queued.text],
    ]);
    expect(state.queue.items).toEqual([]);
    expect(assistantTextParts(state)).toEqual([g.answer, g.followUp]);
    expect(Object.values(state.tools).map((tool) => tool.status)).toEqual(["output-available"]);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });

  it("QUEUE-04 TEXT-01 each steer shows in the conversation where the SDK's own message and model prompt put it", async () => {
    const live = await runAiSdkSteering();
    // The SDK's reducer keeps a steering-message part between the steps; convertToModelMessages turns it
    // into a user message between the assistant's. Text parts and steers, in the SDK's order:
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream: streamOf(live.records) })) message = m;
    const sdkOrder = (message?.parts ?? []).flatMap((part) =>
      part.type === "text"
        ? [["assistant", part.text]]
        : part.type === "steering-message"
          ? [["user", part.parts.map((p) => (p.type === "text" ? p.text : "")).join("")]]
          : [],
    );
    const model = await convertToModelMessages(message ? [message] : []);
    expect(model.map((m) => m.role)).toEqual(["assistant", "tool", "user", "assistant", "user", "assistant"]);

    const state = projectEvents(adaptRecords(live.records, "auto").events);
    const ours = state.messages.flatMap((m) =>
      m.parts.flatMap((p) =>
        p.kind === "user_text" || p.kind === "assistant_text" ? [[m.role, p.text]] : [],
      ),
    );
    expect(ours).toEqual(sdkOrder);
    expect(sdkOrder).toEqual([
      ["user", STEERING.steer.text],
      ["assistant", STEERING.answer],
      ["user", STEERING.queued.text],
      ["assistant", STEERING.followUp],
    ]);
    // The tool ran in the message before the first steer; nothing is left streaming.
    expect(state.messages[0]?.parts.map((p) => p.kind)).toEqual(["tool_call"]);
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.status === "streaming")).toEqual([]);
  });
});

describe("live ai: data parts, persistent and transient", () => {
  it("TEXT-08 app state holds exactly the data parts readUIMessageStream keeps in the message", async () => {
    const stream = createUIMessageStream({
      execute: ({ writer }) => {
        writer.write({ type: "data-progress", data: { percent: 50 }, transient: true });
        writer.write({ type: "data-weather", id: "w1", data: { city: "Paris", tempC: 21 } });
        writer.write({ type: "text-start", id: "t1" });
        writer.write({ type: "text-delta", id: "t1", delta: "Done." });
        writer.write({ type: "text-end", id: "t1" });
        writer.write({ type: "data-progress", data: { percent: 100 }, transient: true });
      },
    });
    const [forSdk, forUs] = stream.tee();
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream: forSdk })) message = m;
    const records: UIMessageChunk[] = [];
    const reader = forUs.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) records.push(next.value);
    const kept = (message?.parts ?? []).filter((p) => p.type.startsWith("data-")) as {
      type: string;
      id?: string;
      data: unknown;
    }[];
    const state = projectEvents(adaptRecords(records, "auto").events);
    const appData = (state.appState as { aiSdkData?: Record<string, unknown> }).aiSdkData ?? {};
    expect(Object.keys(appData)).toEqual(
      kept.map((p) => (p.id !== undefined ? `${p.type.slice(5)}:${p.id}` : p.type.slice(5))),
    );
    for (const p of kept) expect(appData[`${p.type.slice(5)}:${p.id}`]).toEqual(p.data);
  });
});
