// `--from auto` never guesses: an input no adapter is sure of stops `project` and `validate` with exit 2
// and the candidates; the wires assistant-ui apps send are recognised and projected.
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { main } from "../src/main";

async function run(command: string, args: string[], stdin: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: () => [stdin],
  };
  const code = await main([command, ...args], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");

/** One AI SDK text chunk among records no adapter knows: ai-sdk scores 0.32, below the threshold. */
const HALF_KNOWN = jsonl([{ type: "text-delta", id: "t", delta: "x" }, { foo: 1 }, { bar: 2 }]);

/** `controller.appendText("Hi there")` as assistant-stream chunks (path-addressed parts). */
const ASSISTANT_STREAM = jsonl([
  { type: "part-start", path: [], part: { type: "text" } },
  { type: "text-delta", path: [0], textDelta: "Hi " },
  { type: "text-delta", path: [0], textDelta: "there" },
  { type: "part-finish", path: [0] },
  { type: "message-finish", path: [], finishReason: "stop", usage: { inputTokens: 1, outputTokens: 2 } },
]);

describe("--from auto when no adapter is sure", () => {
  it.each(["project", "validate"])(
    "ENV-01 %s exits 2 listing the candidates and their scores, printing no snapshot",
    async (command) => {
      const result = await run(command, ["-"], HALF_KNOWN);
      expect(result.code).toBe(2);
      expect(result.out).toBe("");
      expect(result.err).toContain(`agent-ui ${command}: could not detect the input format of -`);
      expect(result.err).toContain("candidates: ai-sdk (0.32)");
      expect(result.err).toMatch(/pass --from with one of: auto, .*assistant-stream/);
    },
  );
});

describe("assistant-ui wires from the command line", () => {
  it("ENV-01 assistant-stream chunks project with their answer and a completed run, not an empty idle state", async () => {
    const result = await run("project", ["--summary", "-"], ASSISTANT_STREAM);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^source\s+assistant-stream \(detected, confidence 0\.9\d\)/m);
    expect(result.out).toMatch(/^status\s+completed/m);
    expect(result.out).toContain('answer       "Hi there"');
  });

  it("ENV-01 an AI SDK 4 data stream validates clean and projects its text", async () => {
    const text = `f:{"messageId":"m1"}\n0:"Hel"\n0:"lo"\nd:{"finishReason":"stop"}`;
    const validated = await run("validate", ["--json", "-"], text);
    expect(JSON.parse(validated.out)).toMatchObject({ format: "ai-sdk-data-stream", errors: 0 });
    const projected = await run("project", ["--summary", "-"], text);
    expect(projected.out).toContain('answer       "Hello"');
  });

  it("ENV-01 --from ai-sdk on assistant-stream chunks reports that no record was mapped", async () => {
    const result = await run("project", ["--from", "ai-sdk", "-"], ASSISTANT_STREAM);
    const state = JSON.parse(result.out);
    expect(state.diagnostics[0]).toMatchObject({ code: "no_records_mapped", severity: "error" });
  });
});
