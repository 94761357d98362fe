import { readFileSync } from "node:fs";
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { a2aAdapter } from "../src/a2a";

const stream = (name: string) =>
  readFileSync(new URL(`../../../../shared/peers/streams/${name}`, import.meta.url), "utf8");

function adapt(text: string): AgentUiEvent[] {
  const adapter = a2aAdapter.create({ sessionId: "s1" });
  const out: AgentUiEvent[] = [];
  for (const r of parseRecords(text).records) out.push(...adapter.push(r.value, r.index, r.meta));
  out.push(...adapter.finish());
  return out;
}

const TASK = "54ba76be-eb88-416c-b117-1d97b29d64df";
const CONTEXT = "173cb440-fcb3-4c4b-949a-1220972413f7";

describe.each([
  ["client StreamResponse JSONL", "a2a.task-artifact-input-required.client-events.jsonl"],
  ["SSE JSON-RPC wire", "a2a.task-artifact-input-required.wire.txt"],
])("a2a adapter: %s", (_label, file) => {
  let events = adapt(stream(file));
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt(stream(file));
  });
  const of = (type: string) => events.filter((e) => e.type === type);

  it("TEAM-12 the remote task is an external_task teammate with remoteTaskId and contextId", () => {
    const agent = of("agent.changed")[0];
    expect(agent).toMatchObject({
      agentId: `a2a:${CONTEXT}`,
      remoteTaskId: TASK,
      taskId: TASK,
      contextId: CONTEXT,
      runtimeEntity: "external_task",
      topology: "remote_teammate",
    });
    expect(agent.payload).toMatchObject({ status: "spawning", spawnReason: "Write a weather report" });
    // ENV-04: the remote status time stamps the facts of its record.
    expect(agent.timestamp).toBe("2026-11-25T21:30:43.732Z");
  });

  it("ENV-04 the facts of each task and status record carry the status time the peer reported; other records none", () => {
    const stamps = parseRecords(stream(file)).records.map(
      (r) => JSON.stringify(r.value).match(/"timestamp":"([^"]+)"/)?.[1],
    );
    expect(stamps.filter((t) => t !== undefined).length).toBeGreaterThan(4);
    for (const event of events.filter((e) => e.source?.index !== undefined))
      expect([event.type, event.timestamp]).toEqual([event.type, stamps[event.source?.index as number]]);
  });

  it("TASK-01 task statuses follow the remote states submitted → working → input-required → working → completed", () => {
    expect(of("task.changed").map((e) => e.payload?.status)).toEqual([
      "accepted",
      "running",
      "waiting_input",
      "running",
      "completed",
    ]);
    expect(of("agent.completed")).toHaveLength(1);
    expect(of("agent.completed")[0].payload).toMatchObject({ status: "completed", summary: "Published." });
  });

  it("TEAM-04 status messages are teammate messages, each once, never user speech", () => {
    const texts = of("text.final").map((e) => [e.payload?.text, e.agentId, e.surface]);
    expect(texts).toEqual([
      ["Drafting report", `a2a:${CONTEXT}`, "remote_teammate"],
      ["Approve publishing the report? (yes/no)", `a2a:${CONTEXT}`, "remote_teammate"],
      ["Publishing", `a2a:${CONTEXT}`, "remote_teammate"],
      ["Published.", `a2a:${CONTEXT}`, "remote_teammate"],
    ]);
    expect(events.some((e) => e.payload?.role === "user")).toBe(false);
  });

  it("ART-01 artifact chunks with append:true concatenate, lastChunk makes it ready", () => {
    const artifacts = events.filter((e) => e.type.startsWith("artifact."));
    expect(artifacts.map((e) => [e.type, e.artifactStatus])).toEqual([
      ["artifact.created", "creating"],
      ["artifact.updated", "ready"],
    ]);
    expect(artifacts[1]).toMatchObject({ artifactId: "art-report", artifactKind: "document" });
    expect(artifacts[1].payload).toMatchObject({ title: "report.md", preview: "# Report\nParis is 21°C.\n" });
  });

  it("HITL-01 input-required becomes a structured_input action, resolved when the task continues", () => {
    const [required] = of("action.required");
    expect(required.payload).toMatchObject({
      actionType: "structured_input",
      prompt: "Approve publishing the report? (yes/no)",
    });
    expect(required.payload?.requestedBy).toMatchObject({ agentId: `a2a:${CONTEXT}` });
    const [resolved] = of("action.resolved");
    expect(resolved.actionId).toBe(required.actionId);
    expect(resolved.payload).toMatchObject({ outcome: "resolved", response: { text: "yes" } });
    expect(events.indexOf(resolved)).toBeGreaterThan(events.indexOf(required));
  });

  it("ENV-01 every event is a known class and no record was left undiagnosed", () => {
    expect(of("diagnostic.changed")).toEqual([]);
  });
});

describe("a2a adapter: edge cases", () => {
  const status = (state: string, text?: string, messageId = "m1") => ({
    jsonrpc: "2.0",
    id: 1,
    result: {
      statusUpdate: {
        taskId: "t1",
        contextId: "c1",
        status: { state, message: text ? { messageId, role: "ROLE_AGENT", parts: [{ text }] } : undefined },
      },
    },
  });

  it("TEAM-11 a stream that ends while the remote task works never completes it", () => {
    const adapter = a2aAdapter.create();
    const out = [...adapter.push(status("TASK_STATE_WORKING", "busy")), ...adapter.finish()];
    expect(out.some((e) => e.type === "agent.completed")).toBe(false);
    expect(out.at(-1)).toMatchObject({
      type: "diagnostic.changed",
      payload: { code: "transport_unavailable" },
    });
  });

  it("HITL-08 auth-required becomes a credential_request; cancellation cancels it", () => {
    const adapter = a2aAdapter.create();
    const out = [
      ...adapter.push(status("TASK_STATE_AUTH_REQUIRED", "Sign in", "m1")),
      ...adapter.push(status("TASK_STATE_CANCELED", undefined)),
    ];
    expect(out.find((e) => e.type === "action.required")?.payload).toMatchObject({
      actionType: "credential_request",
    });
    expect(out.find((e) => e.type === "action.resolved")?.payload).toMatchObject({ outcome: "cancelled" });
    expect(out.find((e) => e.type === "agent.completed")?.payload).toMatchObject({ status: "killed" });
  });

  it("ART-01 an artifact chunk without append replaces the content", () => {
    const adapter = a2aAdapter.create();
    const chunk = (text: string, append: boolean) => ({
      kind: "artifact-update",
      taskId: "t1",
      contextId: "c1",
      artifact: { artifactId: "a1", parts: [{ kind: "text", text }] },
      append,
    });
    adapter.push(chunk("old", false));
    const [replaced] = adapter.push(chunk("new", false));
    expect(replaced.payload?.preview).toBe("new");
  });

  it("ORD-02 a replayed status message is not shown twice", () => {
    const adapter = a2aAdapter.create();
    const first = adapter.push(status("TASK_STATE_WORKING", "busy"));
    const again = adapter.push(status("TASK_STATE_WORKING", "busy"));
    expect(first.filter((e) => e.type === "text.final")).toHaveLength(1);
    expect(again).toEqual([]);
  });

  it("DIAG-01 a JSON-RPC error is a diagnostic, not a task failure (REM-02)", () => {
    const out = a2aAdapter
      .create()
      .push({ jsonrpc: "2.0", id: 3, error: { code: -32001, message: "Task not found" } });
    expect(out).toHaveLength(1);
    expect(out[0].payload).toMatchObject({ code: "runtime_error" });
  });

  it("ENV-09 an unknown record becomes an unsupported_source_event diagnostic", () => {
    const [event] = a2aAdapter.create().push({ hello: "world" }, 7);
    expect(event.type).toBe("diagnostic.changed");
    expect(event.payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("a2a final GetTask object projects the whole history once and ends completed", () => {
    const events = adapt(stream("a2a.final-task.json"));
    expect(events.filter((e) => e.type === "text.final").map((e) => e.payload?.text)).toEqual([
      "Drafting report",
      "Approve publishing the report? (yes/no)",
      "Publishing",
      "Published.",
    ]);
    expect(events.find((e) => e.type === "agent.completed")).toBeDefined();
    expect(events.find((e) => e.type === "artifact.created")?.payload?.preview).toBe(
      "# Report\nParis is 21°C.\n",
    );
  });

  it("detect recognises both A2A encodings and rejects other peers", () => {
    const [clientLine] = parseRecords(stream("a2a.task-artifact-input-required.client-events.jsonl")).records;
    const [wireFrame] = parseRecords(stream("a2a.task-artifact-input-required.wire.txt")).records;
    expect(a2aAdapter.detect(clientLine.value)).toBeGreaterThan(0.9);
    expect(a2aAdapter.detect(wireFrame.value)).toBeGreaterThan(0.9);
    expect(a2aAdapter.detect({ type: "thread.started", thread_id: "x" })).toBe(0);
    expect(a2aAdapter.detect({ jsonrpc: "2.0", id: 1, method: "tools/call" })).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (records) => {
        const adapter = a2aAdapter.create();
        for (const record of records) adapter.push(record);
        adapter.finish();
        a2aAdapter.detect(records[0]);
      }),
    );
  });
});
