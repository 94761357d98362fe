import { describe, expect, it } from "vitest";
import {
  createProjector,
  projectEvents,
  selectInlineProcess,
  selectStatus,
  selectUserMessages,
} from "../src";
import { codes, stream } from "./helpers";

describe("run family", () => {
  it("STAT-01 / AUI-AR-READ-001 a credible status before the first text, with no text part", () => {
    const e = stream({ sessionId: "s", threadId: "th", turnId: "t1", runtimeId: "rt" });
    const state = projectEvents([e("run.started", { phase: "accepted" })]);
    expect(state.runtime.status).toBe("accepted");
    expect(state.runtime).toMatchObject({ sessionId: "s", threadId: "th", turnId: "t1", runtimeId: "rt" });
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "assistant_text")).toHaveLength(0);
  });

  it("STAT-01 submitted phase shows submitted", () => {
    const e = stream({ turnId: "t1" });
    expect(projectEvents([e("run.started", { phase: "submitted" })]).runtime.status).toBe("submitted");
  });

  it("STAT-03/04 run.status maps to the status row with attention levels", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("run.started"));
    p.apply(e("run.status", { payload: { status: "routing", label: "routing" } }));
    expect(selectStatus(p.getState())).toMatchObject({
      status: "routing",
      attention: "low",
      label: "routing",
    });
    p.apply(e("run.status", { payload: { status: "action_required" } }));
    expect(p.getState().runtime.attention).toBe("high");
    p.apply(e("run.status", { payload: { status: "retrying", retryCount: 2, reason: "overloaded" } }));
    expect(p.getState().runtime).toMatchObject({
      status: "retrying",
      attention: "medium",
      retry: { count: 2, reason: "overloaded" },
    });
  });

  it("STAT-03 an unknown status word is `unknown` with a diagnostic, never a guess", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("run.status", { payload: { status: "vibing" } })]);
    expect(state.runtime.status).toBe("unknown");
    expect(codes(state)).toContain("unknown_taxonomy_value");
  });

  it("STAT-07 run.finished is terminal: later run.status does not reopen the turn", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("run.finished", { payload: { outcome: "success" } }),
      e("run.status", { payload: { status: "streaming" } }),
    ]);
    expect(state.runtime.status).toBe("completed");
    expect(codes(state)).toContain("execution_after_turn_terminal");
  });

  it("STAT-07 / AUI-AR-READ-005 run.failed shows failure in status and timeline and adds no answer text", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.started"),
      e("reasoning.delta", { payload: { delta: "..." } }),
      e("run.failed", { payload: { category: "provider_error", message: "upstream 500", retryable: true } }),
    ]);
    expect(state.runtime).toMatchObject({
      status: "failed",
      attention: "high",
      failure: { category: "provider_error", retryable: true },
    });
    expect(state.timeline.find((t) => t.id === "run:t1")).toMatchObject({ kind: "error", status: "failed" });
    const parts = state.messages[0].parts;
    expect(parts.some((p) => p.kind === "assistant_text")).toBe(false);
    expect(parts.find((p) => p.kind === "error")?.title).toBe("provider_error");
  });

  it("PROC-02/03 process expanded while running, collapsed and archived when the run ends", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("run.started"),
      e("reasoning.delta", { payload: { delta: "thinking" } }),
      e("tool.started", { toolCallId: "c1", payload: { name: "grep" } }),
    ]);
    expect(selectInlineProcess(p.getState()).map((i) => i.expanded)).toEqual([true, true]);
    p.applyAll([
      e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }),
      e("run.finished", { payload: { outcome: "success" } }),
    ]);
    const state = p.getState();
    expect(selectInlineProcess(state).every((i) => !i.expanded && i.part.status === "done")).toBe(true);
    expect(state.timeline.map((t) => t.kind)).toEqual(
      expect.arrayContaining(["reasoning", "tool", "status"]),
    );
    expect(state.timeline.find((t) => t.kind === "reasoning")?.status).toBe("completed");
  });

  it("TOOL-01 a cancelled run closes its open tool as cancelled, an ended run as unknown (never running)", () => {
    const a = stream({ turnId: "t1" });
    const cancelled = projectEvents([
      a("tool.started", { toolCallId: "c1" }),
      a("run.finished", { payload: { outcome: "cancelled" } }),
    ]);
    expect(cancelled.tools.c1.status).toBe("cancelled");
    expect(cancelled.runtime.status).toBe("cancelled");
    const b = stream({ turnId: "t1" });
    const ended = projectEvents([
      b("tool.started", { toolCallId: "c1" }),
      b("run.finished", { payload: { outcome: "success" } }),
    ]);
    expect(ended.tools.c1.status).toBe("unknown");
    expect(codes(ended)).toContain("tool_unclosed_at_turn_end");
  });

  it("TEXT-09 / ENV-07 an optimistic user message reconciles with the runtime id: exactly one message", () => {
    const p = createProjector();
    p.apply({
      type: "run.started",
      eventId: "local-1",
      payload: { input: "hello", clientMessageId: "client-1" },
    });
    expect(p.getState().messages[0]).toMatchObject({ id: "client-1", role: "user", optimistic: true });
    p.apply({
      type: "run.started",
      eventId: "rt-1",
      sequence: 1,
      turnId: "t1",
      payload: { input: "hello", clientMessageId: "client-1", userMessageId: "u-1" },
    });
    const users = selectUserMessages(p.getState().messages);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: "u-1", turnId: "t1" });
    expect(users[0].optimistic).toBeUndefined();
    expect(users[0].parts[0]).toMatchObject({ kind: "user_text", text: "hello" });
  });

  it("ORD-07 a repeated run.started for the same turn keeps one user message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("run.started", { payload: { input: "q" } }),
    ]);
    expect(state.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("ROUTE-01 routing facts fill the model chip; ROUTE-02 limits stay out of prose", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("run.status", {
        payload: {
          status: "routing",
          routing: {
            selectedModel: "gpt-5.4",
            decisionSource: "explicit_default",
            candidateCount: 1,
            singleCandidate: true,
          },
        },
      }),
      e("diagnostic.changed", {
        payload: {
          code: "runtime_info",
          severity: "warning",
          message: "rate limited",
          limit: { kind: "rate_limit", status: "rate_limited", retryAfterMs: 100 },
        },
      }),
    ]);
    expect(state.runtime.model).toMatchObject({
      selected: "gpt-5.4",
      decisionSource: "explicit_default",
      candidateCount: 1,
      singleCandidate: true,
    });
    expect(state.runtime.limits).toMatchObject({ status: "rate_limited", rateLimit: { retryAfterMs: 100 } });
    expect(state.messages).toHaveLength(0);
  });
});

describe("run status follows the active part (D.4)", () => {
  it("STAT-03 tool_running while a tool of the turn is open, streaming after it closes", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([e("run.started"), e("tool.started", { toolCallId: "c1", payload: { name: "x" } })]);
    expect(p.getState().runtime).toMatchObject({ status: "tool_running", attention: "medium" });
    p.apply(e("tool.result", { toolCallId: "c1", payload: { output: "ok" } }));
    expect(p.getState().runtime.status).toBe("streaming");
  });

  it("STAT-04 an attention state is not overwritten by tool activity", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("run.status", { payload: { status: "blocked", reason: "quota" } }),
      e("tool.started", { toolCallId: "c1" }),
    ]);
    expect(state.runtime).toMatchObject({ status: "blocked", reason: "quota" });
  });

  it("SEC-01 a credential pasted into the user's input is redacted before it enters state", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "use key sk-abcdefghijklmnopqrstuv12 please" } }),
    ]);
    expect(JSON.stringify(state)).not.toContain("sk-abcdefghijklmnopqrstuv12");
    expect(state.messages[0].parts[0].text).toContain("use key [redacted:");
  });

  it("STAT-02 a run's start time is its own: a next run without a timestamp clears the previous one", () => {
    const e = stream({ sessionId: "s" });
    const p = createProjector();
    p.apply(e("run.started", { turnId: "t1", timestamp: "2026-01-01T10:00:00Z" }));
    p.apply(e("run.finished", { turnId: "t1", payload: { outcome: "success" } }));
    expect(p.getState().runtime.startedAt).toBe("2026-01-01T10:00:00Z");
    p.apply(e("run.started", { turnId: "t2" }));
    expect(p.getState().runtime.startedAt).toBeUndefined();
  });
});
