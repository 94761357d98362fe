import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { limeReader } from "./lime-support";
import type { KeptDetail } from "../src/shared/details";

// Tool calls, processes (commands the runtime runs) and output storage facts of the Lime profile: one
// runtime record in, the exact tool events out.

const IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u", stepId: "st", toolCallId: "c1" };

const { adapt, first } = limeReader(IDS);

/** Ids of a process record: no toolCallId, the runtime's process id instead. */
const PROCESS_IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u", processId: "p1" };
const proc = (type: string, payload: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  adapt(type, payload, extra, PROCESS_IDS);

describe("lime tool lifecycle (TOOL-01, TOOL-11)", () => {
  it.each([
    [
      { toolName: "read_file", kind: "file", safeArgs: { path: "a.md" }, policy: "auto" },
      "read_file",
      { path: "a.md" },
    ],
    [{ tool_name: "grep", toolKind: "search", args: { q: "x" } }, "grep", { q: "x" }],
    [{ name: "fetch", input: "https://example.com" }, "fetch", "https://example.com"],
    [{ name: "calc", arguments: { a: 1 } }, "calc", { a: 1 }],
  ])("TOOL-01 tool.started %j is a running tool row with its safe input", (payload, name, input) => {
    const [event] = adapt("tool.started", payload);
    expect(event).toMatchObject({ type: "tool.started", phase: "acting", toolCallId: "c1", stepId: "st" });
    const expected: Record<string, unknown> = {
      name,
      input,
      inputSummary: typeof input === "string" ? input : JSON.stringify(input),
    };
    const p = payload as Record<string, unknown>;
    if (p.kind ?? p.toolKind) expected.kind = p.kind ?? p.toolKind;
    if (p.policy) expected.policy = p.policy;
    expect(event.payload).toEqual(expected);
  });

  it("TOOL-03 safeArgs win over raw args, and secrets never reach the row", () => {
    const [event] = adapt("tool.started", {
      toolName: "deploy",
      safeArgs: { target: "prod" },
      args: { target: "prod", token: "ghp_abcdefghijklmnopqrstuvwxyz0123456789" },
    });
    expect(event.payload).toEqual({
      name: "deploy",
      input: { target: "prod" },
      inputSummary: '{"target":"prod"}',
    });
    const [raw] = adapt("tool.started", { toolName: "deploy", args: { password: "hunter2-secret" } });
    expect(JSON.stringify(raw)).not.toContain("hunter2-secret");
  });

  it("TOOL-01 tool.started without input states none", () => {
    expect(first("tool.started", { toolName: "ls" }).payload).toEqual({ name: "ls" });
  });

  it.each([
    [{ argsDelta: '{"pa' }, { argsDelta: '{"pa' }],
    [{ args_delta: "th" }, { argsDelta: "th" }],
    [
      { delta: '"}', done: true },
      { argsDelta: '"}', complete: true },
    ],
    [
      { args: { path: "b" }, complete: false },
      { input: { path: "b" }, complete: false },
    ],
    [
      { argsDelta: '{"apiKey": "sk-abcdefghijklmnopqrstuvwx"' },
      { argsDelta: '{"apiKey": "[redacted:secret]"' },
    ],
  ])("TOOL-01 tool.args %j streams the input", (payload, expected) => {
    const [event] = adapt("tool.args", payload);
    expect(event).toMatchObject({ type: "tool.args", phase: "acting" });
    expect(event.payload).toEqual(expected);
  });

  it("FALL-02 tool.args with neither a delta nor an input is reported", () => {
    expect(adapt("tool.args", { complete: true })[0].payload).toMatchObject({
      code: "unsupported_source_event",
    });
  });

  it.each([
    [
      { message: "50%", ratio: 0.5 },
      { message: "50%", ratio: 0.5 },
    ],
    [
      { status: "indexing", progress: 0.25 },
      { message: "indexing", ratio: 0.25 },
    ],
    [{ label: "step 2" }, { message: "step 2" }],
    [{}, {}],
  ])("TOOL-08 tool.progress %j updates the row, not the answer", (payload, expected) => {
    const [event] = adapt("tool.progress", payload);
    expect(event).toMatchObject({ type: "tool.progress", phase: "acting" });
    expect(event.payload).toEqual(expected);
  });

  it("TOOL-02 tool.result keeps output, preview, ref, bytes, links and exit code", () => {
    const [event] = adapt("tool.result", {
      output: "done",
      outputPreview: "do…",
      outputRef: "out://1",
      outputBytes: 4,
      artifactIds: ["a1", 2],
      evidenceIds: ["ev1"],
      exitCode: 0,
    });
    expect(event).toMatchObject({ type: "tool.result", phase: "acting" });
    expect(event.payload).toEqual({
      output: "done",
      outputPreview: "do…",
      outputRef: "out://1",
      outputBytes: 4,
      artifactIds: ["a1"],
      evidenceIds: ["ev1"],
      exitCode: 0,
    });
  });

  it.each([
    [{ result: { rows: 2 } }, { output: { rows: 2 }, outputPreview: '{"rows":2}' }],
    [{ safeOutput: "ok" }, { output: "ok", outputPreview: "ok" }],
    [
      { output: "x", preview: "p", bytes: 9, exit_code: 2 },
      { output: "x", outputPreview: "p", outputBytes: 9, exitCode: 2 },
    ],
    [
      { output_preview: "pv", output_bytes: 3 },
      { outputPreview: "pv", outputBytes: 3 },
    ],
    [
      { artifactRefs: ["r1"], evidenceRefs: ["e1"] },
      { artifactIds: ["r1"], evidenceIds: ["e1"] },
    ],
    [{ output_ref: "out://2" }, { outputRef: "out://2" }],
    [{}, {}],
  ])("TOOL-02 tool.result %j", (payload, expected) => {
    expect(first("tool.result", payload).payload).toEqual(expected);
  });

  it("TOOL-02 the output ref comes from the envelope, the payload or the refs, in that order", () => {
    expect(first("tool.result", { outputRef: "out://p" }, { outputRef: "out://env" }).payload).toEqual({
      outputRef: "out://env",
    });
    expect(first("tool.result", {}, { refs: { outputRef: "out://refs" } }).payload).toEqual({
      outputRef: "out://refs",
    });
  });

  it("TOOL-02 a body sent beside its ref is kept under that ref, redacted", () => {
    const kept: KeptDetail[] = [];
    const adapter = limeAdapter.create({ keepDetail: (d) => kept.push(d) });
    adapter.push(
      {
        type: "tool.result",
        eventId: "r",
        ...IDS,
        payload: { output: { token: "abc-secret-value" }, outputRef: "out://9" },
      },
      0,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ ref: "out://9", mediaType: "application/json" });
    expect(kept[0].body).not.toContain("abc-secret-value");
    adapter.push({ type: "tool.result", eventId: "r2", ...IDS, payload: { output: "plain" } }, 1);
    adapter.push({ type: "tool.result", eventId: "r3", ...IDS, payload: { outputRef: "out://only" } }, 2);
    adapter.push(
      {
        type: "tool.result",
        eventId: "r4",
        ...IDS,
        payload: {
          output: { ref: "detail://x", preview: "p", bytes: 9, offloaded: true },
          outputRef: "out://off",
        },
      },
      3,
    );
    expect(kept).toHaveLength(1);
  });

  it.each([
    [
      { error: "ENOENT", failureCategory: "io", retryable: true, exitCode: 1 },
      { error: "ENOENT", category: "io", retryable: true, exitCode: 1 },
    ],
    [
      { message: "denied by policy", denied: true, category: "policy" },
      { error: "denied by policy", denied: true, category: "policy" },
    ],
    [
      { reason: "stopped", cancelled: true, exit_code: 130 },
      { error: "stopped", cancelled: true, exitCode: 130 },
    ],
    [{ failure_category: "net" }, { category: "net" }],
  ])("TOOL-13 tool.failed %j is a recoverable failure row", (payload, expected) => {
    const [event] = adapt("tool.failed", payload);
    expect(event).toMatchObject({ type: "tool.failed", phase: "failed" });
    expect(event.payload).toEqual(expected);
  });

  it.each([
    [
      { tools: ["read_file", { name: "grep" }, { toolName: "ls" }, { other: 1 }] },
      ["read_file", "grep", "ls"],
      { count: 3 },
    ],
    [{ catalog: ["a"], source: "mcp" }, ["a"], { count: 1, source: "mcp" }],
    [{ toolNames: ["a", "b"], count: 10 }, ["a", "b"], { count: 10 }],
    [{ toolCount: 4 }, [], { count: 4 }],
    [{ tools: "nope" }, [], { count: 0 }],
  ])("CTX-04 tool.catalog.resolved %j lists tool names only", (payload, names, catalog) => {
    const [event] = adapt("tool.catalog.resolved", payload);
    expect(event.type).toBe("context.changed");
    expect(event.payload).toEqual({
      refs: names.map((name) => ({ id: name, label: name, kind: "tool" })),
      catalog,
    });
  });
});

describe("lime processes (TOOL-12)", () => {
  it("TOOL-12 process.started is a command row keyed by the process id", () => {
    const [event] = proc("process.started", { command: "npm test" });
    expect(event).toMatchObject({ type: "tool.started", toolCallId: "p1", processId: "p1", phase: "acting" });
    expect(event.payload).toEqual({ kind: "command", name: "npm test", inputSummary: "npm test" });
    expect(proc("process.started", { cmd: "ls", toolName: "shell", args: ["-la"] })[0].payload).toEqual({
      kind: "command",
      name: "shell",
      input: ["-la"],
      inputSummary: '["-la"]',
    });
    expect(proc("process.started", {})[0].payload).toEqual({ kind: "command", name: "process" });
  });

  it("TOOL-12 a process inside a tool call keeps the tool call id", () => {
    const [event] = adapt("process.started", { command: "ls" }, { processId: "p9" });
    expect(event).toMatchObject({ toolCallId: "c1", processId: "p9" });
  });

  it.each([
    [
      { delta: "line\n", stream: "stdout" },
      { delta: "line\n", channel: "stdout" },
    ],
    [
      { output: "o", channel: "stderr" },
      { delta: "o", channel: "stderr" },
    ],
    [{ text: "t" }, { delta: "t" }],
    [{ chunk: "password=hunter2secret" }, { delta: "password=[redacted:assigned_secret]" }],
  ])("TOOL-12 process.output %j is an output delta", (payload, expected) => {
    const events = proc("process.output", payload);
    expect(events.map((e) => e.type)).toEqual(["tool.output.delta"]);
    expect(events[0].toolCallId).toBe("p1");
    expect(events[0].payload).toEqual(expected);
  });

  it("TOOL-12 process.output without text is only the stored-output ref", () => {
    const events = proc("process.output", { outputRef: "out://p" });
    expect(events.map((e) => e.type)).toEqual(["tool.progress"]);
    expect(events[0]).toMatchObject({ toolCallId: "p1", eventId: "e1" });
    expect(events[0].payload).toEqual({ message: "output stored", outputRef: "out://p" });
  });

  it("TOOL-12 process.input, completed, failed and terminated", () => {
    expect(proc("process.input", { text: "y\n" })[0]).toMatchObject({
      type: "tool.progress",
      toolCallId: "p1",
      payload: { message: "input written" },
    });
    const done = proc("process.completed", { exitCode: 0, output: "ok" })[0];
    expect(done).toMatchObject({ type: "tool.result", toolCallId: "p1", phase: "acting" });
    expect(done.payload).toEqual({ output: "ok", outputPreview: "ok", exitCode: 0 });
    const failed = proc("process.failed", { exitCode: 2, error: "bad flag" })[0];
    expect(failed).toMatchObject({ type: "tool.failed", toolCallId: "p1", phase: "failed" });
    expect(failed.payload).toEqual({ error: "bad flag", exitCode: 2 });
    const killed = proc("process.terminated", { reason: "timeout" })[0];
    expect(killed).toMatchObject({ type: "tool.failed", toolCallId: "p1", phase: "cancelled" });
    expect(killed.payload).toEqual({ error: "timeout", cancelled: true });
  });
});

describe("lime output storage facts (TOOL-02, AUI-AR-ACTION-005)", () => {
  it.each([
    [
      "output.spilled",
      { outputRef: "out://s", bytes: 2048, reason: "large" },
      {
        message: "output spilled",
        outputRef: "out://s",
        output: { spilled: true, ref: "out://s", bytes: 2048, reason: "large" },
      },
    ],
    [
      "output.truncated",
      { output_ref: "out://t", outputBytes: 10 },
      {
        message: "output truncated",
        outputRef: "out://t",
        output: { truncated: true, ref: "out://t", bytes: 10 },
      },
    ],
    [
      "output.redacted",
      { originalBytes: 5 },
      { message: "output redacted", output: { redacted: true, bytes: 5 } },
    ],
    [
      "output.expired",
      { outputRef: "out://e" },
      {
        message: "output expired",
        output: { expired: true, ref: "out://e", available: false },
      },
    ],
  ])("TOOL-02 %s %j", (type, payload, expected) => {
    const [event] = proc(type, payload);
    expect(event).toMatchObject({ type: "tool.progress", toolCallId: "p1" });
    expect(event.payload).toEqual(expected);
  });
});

describe("lime process command spellings (TOOL-12)", () => {
  it("TOOL-12 a process command may be named cmd; it names the row and summarizes the input", () => {
    expect(proc("process.started", { cmd: "ls -la" })[0].payload).toEqual({
      kind: "command",
      name: "ls -la",
      inputSummary: "ls -la",
    });
  });
});
