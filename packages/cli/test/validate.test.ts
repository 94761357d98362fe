import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { main } from "../src/main";

const fixtureDir = fileURLToPath(
  new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url),
);
const binPath = fileURLToPath(new URL("../bin/agent-ui.mjs", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "agent-ui-validate-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fakeIO(stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stdin: () => [stdin],
  };
  return { io, out: () => out.join("\n"), err: () => err.join("\n") };
}

async function run(args: string[], stdin = "") {
  const fake = fakeIO(stdin);
  const code = await main(["validate", ...args], fake.io);
  return { code, stdout: fake.out(), stderr: fake.err() };
}

const jsonl = (events: unknown[]) => events.map((e) => JSON.stringify(e)).join("\n");
const goodStream = [
  { type: "run.started", eventId: "e1", sequence: 1, sessionId: "s", runId: "r1" },
  { type: "tool.started", eventId: "e2", sequence: 2, sessionId: "s", runId: "r1", toolCallId: "c1" },
  { type: "tool.result", eventId: "e3", sequence: 3, sessionId: "s", runId: "r1", toolCallId: "c1" },
  {
    type: "text.delta",
    eventId: "e4",
    sequence: 4,
    sessionId: "s",
    runId: "r1",
    messageId: "m1",
    payload: { delta: "hi" },
  },
  { type: "run.finished", eventId: "e5", sequence: 5, sessionId: "s", runId: "r1" },
];

describe("agent-ui validate --from lime (official fixtures)", () => {
  const files = readdirSync(fixtureDir).filter((f) => f.endsWith(".json"));

  it.each(files)("ENV-11 %s: exit 0 and a clean summary", async (file) => {
    const result = await run(["--from", "lime", join(fixtureDir, file)]);
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\n").at(-1)).toBe("1 records, 0 errors, 0 warnings");
    expect(result.code).toBe(0);
  });

  it("auto-detects Lime records and reports the fixture excerpts' sequence gaps as warnings, not errors", async () => {
    const events = files
      .filter((f) => f.endsWith("-event.json"))
      .map((f) => JSON.parse(readFileSync(join(fixtureDir, f), "utf8")))
      .sort((a, b) => a.sequence - b.sequence);
    const result = await run(["--json", "-"], jsonl(events));
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "lime", records: 5, errors: 0 });
    expect(report.diagnostics.map((d: { code: string }) => d.code)).toEqual([
      "sequence_gap",
      "sequence_gap",
      "sequence_gap",
      "sequence_gap",
    ]);
    expect(result.code).toBe(0);
  });

  it("ENV-12 a profile event missing its scope id exits 1 with missing_scope_id", async () => {
    const event = JSON.parse(
      readFileSync(join(fixtureDir, "tool-approval-action-required-event.json"), "utf8"),
    );
    delete event.actionId;
    const result = await run(["--from", "lime", "-"], JSON.stringify(event));
    expect(result.stdout).toContain("seq 7\tmissing_scope_id\terror:");
    expect(result.code).toBe(1);
  });
});

describe("agent-ui validate --from agent-ui", () => {
  it("ENV-01 a clean stream from stdin exits 0", async () => {
    const result = await run(["--from", "agent-ui", "-"], jsonl(goodStream));
    expect(result.stdout).toBe("5 records, 0 errors, 0 warnings");
    expect(result.code).toBe(0);
  });

  it("ORD-06 prints one line per diagnostic and exits 1 on errors", async () => {
    const broken = [
      goodStream[0],
      { ...goodStream[1], toolCallId: undefined },
      { ...goodStream[2], sequence: 5, payload: { apiKey: "k" } },
      goodStream[4],
      "not an object",
    ];
    const text = `${jsonl(broken)}\n{broken`;
    const result = await run(["--from", "agent-ui", "-"], text);
    const lines = result.stdout.split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^line 6\tunparseable_input\terror: /),
      expect.stringMatching(/^seq 2\tmissing_scope_id\terror: /),
      expect.stringMatching(/^seq 5\tsecret_leak_risk\terror: .*\(at \/payload\/apiKey\)$/),
      expect.stringMatching(/^seq 5\tsequence_gap\twarning: /),
      expect.stringMatching(/^seq 5\tout_of_order\twarning: .*sequence 5 used again/),
      // the orphan result is confirmed at its turn's terminal (run.finished), before record #4
      expect.stringMatching(/^seq 5\ttool_result_without_start\twarning: /),
      expect.stringMatching(/^#4\tschema_mismatch\terror: /),
      "5 records, 4 errors, 3 warnings",
    ]);
    expect(result.code).toBe(1);
  });

  it("--json prints the report with every diagnostic", async () => {
    const result = await run(
      ["--json", "--from", "agent-ui", "-"],
      jsonl([{ type: "tool.started", eventId: "x" }]),
    );
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "agent-ui", records: 1, errors: 1, warnings: 0 });
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: "missing_scope_id", severity: "error", path: "/toolCallId" }),
    ]);
    expect(result.code).toBe(1);
  });

  it("reads a file, SSE framing included", async () => {
    const file = join(tmp, "stream.sse");
    writeFileSync(file, goodStream.map((e) => `event: agent-ui\ndata: ${JSON.stringify(e)}\n\n`).join(""));
    const result = await run([file]);
    expect(result.stdout).toBe("5 records, 0 errors, 0 warnings");
    expect(result.code).toBe(0);
  });

  it("warnings alone keep exit 0", async () => {
    const result = await run(["--from", "agent-ui", "-"], jsonl([{ type: "vendor.custom", eventId: "v" }]));
    expect(result.stdout).toMatch(/unknown_event_class\twarning: /);
    expect(result.stdout.split("\n").at(-1)).toBe("1 records, 0 errors, 1 warnings");
    expect(result.code).toBe(0);
  });

  it("empty input is a warning, not a crash", async () => {
    const result = await run(["-"], "");
    expect(result.stdout).toContain("input is empty");
    expect(result.code).toBe(0);
  });
});

describe("agent-ui validate through a registered adapter", () => {
  it("ENV-01 auto-detects a peer protocol stream and validates the adapter's Agent UI output", async () => {
    const peers = fileURLToPath(new URL("../../../../shared/peers/streams/", import.meta.url));
    const result = await run(["--json", join(peers, "agui.run-tool-state.events.jsonl")]);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "ag-ui", records: 32 });
    expect(result.code).toBe(report.errors > 0 ? 1 : 0);
  });

  it("Lime records are recognised by their profile schema version even with snake_case keys", async () => {
    const event = JSON.parse(readFileSync(join(fixtureDir, "submit-turn-event.json"), "utf8"));
    const { schemaVersion, eventId, ...rest } = event;
    const result = await run(
      ["--json", "-"],
      JSON.stringify({ ...rest, schema_version: schemaVersion, event_id: eventId }),
    );
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "lime", errors: 0, infos: 2 });
  });
});

describe("agent-ui validate --from auto: the adapters' detectFormat decides", () => {
  it("ENV-11 a profile record of a class newer than the adapter is still validated as Lime", async () => {
    const event = JSON.parse(readFileSync(join(fixtureDir, "submit-turn-event.json"), "utf8"));
    const result = await run(["--json", "-"], JSON.stringify({ ...event, type: "turn.teleported" }));
    expect(JSON.parse(result.stdout)).toMatchObject({ format: "lime" });
  });

  it("ENV-01 Agent UI envelopes with runtimeId and only class names shared with Lime stay agent-ui", async () => {
    const shared = [
      { type: "tool.started", eventId: "a", sequence: 1, sessionId: "s", runtimeId: "rt", toolCallId: "c" },
      { type: "tool.result", eventId: "b", sequence: 2, sessionId: "s", runtimeId: "rt", toolCallId: "c" },
    ];
    const report = JSON.parse((await run(["--json", "-"], jsonl(shared))).stdout);
    expect(report).toMatchObject({ format: "agent-ui", errors: 0 });
  });

  it("ENV-01 raw LangGraph Agent Server SSE is recognised by its event names and validates clean", async () => {
    const frame = (id: number, event: string, data: unknown) =>
      `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    const sse = [
      frame(0, "metadata", { run_id: "run-1", thread_id: "th-1" }),
      frame(1, "messages/partial", [{ type: "ai", id: "m1", content: "Hel" }]),
      frame(2, "messages/partial", [{ type: "ai", id: "m1", content: "Hello" }]),
      frame(3, "values", { messages: [{ type: "ai", id: "m1", content: "Hello" }] }),
      frame(4, "end", null),
    ].join("");
    const result = await run(["--json", "-"], sse);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ format: "langgraph", errors: 0 });
    expect(result.code).toBe(0);
  });

  it("ENV-09 records no adapter claims are validated as Agent UI and fail its schema (exit 1)", async () => {
    const result = await run(["--json", "-"], jsonl([{ hello: "world" }, { hello: "again" }]));
    expect(JSON.parse(result.stdout)).toMatchObject({ format: "agent-ui" });
    expect(result.code).toBe(1);
  });
});

describe("agent-ui validate: unusable input exits 2 with a message saying what and where", () => {
  it("a missing file names the path", async () => {
    const missing = join(tmp, "missing.jsonl");
    const result = await run([missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot read '${missing}': no such file`);
    expect(result.stdout).toBe("");
  });

  it("a directory is not a file", async () => {
    const result = await run([tmp]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("it is a directory");
  });

  it("an unknown --from lists the known formats", async () => {
    const result = await run(["--from", "bogus", "-"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown format 'bogus'; known formats: auto, agent-ui, lime/);
  });

  it("missing input and unknown options are usage errors", async () => {
    expect((await run([])).code).toBe(2);
    const unknown = await run(["--strict", "-"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--strict'");
  });
});

describe("the real bin (npx agent-ui)", () => {
  it("validates a file through node bin/agent-ui.mjs and sets the exit code", () => {
    const good = join(tmp, "good.jsonl");
    writeFileSync(good, jsonl(goodStream));
    const ok = spawnSync(process.execPath, [binPath, "validate", "--from", "agent-ui", good], {
      encoding: "utf8",
    });
    expect(ok.stderr).toBe("");
    expect(ok.stdout.trim()).toBe("5 records, 0 errors, 0 warnings");
    expect(ok.status).toBe(0);
    const bad = spawnSync(process.execPath, [binPath, "validate", join(tmp, "nope.jsonl")], {
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("nope.jsonl");
  });
});

describe("validate and project agree", () => {
  it("ORD-06 an AG-UI run ending in RUN_ERROR with a tool still open validates with 0 errors, like project", async () => {
    const file = join(tmp, "agui-run-error.jsonl");
    writeFileSync(
      file,
      jsonl([
        { type: "RUN_STARTED", threadId: "t", runId: "r" },
        { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "fetch" },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: "{}" },
        { type: "TOOL_CALL_END", toolCallId: "tc" },
        { type: "RUN_ERROR", message: "boom" },
      ]),
    );
    const validated = await run([file]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain("0 errors");
    const projected = fakeIO();
    expect(await main(["project", file], projected.io)).toBe(0);
    const state = JSON.parse(projected.out());
    expect(state.diagnostics.filter((d: { severity: string }) => d.severity === "error")).toEqual([]);
    expect(state.tools.tc.status).toBe("output-error");
  });
});
