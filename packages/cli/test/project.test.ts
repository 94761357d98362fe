import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultSharedDir, LIME_PROFILE_FIXTURE_DIR } from "@agent-ui/conformance";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { main } from "../src/main";

function fakeIO(stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: () => [stdin],
  };
  return { io, out: () => out.join("\n"), err: () => err.join("\n") };
}

const dir = mkdtempSync(join(tmpdir(), "agent-ui-project-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => join(defaultSharedDir(), LIME_PROFILE_FIXTURE_DIR, name);

const envelope = (sequence: number, type: string, fields: Record<string, unknown> = {}) => ({
  type,
  sequence,
  eventId: `e${sequence}`,
  sessionId: "s_cli",
  runId: "r_cli",
  turnId: "t_cli",
  ...fields,
});
const stream = [
  envelope(1, "run.started", { payload: { input: "hello" } }),
  envelope(2, "run.status", { payload: { status: "accepted" } }),
  envelope(3, "text.delta", { messageId: "m", payload: { delta: "Hi " } }),
  envelope(4, "tool.started", { toolCallId: "tc", payload: { name: "search" } }),
  envelope(5, "text.delta", { messageId: "m", payload: { delta: "there." } }),
  envelope(6, "action.required", {
    actionId: "a1",
    payload: { actionType: "tool_approval", prompt: "Allow search?" },
  }),
];
const streamFile = join(dir, "stream.jsonl");
writeFileSync(streamFile, stream.map((e) => JSON.stringify(e)).join("\n"));

async function project(args: string[], stdin?: string) {
  const io = fakeIO(stdin);
  const code = await main(["project", ...args], io.io);
  return { code, out: io.out(), err: io.err() };
}

const answer = (state: ProjectionState) =>
  state.messages
    .filter((m) => m.role === "assistant")
    .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text))
    .join("");

describe("agent-ui project", () => {
  it("HYD-09 projects the official Lime thread read snapshot (--from lime)", async () => {
    const { code, out } = await project(["--from", "lime", fixture("thread-read-snapshot.json")]);
    expect(code).toBe(0);
    const state = JSON.parse(out) as ProjectionState;
    expect(state.session.sessionId).toBe("sess_lime_001");
    expect(state.runtime.status).toBe("completed");
    expect(state.tasks.task_lime_001.attempts).toHaveLength(2);
  });

  it("projects our own envelope (--from agent-ui) into the snapshot JSON", async () => {
    const { code, out } = await project(["--from", "agent-ui", streamFile]);
    expect(code).toBe(0);
    const state = JSON.parse(out) as ProjectionState;
    expect(answer(state)).toBe("Hi there.");
    expect(state.tools.tc.status).toBe("running");
    expect(state.actions.a1.status).toBe("pending");
  });

  it("detects the format when --from is omitted (auto): our envelope and a Lime fixture", async () => {
    const ours = await project([streamFile]);
    expect(ours.code).toBe(0);
    expect(answer(JSON.parse(ours.out) as ProjectionState)).toBe("Hi there.");
    const lime = await project(["--summary", fixture("routing-single-candidate-event.json")]);
    expect(lime.code).toBe(0);
    expect(lime.out).toMatch(/^source\s+lime \(detected, confidence \d\.\d\d\)/m);
    expect(lime.out).toMatch(/^model\s+gpt-5\.4 \(single candidate, source explicit_default\)/m);
  });

  it("exits 2 when auto detection recognises nothing, naming the file and the formats", async () => {
    const file = join(dir, "mystery.jsonl");
    writeFileSync(file, `${JSON.stringify({ hello: "world" })}\n${JSON.stringify({ n: 1 })}`);
    const { code, err } = await project([file]);
    expect(code).toBe(2);
    expect(err).toContain(file);
    expect(err).toMatch(/pass --from with one of: auto, /);
  });

  it("HITL-06 projects the official approval fixture through the Lime adapter", async () => {
    const { code, out } = await project([
      "--from",
      "lime",
      fixture("tool-approval-action-required-event.json"),
    ]);
    expect(code).toBe(0);
    const action = (JSON.parse(out) as ProjectionState).actions.action_write_001;
    expect(action).toMatchObject({ status: "pending", toolCallId: "unknown" });
  });

  it("--at N time travels: only events with sequence <= N are projected", async () => {
    const { code, out } = await project(["--from", "agent-ui", "--at", "3", streamFile]);
    expect(code).toBe(0);
    const state = JSON.parse(out) as ProjectionState;
    expect(answer(state)).toBe("Hi ");
    expect(state.tools.tc).toBeUndefined();
    expect(state.actions.a1).toBeUndefined();
  });

  it("--summary prints a digest of status, answer, tools, pending actions and diagnostics", async () => {
    const { code, out } = await project(["--from", "agent-ui", "--summary", streamFile]);
    expect(code).toBe(0);
    expect(out).toMatch(/^status\s+\S+/m);
    expect(out).toContain('answer       "Hi there."');
    expect(out).toMatch(/^tools\s+1\n\s+search running \[tc\]/m);
    expect(out).toMatch(/^pending\s+1 action\n\s+tool_approval pending \[a1\] "Allow search\?"/m);
    expect(out).toMatch(/^tasks\s+0/m);
    expect(out).toMatch(/^agents\s+0/m);
    expect(out).toMatch(/^artifacts\s+0/m);
    expect(out).toMatch(/^diagnostics\s+\d+ \(\d+ errors, \d+ warnings\)/m);
  });

  it("HITL-04 --summary says a denied call is denied, not a plain output-error", async () => {
    const denied = [
      envelope(1, "run.started", { payload: { input: "delete it" } }),
      envelope(2, "tool.started", { toolCallId: "td", payload: { name: "delete_file" } }),
      envelope(3, "tool.failed", { toolCallId: "td", payload: { denied: true, error: "rejected by user" } }),
      envelope(4, "tool.started", { toolCallId: "tf", payload: { name: "fetch" } }),
      envelope(5, "tool.failed", { toolCallId: "tf", payload: { error: "timeout" } }),
    ];
    const file = join(dir, "denied.jsonl");
    writeFileSync(file, denied.map((e) => JSON.stringify(e)).join("\n"));
    const { code, out } = await project(["--from", "agent-ui", "--summary", file]);
    expect(code).toBe(0);
    expect(out).toMatch(/^tools\s+2\n\s+delete_file denied \[td\]\n\s+fetch output-error \[tf\]/m);
  });

  it("reads stdin for '-'", async () => {
    const { code, out } = await project(
      ["--from", "agent-ui", "-"],
      stream.map((e) => JSON.stringify(e)).join("\n"),
    );
    expect(code).toBe(0);
    expect(answer(JSON.parse(out) as ProjectionState)).toBe("Hi there.");
  });

  it("DIAG-01 bad records become diagnostics in the output, not a crash", async () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(
      file,
      [JSON.stringify(stream[0]), "{not json", JSON.stringify({ nonsense: true })].join("\n"),
    );
    const { code, out } = await project(["--from", "agent-ui", file]);
    expect(code).toBe(0);
    const state = JSON.parse(out) as ProjectionState;
    expect(state.diagnostics.some((d) => d.code === "unparseable_input")).toBe(true);
    expect(state.diagnostics.length).toBeGreaterThanOrEqual(2);
  });

  it("exits 2 naming the path when the input cannot be read", async () => {
    const missing = join(dir, "missing.jsonl");
    const { code, err } = await project(["--from", "agent-ui", missing]);
    expect(code).toBe(2);
    expect(err).toContain(missing);
  });

  it("exits 2 on an unknown format, listing the known ones", async () => {
    const { code, err } = await project(["--from", "smoke-signals", streamFile]);
    expect(code).toBe(2);
    expect(err).toMatch(/unknown format 'smoke-signals'; known formats: auto, /);
    expect(err).toMatch(/\bagent-ui\b/);
    expect(err).toMatch(/\blime\b/);
  });

  it("exits 2 on bad arguments", async () => {
    expect((await project(["--at", "soon", streamFile])).code).toBe(2);
    expect((await project(["--from"])).code).toBe(2);
    expect((await project([])).code).toBe(2);
  });
});

describe("agent-ui project --at with adapter-derived events", () => {
  it("keeps the events an adapter derives from one record together (they carry the record's sequence)", async () => {
    const file = join(dir, "lime.jsonl");
    const base = {
      schemaVersion: "lime-profile-0.4.0",
      runtimeId: "rt",
      sessionId: "s",
      threadId: "th",
      turnId: "tu",
    };
    const records = [
      {
        ...base,
        type: "turn.submitted",
        eventId: "e1",
        timestamp: "2026-05-11T10:00:00Z",
        sequence: 1,
        payload: { status: "accepted" },
      },
      {
        ...base,
        type: "quota.blocked",
        eventId: "e2",
        timestamp: "2026-05-11T10:00:01Z",
        sequence: 2,
        taskId: "t1",
        payload: { reason: "quota exhausted" },
      },
    ];
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n"));
    const at1 = JSON.parse((await project(["--from", "lime", "--at", "1", file])).out) as ProjectionState;
    expect(at1.runtime.status).toBe("accepted");
    expect(at1.tasks.t1).toBeUndefined();
    const at2 = JSON.parse((await project(["--from", "lime", "--at", "2", file])).out) as ProjectionState;
    expect(at2.tasks.t1.status).toBe("blocked");
    expect(at2.runtime.status).toBe("blocked");
  });
});
