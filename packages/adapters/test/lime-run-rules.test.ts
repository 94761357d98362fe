import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { LIME_IDS, limeReader } from "./lime-support";

// Session, turn/run, model text, reasoning, routing, cost/limit and runtime diagnostics of the Lime
// profile: one runtime record in, the exact Agent UI events out (fields the builders set, exact values).

const IDS = LIME_IDS;

const { adapt, first } = limeReader(IDS);

const summary = (events: AgentUiEvent[]) =>
  events.map((e) => [e.type, (e.payload as { code?: string }).code ?? ""]);

describe("lime session and turn facts", () => {
  it("ENV-03 session.* and thread.* carry status, title, workspace and the safe details", () => {
    expect(
      first(
        "session.created",
        { title: "Plan", apiKey: "sk-live-abcdefghijklmnop" },
        { status: "active", workspaceId: "w0" },
      ).payload,
    ).toEqual({
      status: "active",
      title: "Plan",
      workspaceId: "w0",
      details: { title: "Plan", apiKey: "[redacted:api_key]" },
    });
    expect(first("thread.updated", { name: "Named", state: "idle", workspace_id: "w2" }).payload).toEqual({
      status: "idle",
      title: "Named",
      workspaceId: "w2",
      details: { name: "Named", state: "idle", workspace_id: "w2" },
    });
    expect(
      first("session.updated", { workspaceId: "w1", status: "archived" }, { status: "active" }).payload,
    ).toEqual({
      status: "archived",
      workspaceId: "w1",
      details: { workspaceId: "w1", status: "archived" },
    });
    expect(first("thread.started").payload).toEqual({});
  });

  it("STAT-07 turn.submitted: run.started with the literal input and ids, then the accepted status", () => {
    const events = adapt("turn.submitted", {
      input: "Summarize the report",
      userMessageId: "um-1",
      client_message_id: "cm-1",
      inputRef: "input://1",
      contextRefs: ["ctx-a", 7, "ctx-b"],
    });
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.status"]);
    expect(events[0]).toMatchObject({ phase: "submitted", runtimeEntity: "agent_turn" });
    expect(events[0].payload).toEqual({
      input: "Summarize the report",
      userMessageId: "um-1",
      clientMessageId: "cm-1",
      inputRef: "input://1",
      contextRefs: ["ctx-a", "ctx-b"],
    });
    expect(events[1]).toMatchObject({ phase: "submitted", runtimeStatus: "submitted" });
    expect(events[1].payload).toEqual({ status: "submitted", label: "submitted" });
  });

  it.each([
    [{ text: "from text" }, { input: "from text" }],
    [{ prompt: "from prompt" }, { input: "from prompt" }],
    [
      { user_message_id: "um", clientMessageId: "cm" },
      { userMessageId: "um", clientMessageId: "cm" },
    ],
    [
      { input_ref: "ref://x", context_refs: ["c"] },
      { inputRef: "ref://x", contextRefs: ["c"] },
    ],
    [{ contextRefs: [1, 2] }, {}],
  ])("COMP-02 turn.submitted reads %j as %j", (payload, expected) => {
    expect(first("turn.submitted", payload).payload).toEqual(expected);
  });

  it("ENV-06 turn.submitted keeps a stated runtime entity", () => {
    expect(first("turn.submitted", {}, { runtimeEntity: "subagent_turn" }).runtimeEntity).toBe(
      "subagent_turn",
    );
  });

  it.each([
    ["accepted", "accepted", "accepted"],
    ["queued", "queued", "queued"],
    ["pending", "submitted", "submitted"],
    ["running", "submitted", "submitted"],
  ])("STAT-07 turn.submitted with payload status %s is %s", (own, status, phase) => {
    const [, accepted] = adapt("turn.submitted", { status: own }, { nativeStatus: "n-1" });
    expect(accepted).toMatchObject({ type: "run.status", phase, runtimeStatus: status });
    expect(accepted.payload).toEqual({ status, label: status, nativeStatus: "n-1" });
  });

  it("STAT-07 turn.started is preparing with the running label, never streaming", () => {
    const [event] = adapt("turn.started", {});
    expect(event).toMatchObject({ type: "run.status", phase: "preparing" });
    expect(event.payload).toEqual({ status: "preparing", label: "running" });
  });

  it.each([
    // [envelope status, payload, type, phase, latestTurnStatus, outcome]
    [undefined, {}, "run.finished", "completed", "completed", "success"],
    ["completed", {}, "run.finished", "completed", "completed", "success"],
    ["cancelled", {}, "run.finished", "cancelled", "cancelled", "cancelled"],
    [undefined, { status: "canceled" }, "run.finished", "cancelled", "cancelled", "cancelled"],
    [undefined, { outcome: "aborted" }, "run.finished", "cancelled", "cancelled", "cancelled"],
    [undefined, { outcome: "interrupted" }, "run.finished", "interrupted", undefined, "interrupted"],
    [
      undefined,
      { status: "ok", outcome: "cancelled" },
      "run.finished",
      "cancelled",
      "cancelled",
      "cancelled",
    ],
  ])(
    "STAT-* turn.completed status %s / %j ends the run as %s (%s)",
    (status, payload, type, phase, latest, outcome) => {
      const events = adapt("turn.completed", payload, status === undefined ? {} : { status });
      expect(events).toHaveLength(1);
      expect(events[0].type).toBe(type);
      expect(events[0].phase).toBe(phase);
      expect(events[0].latestTurnStatus).toBe(latest);
      expect(events[0].payload).toEqual({ outcome });
    },
  );

  it.each([["failed"], ["error"], ["timed_out"]])(
    "STAT-* turn.completed with status %s is a run.failed, never a success",
    (word) => {
      const events = adapt("turn.completed", { status: word, message: "provider down" });
      expect(events.map((e) => e.type)).toEqual(["run.failed"]);
      expect(events[0]).toMatchObject({ phase: "failed", latestTurnStatus: "failed" });
      expect(events[0].payload).toEqual({ message: "provider down" });
    },
  );

  it("STAT-* a cancelled turn carries the stated reason", () => {
    expect(first("turn.cancelled", { reason: "user stop" }).payload).toEqual({
      outcome: "cancelled",
      reason: "user stop",
    });
    expect(first("turn.interrupted", {}, { statusReason: "host restart" })).toMatchObject({
      phase: "interrupted",
      payload: { outcome: "interrupted", reason: "host restart" },
    });
    expect(first("turn.interrupted").latestTurnStatus).toBeUndefined();
  });

  it.each([
    [
      { failureCategory: "provider", message: "boom", retryable: true },
      { category: "provider", message: "boom", retryable: true },
    ],
    [
      { category: "quota", error: "over quota" },
      { category: "quota", message: "over quota" },
    ],
    [
      { code: "E42", reason: "bad input" },
      { category: "E42", message: "bad input" },
    ],
    [{ detail: "detail text" }, { message: "detail text" }],
    [
      { summary: "summary text", retryable: false },
      { message: "summary text", retryable: false },
    ],
  ])("DIAG-03 turn.failed reads %j", (payload, expected) => {
    const event = first("turn.failed", payload);
    expect(event).toMatchObject({ type: "run.failed", phase: "failed", latestTurnStatus: "failed" });
    expect(event.payload).toEqual(expected);
  });

  it("DIAG-03 a failure message falls back to statusReason and is cut at 500 characters", () => {
    expect(first("turn.failed", {}, { statusReason: "host lost" }).payload).toEqual({ message: "host lost" });
    const long = "x".repeat(600);
    expect(first("turn.failed", { message: long }).payload).toEqual({ message: `${"x".repeat(500)}…` });
  });
});

describe("lime run.status crosswalk (§D.4)", () => {
  it.each([
    ["running", "preparing", "preparing"],
    ["started", "preparing", "preparing"],
    ["pending", "submitted", "submitted"],
    ["needs_input", "action_required", "waiting"],
    ["waiting_input", "action_required", "waiting"],
    ["waiting_permission", "action_required", "waiting"],
    ["waiting_resource", "blocked", "waiting"],
    ["stale", "unknown", undefined],
    ["canceled", "cancelled", "cancelled"],
    ["aborted", "cancelled", "cancelled"],
    ["timed_out", "failed", "failed"],
    ["error", "failed", "failed"],
    ["success", "completed", "completed"],
    ["succeeded", "completed", "completed"],
    ["submitted", "submitted", "submitted"],
    ["accepted", "accepted", "accepted"],
    ["queued", "queued", "queued"],
    ["routing", "routing", "routing"],
    ["preparing", "preparing", "preparing"],
    ["waiting_provider", "waiting_provider", "preparing"],
    ["streaming", "streaming", "producing"],
    ["tool_running", "tool_running", "acting"],
    ["waiting", "waiting", "waiting"],
    ["action_required", "action_required", "waiting"],
    ["blocked", "blocked", "waiting"],
    ["retrying", "retrying", "acting"],
    ["failed", "failed", "failed"],
    ["completed", "completed", "completed"],
    ["cancelled", "cancelled", "cancelled"],
    ["interrupted", "interrupted", "interrupted"],
    ["idle", "idle", undefined],
  ])("STAT-08 run.status %s → status %s, phase %s", (word, status, phase) => {
    const [event] = adapt("run.status", { status: word });
    expect(event.type).toBe("run.status");
    expect(event.phase).toBe(phase);
    expect(event.runtimeStatus).toBe(word);
    expect(event.payload).toEqual({ status });
  });

  it("STAT-08 the envelope status names the runtime status; the payload's word is mapped", () => {
    const [event] = adapt("run.status", { state: "success" }, { status: "completed" });
    expect(event.runtimeStatus).toBe("completed");
    expect(event.payload).toEqual({ status: "completed" });
    expect(first("run.status", {}, { status: "queued" }).payload).toEqual({ status: "queued" });
    expect(first("run.status", {}, { phase: "routing" }).payload).toEqual({ status: "routing" });
  });

  it("STAT-05 run.status label, reason, model, retry count and native status", () => {
    expect(
      first(
        "run.status",
        {
          status: "retrying",
          label: "second try",
          reason: "overloaded",
          model: "m-1",
          retryCount: 2,
        },
        { nativeStatus: "RETRY" },
      ).payload,
    ).toEqual({
      status: "retrying",
      label: "second try",
      reason: "overloaded",
      model: "m-1",
      retryCount: 2,
      nativeStatus: "RETRY",
    });
    expect(
      first("run.status", { status: "routing", title: "picking", selectedModel: "m-2", attempt: 3 }).payload,
    ).toEqual({ status: "routing", label: "picking", model: "m-2", retryCount: 3 });
    expect(first("run.status", { status: "routing", stage: "stage-1", retry_count: 1 }).payload).toEqual({
      status: "routing",
      label: "stage-1",
      retryCount: 1,
    });
  });

  it.each([
    [{ statusReason: "a" }, "a"],
    [{ failureCategory: "quota" }, "quota"],
    [{ blockedReason: "limit" }, "limit"],
    [{ message: "m" }, "m"],
  ])("STAT-05 run.status reason from %j", (payload, reason) => {
    expect(first("run.status", { status: "blocked", ...payload }).payload).toEqual({
      status: "blocked",
      reason,
    });
  });

  it("STAT-05 a run.status reason is cut at 300 characters", () => {
    expect(first("run.status", { status: "blocked", reason: "r".repeat(400) }).payload).toEqual({
      status: "blocked",
      reason: `${"r".repeat(300)}…`,
    });
  });

  it("FALL-02 a run.status with no status word is reported, never guessed", () => {
    const events = adapt("run.status", { label: "?" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "diagnostic.changed", eventId: "lime:e1:diagnostic.changed" });
    expect(events[0].payload).toMatchObject({
      code: "unsupported_source_event",
      severity: "warning",
      message: "lime record #0: run.status lacks the payload fields its mapping needs",
    });
    expect(adapt("run.status", { status: "bogus" })[0].payload).toMatchObject({
      code: "unsupported_source_event",
    });
  });

  it("STAT-01 model.requested waits for the provider", () => {
    const [event] = adapt("model.requested", { model: "m-1" });
    expect(event).toMatchObject({ type: "run.status", phase: "preparing" });
    expect(event.payload).toEqual({ status: "waiting_provider", label: "waiting for model", model: "m-1" });
  });
});

describe("lime model text and reasoning", () => {
  it.each([
    [{ delta: "a" }, "a"],
    [{ text: "b" }, "b"],
    [{ content: "c" }, "c"],
    [{ textDelta: "d" }, "d"],
    [{ deltas: ["x", { delta: "y" }, { text: "z" }, { other: 1 }, ""] }, "xyz"],
    [{ batch: ["b1", "b2"] }, "b1b2"],
    [{ items: [{ text: "i" }] }, "i"],
  ])("TEXT-13 model.delta %j appends %s to the turn's answer", (payload, delta) => {
    const [event] = adapt("model.delta", payload);
    expect(event).toMatchObject({ type: "text.delta", phase: "producing", messageId: "u:assistant" });
    expect(event.partId).toBeUndefined();
    expect(event.payload).toEqual({ delta, role: "assistant" });
  });

  it.each([[{}], [{ deltas: [] }], [{ deltas: [{ other: 1 }, ""] }], [{ deltas: "not a list" }]])(
    "FALL-02 model.delta %j without text is reported, not an empty answer",
    (payload) => {
      const events = adapt("model.delta", payload);
      expect(events.map((e) => e.type)).toEqual(["diagnostic.changed"]);
      expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
    },
  );

  it("TEXT-13 the message and part ids: payload first (either spelling), then the envelope, then the turn", () => {
    expect(first("model.delta", { delta: "a", messageId: "m1", partId: "p1" })).toMatchObject({
      messageId: "m1",
      partId: "p1",
    });
    expect(first("model.delta", { delta: "a", message_id: "m2", part_id: "p2" })).toMatchObject({
      messageId: "m2",
      partId: "p2",
    });
    expect(first("model.delta", { delta: "a" }, { messageId: "m3", partId: "p3" })).toMatchObject({
      messageId: "m3",
      partId: "p3",
    });
    const noTurn = limeAdapter
      .create()
      .push(
        { type: "model.delta", eventId: "e", runtimeId: "rt", sessionId: "s", payload: { delta: "a" } },
        0,
      )[0];
    expect(noTurn.messageId).toBeUndefined();
  });

  it.each([
    [{ text: "t" }, "t"],
    [{ content: "c" }, "c"],
    [{ finalText: "f" }, "f"],
    [{ final_text: "g" }, "g"],
    [{ outputText: "o" }, "o"],
  ])("TEXT-04 model.completed %j reconciles the answer with %s", (payload, text) => {
    const events = adapt("model.completed", payload);
    expect(events.map((e) => e.type)).toEqual(["text.final"]);
    expect(events[0]).toMatchObject({ phase: "producing", messageId: "u:assistant" });
    expect(events[0].payload).toEqual({ text });
  });

  it.each([
    [{ text: "t", outputTokens: 12 }, 12],
    [{ text: "t", output_tokens: 13 }, 13],
    [{ text: "t", usage: { outputTokens: 14 } }, 14],
    [{ text: "t", usage: { output_tokens: 15 } }, 15],
    [{ text: "t", usage: { completionTokens: 16 } }, 16],
  ])("DIAG-01 model.completed usage %j is a token metric, never text", (payload, value) => {
    const events = adapt("model.completed", payload);
    expect(events.map((e) => e.type)).toEqual(["text.final", "metric.changed"]);
    expect(events[1]).toMatchObject({ metricName: "model.output_tokens", eventId: "e1#metric.changed" });
    expect(events[1].payload).toEqual({ value, unit: "tokens" });
  });

  it("TEXT-04 model.completed with usage but no text is only the metric", () => {
    const events = adapt("model.completed", { usage: { outputTokens: 3 } });
    expect(events.map((e) => e.type)).toEqual(["metric.changed"]);
    expect(events[0].eventId).toBe("e1");
  });

  it.each([
    [{ delta: "think" }, { delta: "think", visibility: "summary" }],
    [
      { text: "deep", visibility: "detail" },
      { delta: "deep", visibility: "detail" },
    ],
    [
      { delta: "x", visibility: "raw" },
      { delta: "x", visibility: "summary" },
    ],
  ])("TEXT-06 reasoning.delta %j is process content %j", (payload, expected) => {
    const [event] = adapt("reasoning.delta", payload);
    expect(event).toMatchObject({ type: "reasoning.delta", phase: "reasoning", messageId: "u:assistant" });
    expect(event.payload).toEqual(expected);
  });

  it("TEXT-06 reasoning.delta without text is reported", () => {
    expect(adapt("reasoning.delta", {})[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("ORD-01 reasoning.started opens the reasoning part with an empty delta", () => {
    expect(first("reasoning.started", {})).toMatchObject({
      type: "reasoning.delta",
      phase: "reasoning",
      messageId: "u:assistant",
      payload: { delta: "", visibility: "summary" },
    });
    expect(first("reasoning.started", { visibility: "detail" }).payload).toEqual({
      delta: "",
      visibility: "detail",
    });
  });

  it.each([
    ["reasoning.summary", { summary: "s" }, "s"],
    ["reasoning.summary", { text: "t" }, "t"],
    ["reasoning.summary", { content: "c" }, "c"],
    ["reasoning.completed", { summary: "done" }, "done"],
  ])("TEXT-06 %s %j is a reasoning summary", (type, payload, text) => {
    const [event] = adapt(type, payload);
    expect(event).toMatchObject({ type: "reasoning.summary", phase: "reasoning", messageId: "u:assistant" });
    expect(event.payload).toEqual({ text });
  });

  it("TEXT-06 a reasoning summary without text is reported", () => {
    expect(adapt("reasoning.summary", {})[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });
});

describe("lime model and runtime failures", () => {
  it("DIAG-03 model.failed is a warning; with retry it is retrying, terminal it fails the run", () => {
    const plain = adapt("model.failed", { message: "429" });
    expect(summary(plain)).toEqual([["diagnostic.changed", "runtime_error"]]);
    expect(plain[0].payload).toEqual({
      code: "runtime_error",
      severity: "warning",
      message: "429",
      summary: { runtimeType: "model.failed", payload: { message: "429" } },
    });
    const retry = adapt("model.failed", { willRetry: true });
    expect(summary(retry)).toEqual([
      ["diagnostic.changed", "runtime_error"],
      ["run.status", ""],
    ]);
    expect(retry[1]).toMatchObject({ phase: "acting", eventId: "e1#run.status" });
    expect(retry[1].payload).toEqual({ status: "retrying", label: "retrying model call" });
    expect(summary(adapt("model.failed", { retrying: true }))).toHaveLength(2);
    expect(summary(adapt("model.failed", { retryable: true }))).toHaveLength(2);
    const fatal = adapt("model.failed", { retryable: true, fatal: true, error: "auth" });
    expect(summary(fatal)).toEqual([
      ["diagnostic.changed", "runtime_error"],
      ["run.failed", ""],
    ]);
    expect(fatal[1].payload).toEqual({ message: "auth", retryable: true });
    expect(summary(adapt("model.failed", { turnTerminal: true }))[1]).toEqual(["run.failed", ""]);
    expect(summary(adapt("model.failed", { terminal: true }))[1]).toEqual(["run.failed", ""]);
    expect(summary(adapt("model.failed", { retryable: true, terminal: false }))[1]).toEqual([
      "run.status",
      "",
    ]);
  });

  it("DIAG-03 runtime.error is an error diagnostic; fatal for the turn it is also run.failed", () => {
    const events = adapt(
      "runtime.error",
      { message: "disk full", terminal: true },
      { schemaVersion: "lime-profile-0.4.0", refs: { logRef: "log://1" }, benchmark: { trial: 1 } },
    );
    expect(summary(events)).toEqual([
      ["diagnostic.changed", "runtime_error"],
      ["run.failed", ""],
    ]);
    expect(events[0].payload).toEqual({
      code: "runtime_error",
      severity: "error",
      message: "disk full",
      summary: {
        runtimeType: "runtime.error",
        schemaVersion: "lime-profile-0.4.0",
        payload: { message: "disk full", terminal: true },
        refs: { logRef: "log://1" },
        benchmark: { trial: 1 },
      },
    });
    expect(summary(adapt("runtime.error", { message: "x" }))).toEqual([
      ["diagnostic.changed", "runtime_error"],
    ]);
  });

  it("DIAG-03 runtime.warning names itself when it has no message; messages are cut at 300", () => {
    expect(first("runtime.warning").payload).toEqual({
      code: "runtime_warning",
      severity: "warning",
      message: "runtime.warning",
      summary: { runtimeType: "runtime.warning" },
    });
    expect(
      (first("runtime.warning", { message: "w".repeat(400) }).payload as { message: string }).message,
    ).toBe(`${"w".repeat(300)}…`);
    expect(first("transport.error", { error: "socket closed" }).payload).toMatchObject({
      code: "transport_unavailable",
      severity: "warning",
      message: "socket closed",
    });
  });
});

describe("lime routing facts (ROUTE-01, ROUTE-04)", () => {
  it("ROUTE-01 routing.single_candidate explains the single model as a runtime fact", () => {
    const events = adapt("routing.single_candidate", {
      selected_model: "m-1",
      provider: "p",
      candidate_count: 1,
      decision_source: "policy",
      decision_reason: "only one allowed",
      capability_gap: "vision",
      task_kind: "chat",
      profile: "fast",
    });
    expect(summary(events)).toEqual([
      ["run.status", ""],
      ["diagnostic.changed", "runtime_info"],
    ]);
    expect(events[0].phase).toBe("routing");
    expect(events[0].payload).toEqual({
      status: "routing",
      label: "routing.single_candidate",
      model: "m-1",
      routing: {
        selectedModel: "m-1",
        provider: "p",
        candidateCount: 1,
        singleCandidate: true,
        decisionSource: "policy",
        decisionReason: "only one allowed",
        capabilityGap: "vision",
        taskKind: "chat",
        taskProfile: "fast",
      },
    });
    expect(events[1].payload).toMatchObject({ severity: "info", message: "routing.single_candidate" });
  });

  it("ROUTE-04 routing.decided reads the other spellings and states no single candidate unless told", () => {
    const [event] = adapt("routing.decided", {
      model: "m-2",
      selectedProvider: "q",
      singleCandidate: false,
      profileId: "deep",
      reason: "not shown on a decision",
    });
    expect(event.payload).toEqual({
      status: "routing",
      label: "routing.decided",
      model: "m-2",
      routing: { selectedModel: "m-2", provider: "q", singleCandidate: false, taskProfile: "deep" },
    });
    expect(
      (
        first("task.profile.resolved", { taskProfile: "p1", single_candidate: true }).payload as {
          routing: unknown;
        }
      ).routing,
    ).toEqual({
      taskProfile: "p1",
      singleCandidate: true,
    });
  });

  it.each([
    [{ fallbackFrom: "a", reason: "a down" }, "a"],
    [{ fromModel: "b", reason: "b down" }, "b"],
    [{ previousModel: "c", reason: "c down" }, "c"],
  ])("ROUTE-04 routing.fallback.applied %j is retrying with the reason", (payload, from) => {
    const events = adapt("routing.fallback.applied", payload);
    expect(summary(events)).toEqual([
      ["run.status", ""],
      ["diagnostic.changed", "runtime_warning"],
    ]);
    expect(events[0].phase).toBe("acting");
    expect(events[0].payload).toEqual({
      status: "retrying",
      label: "routing.fallback.applied",
      reason: payload.reason,
      routing: { fallbackFrom: from },
    });
  });

  it("TASK-08 routing.not_possible blocks the task and the run with the reason", () => {
    const events = adapt("routing.not_possible", { reason: "no model fits" }, { taskId: "k" });
    expect(summary(events)).toEqual([
      ["task.changed", ""],
      ["run.status", ""],
    ]);
    expect(events[0].payload).toEqual({ status: "blocked", reason: "no model fits" });
    expect(events[1]).toMatchObject({ phase: "waiting", eventId: "e1#run.status" });
    expect(events[1].payload).toEqual({
      status: "blocked",
      label: "routing.not_possible",
      reason: "no model fits",
      routing: {},
    });
  });

  it("ROUTE-03 routing.candidates.resolved keeps the count", () => {
    expect(first("routing.candidates.resolved", { candidateCount: 3 }).payload).toEqual({
      status: "routing",
      label: "routing.candidates.resolved",
      routing: { candidateCount: 3 },
    });
  });
});

describe("lime cost, limits and quota (ROUTE-02)", () => {
  it.each([
    ["cost.recorded", { costUsd: 0.5 }, "cost.recorded", 0.5, "usd"],
    ["cost.recorded", { cost_usd: 0.6, currency: "eur" }, "cost.recorded", 0.6, "eur"],
    ["cost.estimated", { amountUsd: 0.7 }, "cost.estimated", 0.7, "usd"],
    ["cost.estimated", { amount: 0.8, unit: "credits" }, "cost.estimated", 0.8, "credits"],
    ["cost.recorded", { cost: 0.9 }, "cost.recorded", 0.9, "usd"],
    ["cost.estimated", { estimatedCostUsd: 1.1 }, "cost.estimated", 1.1, "usd"],
  ])("ROUTE-02 %s %j is the metric %s", (type, payload, metricName, value, unit) => {
    const events = adapt(type, payload);
    expect(events[0]).toMatchObject({ type: "metric.changed", metricName });
    expect(events[0].payload).toEqual({ value, unit });
    expect(events[1].payload).toEqual({
      code: "runtime_info",
      severity: "info",
      message: type,
      limit: { kind: "cost", status: "ok", ...payload },
      summary: { runtimeType: type, payload },
    });
  });

  it("ROUTE-02 a cost record without an amount is only the limit diagnostic", () => {
    const events = adapt("cost.recorded", { note: "n/a" });
    expect(summary(events)).toEqual([["diagnostic.changed", "runtime_info"]]);
    expect(events[0].eventId).toBe("e1");
  });

  it.each([
    [{}, "ok", "info", false],
    [{ status: "low" }, "low", "warning", false],
    [{ status: "rate_limited" }, "rate_limited", "warning", false],
    [{ status: "blocked" }, "blocked", "warning", true],
    [{ blocked: true }, "blocked", "warning", true],
    [{ status: "exhausted" }, "ok", "info", false],
  ])("ROUTE-02 limit.changed %j is limit status %s (%s)", (payload, status, severity, blocksRun) => {
    const events = adapt("limit.changed", { ...payload, message: "window" });
    expect(events[0].payload).toEqual({
      code: "runtime_info",
      severity,
      message: "window",
      limit: { kind: "limit", ...payload, message: "window", status },
      summary: { runtimeType: "limit.changed", payload: { ...payload, message: "window" } },
    });
    expect(events.map((e) => e.type)).toEqual(
      blocksRun ? ["diagnostic.changed", "run.status"] : ["diagnostic.changed"],
    );
    if (blocksRun) expect(events[1].payload).toEqual({ status: "blocked", reason: "window" });
  });

  it("ROUTE-02 a limit.changed names its own kind; a cost or quota record keeps the class's kind", () => {
    expect((first("limit.changed", { kind: "quota" }).payload as { limit: unknown }).limit).toEqual({
      kind: "quota",
      status: "ok",
    });
    expect(
      (first("quota.low", { kind: "tokens", status: "fine" }).payload as { limit: unknown }).limit,
    ).toEqual({
      kind: "quota",
      status: "low",
    });
  });

  it("ROUTE-02 quota.low warns; quota.blocked blocks task and run", () => {
    expect(first("quota.low", {}).payload).toMatchObject({
      severity: "warning",
      message: "quota.low",
      limit: { kind: "quota", status: "low" },
    });
    const blocked = adapt("quota.blocked", { reason: "monthly cap" }, { taskId: "k" });
    expect(summary(blocked)).toEqual([
      ["task.changed", ""],
      ["run.status", ""],
      ["diagnostic.changed", "runtime_info"],
    ]);
    expect(blocked[0].payload).toEqual({ status: "blocked", reason: "monthly cap" });
    expect(blocked[1].payload).toEqual({ status: "blocked", label: "quota blocked", reason: "monthly cap" });
    expect(blocked[2].payload).toMatchObject({
      severity: "warning",
      limit: { kind: "quota", status: "blocked" },
    });
  });

  it.each([
    [{ retrying: true }, "retrying", "acting"],
    [{ willRetry: true }, "retrying", "acting"],
    [{ retryable: true }, "retrying", "acting"],
    [{ retry_after_ms: 10 }, "retrying", "acting"],
    [{ retryAfter: 5 }, "retrying", "acting"],
    [{}, "waiting", "waiting"],
    [{ retrying: false }, "waiting", "waiting"],
  ])("ROUTE-02 rate_limit.hit %j is %s", (payload, status, phase) => {
    const events = adapt("rate_limit.hit", payload);
    expect(events[0]).toMatchObject({ type: "run.status", phase });
    expect(events[0].payload).toEqual({ status, label: "rate limited" });
    expect(events[1].payload).toMatchObject({
      severity: "warning",
      message: "rate_limit.hit",
      limit: { kind: "rate_limit", status: "rate_limited" },
    });
  });
});

describe("lime field spellings and absent facts (§E-4)", () => {
  it.each([
    ["run.status", { status: "retrying", retry_count: 1, attempt: 9 }, "retryCount", 1],
    ["turn.failed", { failure_category: "tool", category: "other" }, "category", "tool"],
    ["routing.decided", { selected_model: "m-a", model: "m-b" }, "model", "m-a"],
  ])("§E-4 %s: a snake_case field named before a looser one wins (%j)", (type, payload, field, value) => {
    expect((first(type, payload).payload as Record<string, unknown>)[field]).toBe(value);
  });

  it("§E-4 cost_usd wins over a looser amount", () => {
    expect(first("cost.recorded", { cost_usd: 0.6, amountUsd: 9 }).payload).toEqual({
      value: 0.6,
      unit: "usd",
    });
  });

  it("§E-4 the snake twin of a later key is found when earlier keys have none", () => {
    expect(
      (first("routing.fallback.applied", { previous_model: "m-old" }).payload as { routing: unknown })
        .routing,
    ).toEqual({ fallbackFrom: "m-old" });
  });

  it.each([[{ retryable: true, terminal: true }], [{ willRetry: true, turnTerminal: true }]])(
    "DIAG-03 model.failed %j: a retry the runtime declares over for the turn fails the run",
    (payload) => {
      expect(summary(adapt("model.failed", payload))).toEqual([
        ["diagnostic.changed", "runtime_error"],
        ["run.failed", ""],
      ]);
    },
  );

  it("FALL-02 model.delta without text or batch says its mapping lacks fields (no adapter error)", () => {
    expect((first("model.delta", {}).payload as { message: string }).message).toBe(
      "lime record #0: model.delta lacks the payload fields its mapping needs",
    );
  });

  it("DIAG-01 facts a record does not carry are absent from a diagnostic summary, not undefined keys", () => {
    const bare = first("runtime.warning").payload as { summary: Record<string, unknown> };
    expect(Object.keys(bare.summary)).toEqual(["runtimeType"]);
    const full = first(
      "runtime.warning",
      { message: "m" },
      { schemaVersion: "lime-profile-0.4.0", refs: { r: "x" }, benchmark: { b: 1 } },
    ).payload as { summary: Record<string, unknown> };
    expect(Object.keys(full.summary)).toEqual([
      "runtimeType",
      "schemaVersion",
      "payload",
      "refs",
      "benchmark",
    ]);
  });
});

describe("lime routing facts in camelCase (ROUTE-04)", () => {
  it("ROUTE-04 decision reason, capability gap and task kind named in camelCase", () => {
    expect(
      (
        first("routing.decided", { decisionReason: "cheapest", capabilityGap: "tools", taskKind: "code" })
          .payload as {
          routing: unknown;
        }
      ).routing,
    ).toEqual({ decisionReason: "cheapest", capabilityGap: "tools", taskKind: "code" });
  });
});
